import { describe, expect, it } from 'vitest';
import { accountKey, ipKey } from './rate-limit-keys.ts';

describe('rate-limit keys', () => {
  it('groups IPv6 addresses by /64 and unwraps IPv4-mapped ones', () => {
    expect(ipKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('hashes the account, ignoring case and spaces', () => {
    expect(accountKey(' Kylie@Example.com.au ')).toBe(accountKey('kylie@example.com.au'));
    expect(accountKey('kylie@example.com.au')).not.toContain('kylie');
  });
});
