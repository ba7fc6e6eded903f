import { describe, expect, it } from 'vitest';
import { atDomain, normaliseEmail } from './email-address.ts';

describe('normaliseEmail', () => {
  it('compares trimmed, in lower case, without a +tag', () => {
    expect(normaliseEmail('  Mallory+Shares@Example.com.au ')).toBe('mallory@example.com.au');
    expect(normaliseEmail('mallory+a+b@example.com.au')).toBe('mallory@example.com.au');
  });

  it('drops dots where the domain ignores them (Gmail, googlemail.com being gmail.com), and only there', () => {
    expect(normaliseEmail('M.All.ory+x@GoogleMail.com')).toBe('mallory@gmail.com');
    expect(normaliseEmail('m.allory@gmail.com')).toBe('mallory@gmail.com');
    expect(normaliseEmail('m.allory@example.com.au')).toBe('m.allory@example.com.au');
  });

  it('ignores a trailing dot on the domain', () => {
    expect(normaliseEmail('mallory@rival.com.')).toBe('mallory@rival.com');
  });
});

describe('atDomain', () => {
  it('is the domain or any of its subdomains, never a name that merely ends the same', () => {
    expect(atDomain('a@rival.com', 'rival.com')).toBe(true);
    expect(atDomain('a@mail.rival.com', 'RIVAL.com')).toBe(true);
    expect(atDomain('a@notrival.com', 'rival.com')).toBe(false);
    expect(atDomain('a@rival.com.au', 'rival.com')).toBe(false);
  });
});
