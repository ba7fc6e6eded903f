import { createHash, randomBytes } from 'node:crypto';
import type { Ports } from '../ports.ts';
import { findLinkByTokenHash, type ShareLinkRow } from '../repositories/share-links.ts';
import { seal, unseal } from './sealing.ts';

/**
 * A link's token: 256 random bits, the only key a viewer holds. The database keeps its hash (to find
 * the link) and a sealed copy (so its owner can copy the address again); the token itself is never logged.
 */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const sealLinkToken = (authSecret: string, token: string): string => seal(authSecret, 'share-link token v1', token);
export const unsealLinkToken = (authSecret: string, sealed: string): string => unseal(authSecret, 'share-link token v1', sealed);

export const linkUrl = (container: Pick<Ports, 'config'>, token: string): string => `${container.config.publicUrl}/s/${token}`;

/**
 * The link a token opens, or undefined. Any string is hashed and looked up by one indexed query, so a
 * found and an unknown token cost the same work and the answer's timing tells a guesser nothing.
 */
export async function findLinkByToken(container: Pick<Ports, 'db'>, token: string): Promise<ShareLinkRow | undefined> {
  return findLinkByTokenHash(container.db, hashLinkToken(token));
}
