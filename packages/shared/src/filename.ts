/**
 * The one filename policy: documents, job inputs and outputs, ZIP entries and Content-Disposition all
 * use it. A name from a user is metadata only (storage keys are ids), but it is shown, saved to disks and
 * put in archives, so it keeps no directories, nothing invisible, and nothing that reorders text:
 * "invoice\u202Efdp.exe" would otherwise show as "invoiceexe.pdf".
 */

/** Common file systems' limit on one name. */
export const MAX_FILENAME_BYTES = 255;
/** Longer "extensions" are just the end of a name with a dot in it. */
const MAX_EXTENSION_BYTES = 16;

/**
 * C0 and C1 controls, DEL, soft hyphen, bidirectional marks, embeddings, overrides and isolates,
 * zero-width characters, line and paragraph separators, the byte-order mark, and colons (a drive
 * letter or an NTFS stream when an archive is unpacked on Windows). Quotes and the like stay: names
 * are shown as text and quoted where they are sent.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff:]/gu;

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).length;

/** The longest start of `text` within `maxBytes` of UTF-8, never splitting a character. */
function truncateBytes(text: string, maxBytes: number): string {
  let out = '';
  let used = 0;
  for (const ch of text) {
    used += utf8Bytes(ch);
    if (used > maxBytes) break;
    out += ch;
  }
  return out;
}

const trimEnds = (text: string) => text.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');

/**
 * The name's last path segment without unsafe characters, runs of white space as one space, no
 * leading or trailing dots or spaces (hidden files, Windows' silent trimming), at most `maxBytes` of
 * UTF-8 with its extension kept; `fallback` when nothing is left.
 */
export function safeFilename(name: string, fallback = 'document', maxBytes = MAX_FILENAME_BYTES): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = trimEnds(base.replace(UNSAFE, '').replace(/\s+/gu, ' '));
  if (!clean) return fallback;
  if (utf8Bytes(clean) <= maxBytes) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && utf8Bytes(clean.slice(dot)) <= Math.min(MAX_EXTENSION_BYTES, maxBytes / 2) ? clean.slice(dot) : '';
  const stem = trimEnds(truncateBytes(clean.slice(0, clean.length - ext.length), maxBytes - utf8Bytes(ext)));
  return stem ? stem + ext : fallback;
}

/** A name that says "PDF": such a file that is not a readable PDF is a damaged PDF to the person, not a wrong type. */
export const claimsPdf = (filename: string | undefined): boolean => /\.pdf$/i.test(filename?.trim() ?? '');
