import { randomUUID } from 'node:crypto';
import { copyFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { outputFilename } from '../output-names.ts';
import { qpdf } from '../process/commands.ts';
import { displayBox } from '../pdf/geometry.ts';
import { readImageXObject, replaceImageXObject, type EncodedImage, type ImageSource } from '../pdf/image-xobject.ts';
import { dropPdfaClaim, objectStreamsAllowed, pdfaNotKept, saveOptions } from '../pdf/conformance.ts';
import { prepareAndOpen, type PreparedPdf } from '../pdf/prepare.ts';
import { slimDocument } from '../pdf/slim.ts';
import { qpdfSucceeded } from '../pdf/qpdf.ts';
import { checkedOutput } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import type { Operation } from './operation.ts';

/** Target resolution and JPEG quality per level (the guide's goal: a 96 MB scan to <= 10 MB). */
const LEVELS = {
  low: { dpi: 200, quality: 75 },
  medium: { dpi: 150, quality: 60 },
  high: { dpi: 100, quality: 40 },
} as const;
type Level = (typeof LEVELS)[keyof typeof LEVELS];

interface Candidate {
  ref: PDFRef;
  stream: PDFRawStream;
  /** Longest side the image can usefully have: the longest page side it appears on, at the target dpi. */
  maxSide: number;
}

/**
 * Our own pass (Ghostscript takes 68 s and makes text PDFs larger): re-encode image XObjects with
 * sharp, downsampled to the level's dpi, optionally grey; then qpdf object streams. The smallest of
 * that, the untouched file and the original wins, so the result is never larger than the input.
 */
export const compress: Operation<'compress'> = async ([input], options, ctx) => {
  const { pdf, doc } = await prepareAndOpen(ctx, input!);
  const slimmed = slimDocument(doc); // before the images are found, so a duplicate image is re-encoded once
  const level = LEVELS[options.level];
  const candidates = findImages(doc, level.dpi);
  let done = 0;
  let reencoded = 0;
  await mapLimit(candidates, ctx.limits.parallelism, async ({ ref, stream, maxSide }) => {
    ctx.checkAborted();
    const source = readImageXObject(doc, stream);
    const image = source && (await reencode(ctx, source, maxSide, level, options.grayscale));
    // Under 5% saved is not worth a generation of JPEG loss.
    if (image && image.data.length < stream.contents.length * 0.95) {
      replaceImageXObject(doc, ref, stream.dict, image);
      reencoded++;
    }
    ctx.progress((++done / Math.max(1, candidates.length)) * 0.8);
  });
  // Nothing changed in pdf-lib (most text PDFs): qpdf works on the file itself, saving a slow save.
  const rewritten = slimmed || reencoded > 0 ? join(ctx.dir, `compressed-${randomUUID()}.pdf`) : undefined;
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
};

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

/** The largest DCT scale (1/2, 1/4, 1/8) libjpeg can decode at without going below `factor`. */
const dctShrink = (factor: number) => [8, 4, 2].find((d) => d <= factor) ?? 1;

/**
 * The image re-encoded at the level, or undefined when it is already at or below the level (no
 * downsampling, quality no higher, colour as asked), which is decided without decoding it.
 */
async function reencode(ctx: ToolContext, source: ImageSource, maxSide: number, level: Level, grayscale: boolean): Promise<EncodedImage | undefined> {
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  const grey = grayscale || source.channels === 1;
  const resize = scale < 0.95;
  const colourKept = grey === (source.channels === 1);
  if (source.kind === 'jpeg' && !resize && colourKept && source.quality !== undefined && source.quality <= level.quality) return undefined;
  const width = resize ? Math.max(1, Math.round(source.width * scale)) : source.width;
  const height = resize ? Math.max(1, Math.round(source.height * scale)) : source.height;
  const shrink = source.kind === 'jpeg' ? dctShrink(source.width / width) : 1;
  // sharp leaves an exact factor of 2 to its kernel; libvips' load option decodes at 1/2, 1/4 or 1/8 in
  // the DCT itself, which skips most of the decoding work (the load option works on files only).
  const file = shrink > 1 ? join(ctx.dir, `image-${randomUUID()}.jpg`) : undefined;
  try {
    if (file) await writeFile(file, source.data);
    let image = file
      ? sharp(`${file}[shrink=${shrink}]`, { limitInputPixels: ctx.limits.maxPixels })
      : sharp(source.data, { limitInputPixels: ctx.limits.maxPixels, ...(source.kind === 'raw' && { raw: { width: source.width, height: source.height, channels: source.channels } }) });
    // libjpeg rounds a scaled size up; Mitchell takes what is left, as sharp as Lanczos on scans and faster.
    if (Math.ceil(source.width / shrink) !== width || Math.ceil(source.height / shrink) !== height) image = image.resize(width, height, { fit: 'fill', kernel: 'mitchell' });
    if (grey) image = image.toColourspace('b-w');
    const { data, info } = await image.jpeg({ quality: level.quality, chromaSubsampling: '4:2:0', optimiseCoding: true }).toBuffer({ resolveWithObject: true });
    return { kind: 'jpeg', data, width: info.width, height: info.height, channels: info.channels === 1 ? 1 : 3 };
  } catch {
    return undefined; // an image sharp cannot read stays as it was
  } finally {
    if (file) await rm(file, { force: true });
  }
}
