import { describe, expect, it } from 'vitest';
import { addressAllowed, deviceOf, needsEmail } from './share-viewer.ts';

describe('deviceOf', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'tablet'],
    [undefined, 'desktop'],
  ] as const)('%s is a %s', (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });
});

describe('addressAllowed', () => {
  it('lets anyone in without lists', () => {
    expect(addressAllowed('a@b.com', [], [])).toBe(true);
  });

  it('matches whole addresses and @domains, without case', () => {
    expect(addressAllowed(' Staff@Example.com.au ', ['@example.com.au'], [])).toBe(true);
    expect(addressAllowed('guest@partner.com', ['@example.com.au', 'guest@partner.com'], [])).toBe(true);
    expect(addressAllowed('other@partner.com', ['@example.com.au', 'guest@partner.com'], [])).toBe(false);
    // A domain entry is the whole domain, not a suffix of another one.
    expect(addressAllowed('x@notexample.com.au', ['@example.com.au'], [])).toBe(false);
  });

  it('lets the block list win over the allow list', () => {
    expect(addressAllowed('spy@example.com.au', ['@example.com.au'], ['spy@example.com.au'])).toBe(false);
    expect(addressAllowed('anyone@rival.com', [], ['@rival.com'])).toBe(false);
  });
});

describe('addressAllowed against the ways of writing one mailbox', () => {
  it('blocks plus-addressed, dotted and googlemail spellings of a blocked address', () => {
    for (const email of ['mallory+x@gmail.com', 'm.allory@gmail.com', 'M.Allory+shares@googlemail.com']) {
      expect(addressAllowed(email, [], ['mallory@gmail.com']), email).toBe(false);
    }
    // An entry written with a tag or dots is the same mailbox too.
    expect(addressAllowed('mallory@gmail.com', [], ['m.allory+old@gmail.com'])).toBe(false);
    expect(addressAllowed('mallory+x@example.com.au', [], ['mallory@example.com.au'])).toBe(false);
  });

  it('treats subdomains of a listed @domain as the domain, in both lists', () => {
    expect(addressAllowed('eve@mail.rival.com', [], ['@rival.com'])).toBe(false);
    expect(addressAllowed('staff@sydney.example.com.au', ['@example.com.au'], [])).toBe(true);
    expect(addressAllowed('staff@example.com.au.evil.com', ['@example.com.au'], [])).toBe(false);
  });

  it('lets a plus-addressed spelling of an allowed address in', () => {
    expect(addressAllowed('guest+wattle@partner.com', ['guest@partner.com'], [])).toBe(true);
  });
});

describe('needsEmail', () => {
  it('asks for an address when told to, or when there is a list to check it against', () => {
    expect(needsEmail({ requireEmail: false, allowList: [], blockList: [] })).toBe(false);
    expect(needsEmail({ requireEmail: true, allowList: [], blockList: [] })).toBe(true);
    expect(needsEmail({ requireEmail: false, allowList: [], blockList: ['@rival.com'] })).toBe(true);
  });
});
