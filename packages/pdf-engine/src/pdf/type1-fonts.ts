import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodePDFRawStream, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { txToCff } from '../process/commands.ts';
import { mapLimit } from '../util/map-limit.ts';

/** Fonts one job rewrites at most (a tx run each); a pdfTeX book has tens. */
const MAX_FONTS = 1000;
/** A font program larger than this is left alone (a Type 1 subset is tens of KB; a whole font a few hundred). */
const MAX_FONT_BYTES = 4 * 1024 * 1024;
/** What ends a Type 1 program whose trailer the PDF left out (as pdfTeX does): 512 zeros, then cleartomark. */
const TRAILER = Buffer.from(`${`${'0'.repeat(64)}\n`.repeat(8)}cleartomark\n`);

const FONT_FILE = PDFName.of('FontFile');
const FONT_FILE_3 = PDFName.of('FontFile3');

/**
 * Embedded Type 1 fonts (FontFile) rewritten as CFF (FontFile3, Type1C) by Adobe's tx: the same
 * glyphs, names, encoding and hints in about a third of the bytes. A Type 1 program is
 * eexec-encrypted, so Flate cannot shrink it; pdfTeX's output is mostly such fonts. A font tx cannot
 * read, or whose CFF is no smaller, stays as it was. Returns how many fonts were rewritten.
 */
export async function type1FontsToCff(ctx: ToolContext, doc: PDFDocument): Promise<number> {
  if (!(await detectEngines()).tx.available) return 0;
  const fonts = findType1Fonts(doc).slice(0, MAX_FONTS);
  const converted = await mapLimit(fonts, Math.max(1, ctx.limits.parallelism), async ({ ref, stream, descriptors }) => {
    ctx.checkAborted();
    const cff = await toCff(ctx, stream);
    if (!cff) return false;
    const replacement = doc.context.flateStream(cff, { Subtype: 'Type1C' });
    if (replacement.getContentsSize() >= stream.getContentsSize()) return false;
    doc.context.assign(ref, replacement);
    for (const descriptor of descriptors) {
      descriptor.delete(FONT_FILE);
      descriptor.set(FONT_FILE_3, ref);
    }
    return true;
  });
  return converted.filter(Boolean).length;
}

interface Type1Font {
  ref: PDFRef;
  stream: PDFRawStream;
  /** Every font descriptor naming this program (a shared font file is rewritten once). */
  descriptors: PDFDict[];
}

function findType1Fonts(doc: PDFDocument): Type1Font[] {
  const found = new Map<string, Type1Font>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const ref = object.get(FONT_FILE);
    if (!(ref instanceof PDFRef) || object.has(FONT_FILE_3)) continue;
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.getContentsSize() > MAX_FONT_BYTES) continue;
    const known = found.get(ref.toString());
    if (known) known.descriptors.push(object);
    else found.set(ref.toString(), { ref, stream, descriptors: [object] });
  }
  return [...found.values()];
}

/** The program's CFF, or undefined when it cannot be decoded or tx refuses it. */
async function toCff(ctx: ToolContext, stream: PDFRawStream): Promise<Uint8Array | undefined> {
  let program: Uint8Array;
  try {
    program = decodePDFRawStream(stream).decode();
  } catch {
    return undefined;
  }
  if (program.length > MAX_FONT_BYTES) return undefined;
  const input = join(ctx.dir, `font-${randomUUID()}.t1`);
  const output = `${input}.cff`;
  try {
    // tx reads the PDF's layout as is (cleartext, then binary eexec); only a missing trailer is added.
    const bytes = Buffer.from(program);
    await writeFile(input, bytes.subarray(-1024).includes('cleartomark') ? bytes : Buffer.concat([bytes, TRAILER]));
    const result = await ctx.run(txToCff(input, output));
    return result.exitCode === 0 ? await readFile(output) : undefined;
  } catch {
    return undefined;
  } finally {
    await Promise.all([rm(input, { force: true }), rm(output, { force: true })]);
  }
}

