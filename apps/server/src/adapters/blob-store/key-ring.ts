import { createHash, hkdfSync } from 'node:crypto';

/** A key-encryption key: it wraps blobs' data keys; its id (a fingerprint, not the key) is in each blob's header. */
export interface KeyEncryptionKey {
  id: Buffer;
  key: Buffer;
}

/** The key new blobs are wrapped under, and the older ones still accepted for reading until rotation re-wraps them. */
export interface KeyRing {
  current: KeyEncryptionKey;
  find(id: Buffer): KeyEncryptionKey | undefined;
}

export const KEY_ID_BYTES = 8;

/**
 * Derives each key with HKDF-SHA-256 from a secret (the configured master key, else AUTH_SECRET), so
 * no key is ever stored beside the blobs; `previous` holds the secrets in use before a rotation.
 */
export function createKeyRing(secret: string, previous: readonly string[] = []): KeyRing {
  const current = deriveKey(secret);
  const all = [current, ...previous.map(deriveKey)];
  return { current, find: (id) => all.find((kek) => kek.id.equals(id)) };
}

function deriveKey(secret: string): KeyEncryptionKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'wattle-blob-store', 'key-encryption-key', 32));
  const id = createHash('sha256').update('wattle-blob-key-id').update(key).digest().subarray(0, KEY_ID_BYTES);
  return { id, key };
}
