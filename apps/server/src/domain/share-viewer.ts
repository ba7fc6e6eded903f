import { atDomain, normaliseEmail } from './email-address.ts';

/** Pure rules of the share-link viewer: who may open a link and what kind of device they read on. */

export type ViewerDevice = 'desktop' | 'tablet' | 'phone';

/**
 * The device class from the User-Agent. Three classes need no parser library: tablets say iPad,
 * Tablet, or Android without "Mobile"; phones say Mobile/iPhone; everything else reads as a desktop
 * (iPadOS 13+ claims to be a Mac, so those iPads count as desktops, which is how they lay pages out).
 */
export function deviceOf(userAgent: string | undefined): ViewerDevice {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'phone';
  return 'desktop';
}

/**
 * An entry is an address, or a domain written `@example.com.au` that matches every address at it and
 * at its subdomains. Both sides are normalised, so `m.allory+x@gmail.com` is `mallory@gmail.com`.
 */
const matches = (email: string, entry: string): boolean => {
  const wanted = entry.trim();
  return wanted.startsWith('@') ? atDomain(email, wanted.slice(1)) : email === normaliseEmail(wanted);
};

/** The block list wins; an allow list, when there is one, must match too. */
export function addressAllowed(email: string, allowList: readonly string[], blockList: readonly string[]): boolean {
  const address = normaliseEmail(email);
  if (blockList.some((entry) => matches(address, entry))) return false;
  return allowList.length === 0 || allowList.some((entry) => matches(address, entry));
}

/** A link asks for a confirmed address when it says so, or when it has an address list to check one against. */
export const needsEmail = (link: { requireEmail: boolean; allowList: readonly string[]; blockList: readonly string[] }): boolean =>
  link.requireEmail || link.allowList.length > 0 || link.blockList.length > 0;
