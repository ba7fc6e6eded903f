import { open } from 'node:fs/promises';
import type { InputKind } from '@wattle/shared';
import { compoundFileStreamNames } from './cfb.ts';
import { listZip, readZipText } from './zip.ts';

const SNIFF_BYTES = 8192;
/** Readers accept a PDF header after up to 1 KiB of junk, so we do too. */
const PDF_HEADER_WINDOW = 1024;
const ZIP_MAX_ENTRIES = 100_000;

const ODF_MIMETYPES: Record<string, InputKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

const OOXML_MAIN_PARTS: [string, InputKind][] = [
  ['word/document.xml', 'docx'],
  ['xl/workbook.xml', 'xlsx'],
  ['ppt/presentation.xml', 'pptx'],
];

const CFB_STREAMS: [string, InputKind][] = [
  ['WordDocument', 'doc'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
  ['PowerPoint Document', 'ppt'],
];

/**
 * The file's kind decided by its content (never its name or declared type), or undefined when it
 * is none we accept. Zip-based formats are told apart by their parts, legacy Office by its streams.
 */
export async function detectFileType(path: string): Promise<InputKind | undefined> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    const bytes = head.subarray(0, bytesRead);
    const starts = (magic: string | number[], at = 0) => {
      const expected = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
      return expected.equals(bytes.subarray(at, at + expected.length));
    };

    if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
    if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
    if (starts('GIF87a') || starts('GIF89a')) return 'gif';
    if (starts('RIFF') && starts('WEBP', 8)) return 'webp';
    if (starts([0x49, 0x49, 0x2a, 0x00]) || starts([0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
    if (starts('ftyp', 4) && isHeic(bytes)) return 'heic';
    if (bytes.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return 'pdf';
    if (starts('{\\rtf')) return 'rtf';
    if (starts('PK\x03\x04')) return zipKind(path);
    if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
      const names = new Set(await compoundFileStreamNames(file));
      // Before the Office streams: a Word file attached as an embedded object lists its streams among the message's.
      if (names.has('__properties_version1.0') && [...names].some((name) => name.startsWith('__substg1.0_'))) return 'msg';
      return CFB_STREAMS.find(([stream]) => names.has(stream))?.[1];
    }
    if (looksLikeText(bytes, bytesRead === SNIFF_BYTES)) return textKind(bytes.toString('utf8'));
    return undefined;
  } finally {
    await file.close();
  }
}

async function zipKind(path: string): Promise<InputKind | undefined> {
  try {
    const names = new Set((await listZip(path, ZIP_MAX_ENTRIES)).map((e) => e.name));
    if (names.has('mimetype')) {
      const mimetype = await readZipText(path, 'mimetype', 200, ZIP_MAX_ENTRIES);
      return mimetype === undefined ? undefined : ODF_MIMETYPES[mimetype.trim()];
    }
    if (!names.has('[Content_Types].xml')) return 'zip';
    return OOXML_MAIN_PARTS.find(([part]) => names.has(part))?.[1] ?? 'zip';
  } catch {
    return undefined; // not a readable zip
  }
}

/** HEVC brands of an ISO base media file's ftyp box, major or compatible (a mif1 file may be AVIF, which we do not take). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

function isHeic(bytes: Buffer): boolean {
  const end = Math.min(bytes.length, bytes.readUInt32BE(0));
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands.some((brand) => HEIC_BRANDS.has(brand));
}

/** Header lines an email starts with; an EML needs From and one more of these before its first blank line. */
const MAIL_HEADERS = /^(from|to|cc|date|subject|mime-version|message-id|received|return-path|delivered-to):/i;

function textKind(text: string): InputKind {
  if (/^\uFEFF?\s*(<!--[^]*?-->\s*)*<(!doctype html|html)[\s>]/i.test(text)) return 'html';
  const head = text.split(/\r?\n\r?\n/, 1)[0]!.split(/\r?\n/);
  const named = head.filter((line) => MAIL_HEADERS.test(line));
  const wellFormed = head.every((line) => /^[!-9;-~]+:/.test(line) || /^[ \t]/.test(line));
  return wellFormed && named.length >= 2 && named.some((line) => /^from:/i.test(line)) ? 'eml' : 'txt';
}

/** UTF-8 without NULs or control characters other than tab, newlines and form feed. */
function looksLikeText(bytes: Buffer, mayBeCut: boolean): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  try {
    // `stream` tolerates a multi-byte character cut at the end of the sniffed window.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: mayBeCut });
    return true;
  } catch {
    return false;
  }
}
