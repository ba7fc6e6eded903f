import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealing.ts';

const SECRET = 'a-test-auth-secret-of-enough-length-000';

describe('sealing', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = seal(SECRET, 'webhook secret v1', 'whsec_abc');
    expect(unseal(SECRET, 'webhook secret v1', a)).toBe('whsec_abc');
    expect(seal(SECRET, 'webhook secret v1', 'whsec_abc')).not.toBe(a);
  });

  it('refuses another purpose, another AUTH_SECRET and a changed byte', () => {
    const sealed = seal(SECRET, 'share-link token v1', 'token');
    expect(() => unseal(SECRET, 'webhook secret v1', sealed)).toThrow();
    expect(() => unseal(`${SECRET}x`, 'share-link token v1', sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => unseal(SECRET, 'share-link token v1', bytes.toString('base64url'))).toThrow();
  });
});
