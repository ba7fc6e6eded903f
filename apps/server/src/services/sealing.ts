import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a share link's token for its owner, a webhook's signing secret)
 * are sealed with AES-256-GCM under a key derived from AUTH_SECRET for that one purpose, so a leaked
 * table reveals nothing and one purpose's key never opens another's.
 */
export type SealingPurpose = 'share-link token v1' | 'webhook secret v1';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function sealingKey(authSecret: string, purpose: SealingPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, '', `wattle ${purpose}`, 32));
}

/** iv, tag and ciphertext, base64url. */
export function seal(authSecret: string, purpose: SealingPurpose, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(authSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function unseal(authSecret: string, purpose: SealingPurpose, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(authSecret, purpose), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
