import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (RFC 4291): ::/96 (IPv4-compatible), ::ffff:0:0/96's neighbours and the rest of ::/8 are not. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Where a webhook may point (SSRF): only addresses on the public internet. ipaddr.js names each
 * address's range; only `unicast` is public, and for IPv6 only inside 2000::/3, so an IPv4 address
 * written in the deprecated IPv4-compatible form (::127.0.0.1 is ::7f00:1) is not a way around it.
 * `process` turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

const isLoopbackAddress = (address: string): boolean => ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/** Public, or loopback where WEBHOOK_ALLOW_LOOPBACK says so (a local receiver while developing); never private or link-local. */
export const isAllowedTarget = (address: string, allowLoopback: boolean): boolean =>
  isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));

/**
 * Why a webhook's address is refused, or null: https only, except http to this machine where loopback
 * is allowed. An address written as an IP must be an allowed target in every mode; a host name is
 * checked when it is resolved, at each delivery (its DNS can change).
 */
export function webhookUrlProblem(url: string, allowLoopback: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter an https:// address';
  }
  if (parsed.username || parsed.password) return 'Leave the user name and password out of the address';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const loopbackHost = allowLoopback && (host === 'localhost' || isLoopbackAddress(host));
  if (parsed.protocol === 'http:') return loopbackHost ? null : 'Enter an https:// address';
  if (parsed.protocol !== 'https:') return 'Enter an https:// address';
  if ((host === 'localhost' && !loopbackHost) || (ipaddr.isValid(host) && !isAllowedTarget(host, allowLoopback))) return 'The address must be on the public internet';
  return null;
}
