import { readFile } from 'node:fs/promises';
import type { PdfPart } from '@wattle/shared';
import { tmpdir } from 'node:os';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { withJobDir } from '../job-dir.ts';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.ts';
import { qpdf } from '../process/commands.ts';
import { runCommand, type CommandSpec } from '../process/run-command.ts';
import { pdfLibPageCount } from './load.ts';
import { checkPdfStreams } from './stream-budget.ts';

export interface PdfInfo {
  /** Page count; null when a password is needed to read it. */
  pages: number | null;
  encrypted: boolean;
  /** Encrypted with a user password: nothing can be done without it. */
  passwordRequired: boolean;
  /** Readable only after recovery (qpdf warnings or pdf-lib fallback): tools repair it first. */
  damaged: boolean;
}

type Runner = (spec: CommandSpec) => Promise<{ exitCode: number | null; stdout: Buffer; stderr: Buffer }>;

/**
 * The /Encrypt entry sits in the trailer (or an xref stream's plain dictionary), never compressed:
 * a byte search saves a process per file; a false alarm only costs a decrypting rewrite.
 */
export const mentionsEncryption = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt');

/**
 * A real parse: qpdf (exit 0 clean, 3 recovered with warnings, 2 failed) with pdf-lib as the
 * second opinion, since each reads damage the other cannot. Throws PDF_CORRUPT when neither can.
 */
export async function inspectPdfWith(run: Runner | undefined, bytes: Uint8Array, path: string, encrypted = mentionsEncryption(bytes)): Promise<PdfInfo> {
  let part: PdfPart | undefined;
  if (run) {
    const pages = await run(qpdf.pageCount(path));
    const count = Number(pages.stdout.toString().trim());
    if ((pages.exitCode === 0 || pages.exitCode === 3) && count > 0) {
      return { pages: count, encrypted, passwordRequired: false, damaged: pages.exitCode === 3 };
    }
    if (/invalid password/i.test(pages.stderr.toString())) return { pages: null, encrypted: true, passwordRequired: true, damaged: false };
    part = damagedPart(pages.stderr.toString());
  }
  const fallback = await pdfLibPageCount(bytes);
  if (fallback && fallback.pages > 0) {
    if (fallback.encrypted && !run) return { pages: null, encrypted: true, passwordRequired: true, damaged: false };
    return { pages: fallback.pages, encrypted: fallback.encrypted, passwordRequired: false, damaged: run !== undefined };
  }
  throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.', part && { part });
}

/**
 * Which part of the file qpdf could not get past, from its messages (it reports the last thing it
 * tried: a file without startxref is rebuilt from its objects and then lacks a trailer). A file whose
 * objects read but count no page has a damaged page tree.
 */
export function damagedPart(messages: string): PdfPart {
  if (/trailer|\/Root/i.test(messages)) return 'trailer';
  if (/stream|inflate|decompress/i.test(messages)) return 'stream';
  if (/xref|cross-reference/i.test(messages)) return 'xref';
  return 'page tree';
}

/**
 * Page count and encryption of a PDF, for callers outside a job (upload checks). Applies the
 * stream budget first, since even counting pages decodes object streams.
 */
export async function inspectPdf(path: string, options: { limits?: Partial<EngineLimits> } = {}): Promise<PdfInfo> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const bytes = await readFile(path);
  const walk = await checkPdfStreams(bytes, limits, { remaining: limits.maxDecodedBytes });
  const engines = await detectEngines();
  return withJobDir(tmpdir(), (dir) =>
    inspectPdfWith(engines.qpdf.available ? (spec) => runCommand(spec, { cwd: dir, timeoutMs: limits.processTimeoutMs }) : undefined, bytes, path, walk.encrypted),
  );
}
