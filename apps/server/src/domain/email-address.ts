/**
 * The one way addresses are compared: share links' allow and block lists, their email codes, and the
 * invitation limits. Several spellings reach one mailbox, and a list or a limit that tells them apart
 * is a list or a limit with a way around it.
 */

/** Mail hosts that ignore dots in the name before the @ (m.allory@ is mallory@). */
const DOTS_IGNORED = new Set(['gmail.com']);
/** Other names of those hosts. */
const SAME_HOST: Record<string, string> = { 'googlemail.com': 'gmail.com' };

const domainOf = (domain: string): string => {
  const bare = domain.trim().toLowerCase().replace(/\.$/, '');
  return SAME_HOST[bare] ?? bare;
};

/** Trimmed, in lower case, without a +tag, without dots where the host ignores them, the host under its one name. */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = domainOf(address.slice(at + 1));
  let name = address.slice(0, at).split('+')[0]!;
  if (DOTS_IGNORED.has(domain)) name = name.replaceAll('.', '');
  return `${name || address.slice(0, at)}@${domain}`;
}

/** Whether an address is at the domain or one of its subdomains (`@rival.com` covers `eve@mail.rival.com`). */
export function atDomain(email: string, domain: string): boolean {
  const host = domainOf(email.slice(email.lastIndexOf('@') + 1));
  const wanted = domainOf(domain);
  return host === wanted || host.endsWith(`.${wanted}`);
}
