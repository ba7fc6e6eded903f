import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point (SSRF): only addresses on the public internet, in production. ipaddr.js
 * names each address's range; only `unicast` is public. `process` turns IPv4-mapped IPv6
 * (::ffff:127.0.0.1) into the IPv4 address it carries, so a mapped form is judged as that address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a webhook's address is refused, or null: https only, except http to this machine outside
 * production (a local receiver while developing). In production an address written as an IP must be
 * public; a host name is checked when it is resolved, at each delivery (its DNS can change).
 */
export function webhookUrlProblem(url: string, production: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter an https:// address';
  }
  if (parsed.username || parsed.password) return 'Leave the user name and password out of the address';
  if (parsed.protocol === 'http:') return !production && LOOPBACK_NAMES.has(parsed.hostname) ? null : 'Enter an https:// address';
  if (parsed.protocol !== 'https:') return 'Enter an https:// address';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (production && (host === 'localhost' || (ipaddr.isValid(host) && !isPublicAddress(host)))) return 'The address must be on the public internet';
  return null;
}
