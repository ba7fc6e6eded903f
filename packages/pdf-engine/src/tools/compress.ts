import { randomUUID } from 'node:crypto';
import { copyFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import type { ToolOptions } from '@wattle/shared';
import type { ToolContext, ToolInput, ToolOutput } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { outputFilename } from '../output-names.ts';
import { qpdf } from '../process/commands.ts';
import { displayBox } from '../pdf/geometry.ts';
import { readImageXObject, replaceImageXObject } from '../pdf/image-xobject.ts';
import { dropPdfaClaim, objectStreamsAllowed, pdfaNotKept, saveOptions } from '../pdf/conformance.ts';
import { prepareAndOpen, type PreparedPdf } from '../pdf/prepare.ts';
import { slimDocument } from '../pdf/slim.ts';
import { type1FontsToCff } from '../pdf/type1-fonts.ts';
import { qpdfSucceeded } from '../pdf/qpdf.ts';
import { checkedOutput } from '../pdf/write.ts';
import { reencodeImages, startImageEngine, type ImageEngine } from './compress-images.ts';
import type { Operation } from './operation.ts';

/** Target resolution and JPEG quality per level (the guide's goal: a 96 MB scan to <= 10 MB). */
const LEVELS = {
  low: { dpi: 200, quality: 75 },
  medium: { dpi: 150, quality: 60 },
  high: { dpi: 100, quality: 40 },
} as const;

/**
 * Image bytes below which compress leaves a file's images alone (unless asked for grey): re-encoding can
 * save less than that, and starting the image engine costs about 0.1 s (an export's logo, not a scan).
 */
const MIN_IMAGE_BYTES = 32 * 1024;

/** From this size on, compress starts its image engine before it checks and parses the file. */
const EARLY_ENGINE_BYTES = 8 * 1024 * 1024;

interface Candidate {
  ref: PDFRef;
  stream: PDFRawStream;
  /** Longest side the image can usefully have: the longest page side it appears on, at the target dpi. */
  maxSide: number;
}

/**
 * Our own pass (Ghostscript takes 68 s and makes text PDFs larger): re-encode image XObjects in the
 * image engine, downsampled to the level's dpi, optionally grey; then qpdf object streams. The smallest
 * of that, the untouched file and the original wins, so the result is never larger than the input.
 */
export const compress: Operation<'compress'> = async (inputs, options, ctx) => {
  // A file this large is most likely a scan: its checks and parse take longer than an image engine's start.
  const engine = (await stat(inputs[0]!.path)).size >= EARLY_ENGINE_BYTES ? startImageEngine(ctx, Math.max(1, ctx.limits.parallelism)) : undefined;
  try {
    return await compressWith(inputs, options, ctx, engine);
  } finally {
    await engine?.stop();
  }
};

async function compressWith([input]: readonly ToolInput[], options: ToolOptions<'compress'>, ctx: ToolContext, engine: ImageEngine | undefined): Promise<ToolOutput[]> {
  const { pdf, doc } = await prepareAndOpen(ctx, input!);
  const slimmed = slimDocument(doc); // before the images are found, so a duplicate image is re-encoded once
  const fonts = await type1FontsToCff(ctx, doc);
  const level = LEVELS[options.level];
  const found = findImages(doc, level.dpi);
  const few = found.reduce((sum, { stream }) => sum + stream.getContentsSize(), 0) < MIN_IMAGE_BYTES;
  const candidates = few && !options.grayscale ? [] : found; // grey was asked for, whatever it saves
  const pending = candidates.map(({ stream, maxSide }) => ({ read: () => readImageXObject(doc, stream), maxSide }));
  const images = await reencodeImages(ctx, pending, { quality: level.quality, grayscale: options.grayscale }, (done) => ctx.progress(done * 0.8), engine);
  let reencoded = 0;
  for (const [i, image] of images.entries()) {
    const { ref, stream } = candidates[i]!;
    // Under 5% saved is not worth a generation of JPEG loss.
    if (image && image.data.length < stream.contents.length * 0.95) {
      replaceImageXObject(doc, ref, stream.dict, image);
      reencoded++;
    }
  }
  // Nothing changed in pdf-lib (most text PDFs): qpdf works on the file itself, saving a slow save.
  const rewritten = slimmed || fonts > 0 || reencoded > 0 ? join(ctx.dir, `compressed-${randomUUID()}.pdf`) : undefined;
  if (rewritten) {
    const save = saveOptions(doc); // decided by the input's claim, before it goes
    if (reencoded > 0) dropPdfaClaim(doc);
    await writeFile(rewritten, await doc.save(save));
  }
  const optimised = await optimise(ctx, rewritten ?? pdf.path, pdf);

  const sized = await Promise.all([optimised, rewritten, pdf.path, input!.path].filter((p): p is string => !!p).map(async (path) => ({ path, size: (await stat(path)).size })));
  const originalSize = sized.at(-1)!.size;
  const best = sized.slice(0, -1).reduce((a, b) => (b.size < a.size ? b : a));
  const target = ctx.output(outputFilename(pdf.filename, 'compressed', 'pdf'));
  const chosen = best.size <= originalSize ? best.path : input!.path;
  await copyFile(chosen, target.path);
  // Re-encoded images are DeviceRGB/DeviceGray JPEGs, which need not match the file's PDF/A output intent.
  const notes = reencoded > 0 && chosen !== pdf.path && chosen !== input!.path ? pdfaNotKept([pdf.profile], 'its images were re-encoded') : [];
  return [await checkedOutput(ctx, target, pdf.pages, notes)];
}

async function optimise(ctx: ToolContext, path: string, pdf: PreparedPdf): Promise<string | undefined> {
  if (!(await detectEngines()).qpdf.available) return undefined;
  const out = join(ctx.dir, `optimised-${randomUUID()}.pdf`);
  return qpdfSucceeded(await ctx.run(qpdf.rewrite(path, out, { optimise: true, objectStreams: objectStreamsAllowed(pdf.profile) }))) ? out : undefined;
}

/** Image XObjects reachable from page resources (and forms inside them), each with its page's size. */
function findImages(doc: PDFDocument, dpi: number): Candidate[] {
  const found = new Map<string, Candidate>();
  const visit = (resources: PDFDict | undefined, maxSide: number, depth: number) => {
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xobjects || depth > 4) return;
    for (const [, value] of xobjects.entries()) {
      if (!(value instanceof PDFRef)) continue;
      const stream = doc.context.lookup(value);
      if (!(stream instanceof PDFRawStream)) continue;
      const subtype = stream.dict.get(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Form')) visit(stream.dict.lookupMaybe(PDFName.of('Resources'), PDFDict), maxSide, depth + 1);
      if (subtype !== PDFName.of('Image')) continue;
      const known = found.get(value.toString());
      found.set(value.toString(), { ref: value, stream, maxSide: Math.max(known?.maxSide ?? 0, maxSide) });
    }
  };
  for (const page of doc.getPages()) {
    const box = displayBox(page);
    visit(page.node.Resources(), Math.ceil((Math.max(box.width, box.height) / 72) * dpi), 0);
  }
  return [...found.values()];
}
