import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Container } from '../container.ts';
import { findLinkByTokenHash, type ShareLinkRow } from '../repositories/share-links.ts';

/**
 * A link's token: 256 random bits, the only key a viewer holds. The database keeps its hash (to find
 * the link) and a sealed copy (so its owner can copy the address again); the token itself is never logged.
 */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealing key, derived from AUTH_SECRET for this one purpose. */
function sealingKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, '', 'wattle share-link token v1', 32));
}

/** AES-256-GCM: iv, tag and ciphertext, base64url. */
export function sealLinkToken(authSecret: string, token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function unsealLinkToken(authSecret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(authSecret), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

export const linkUrl = (container: Container, token: string): string => `${container.config.publicUrl}/s/${token}`;

/**
 * The link a token opens, or undefined. Any string is hashed and looked up by one indexed query, so a
 * found and an unknown token cost the same work and the answer's timing tells a guesser nothing.
 */
export async function findLinkByToken(container: Container, token: string): Promise<ShareLinkRow | undefined> {
  return findLinkByTokenHash(container.db, hashLinkToken(token));
}
