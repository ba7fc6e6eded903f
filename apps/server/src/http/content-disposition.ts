import { safeFilename } from '@wattle/shared';

/**
 * The Content-Disposition of every download (documents, tool outputs, batch ZIPs). RFC 6266: the name
 * under the filename policy, with an ASCII fallback for old clients and the exact name as RFC 5987
 * UTF-8 for the rest. Quotes, backslashes and non-ASCII never reach the quoted form.
 */
export function attachment(name: string): string {
  const filename = safeFilename(name);
  const fallback = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_').trim() || 'document.pdf';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
