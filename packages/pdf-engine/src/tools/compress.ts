import { randomUUID } from 'node:crypto';
import { copyFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { outputFilename } from '../output-names.ts';
import { qpdf } from '../process/commands.ts';
import { displayBox } from '../pdf/geometry.ts';
import { dropPdfaClaim, objectStreamsAllowed, pdfaNotKept, saveOptions } from '../pdf/conformance.ts';
import { preparePdf, type PreparedPdf } from '../pdf/prepare.ts';
import { slimDocument } from '../pdf/slim.ts';
import { qpdfSucceeded } from '../pdf/qpdf.ts';
import { checkedOutput, openPrepared } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import { unpredictPng } from '../util/png-predictor.ts';
import type { Operation } from './operation.ts';

/** Target resolution and JPEG quality per level (the guide's goal: a 96 MB scan to <= 10 MB). */
const LEVELS = {
  low: { dpi: 200, quality: 75 },
  medium: { dpi: 150, quality: 60 },
  high: { dpi: 100, quality: 45 },
} as const;

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
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const slimmed = slimDocument(doc); // before the images are found, so a duplicate image is re-encoded once
  const level = LEVELS[options.level];
  const candidates = findImages(doc, level.dpi);
  let done = 0;
  let reencoded = 0;
  await mapLimit(candidates, ctx.limits.parallelism, async (candidate) => {
    ctx.checkAborted();
    if (await recompressImage(doc, candidate, level.quality, options.grayscale, ctx.limits.maxPixels)) reencoded++;
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

const num = (dict: PDFDict, key: string) => dict.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber();

/** Colour channels for colour spaces we can re-encode faithfully as JPEG; undefined for the rest. */
function channelsOf(doc: PDFDocument, dict: PDFDict): 1 | 3 | undefined {
  const cs = dict.get(PDFName.of('ColorSpace'));
  const space = cs instanceof PDFRef ? doc.context.lookup(cs) : cs;
  if (space === PDFName.of('DeviceGray')) return 1;
  if (space === PDFName.of('DeviceRGB')) return 3;
  if (space instanceof PDFArray && space.get(0) === PDFName.of('ICCBased')) {
    const profile = doc.context.lookup(space.get(1));
    const n = profile instanceof PDFRawStream ? num(profile.dict, 'N') : undefined;
    return n === 1 || n === 3 ? n : undefined;
  }
  return undefined;
}

/** Pixels of an image we understand (JPEG, or 8-bit Flate/raw), or undefined to leave it alone. */
function decodable(doc: PDFDocument, stream: PDFRawStream): { input: sharp.SharpInput; options: sharp.SharpOptions; channels: 1 | 3 } | undefined {
  const dict = stream.dict;
  const channels = channelsOf(doc, dict);
  const width = num(dict, 'Width') ?? 0;
  const height = num(dict, 'Height') ?? 0;
  // Masks and decode arrays depend on exact sample values, which JPEG does not keep.
  if (!channels || !width || !height || dict.has(PDFName.of('Mask')) || dict.has(PDFName.of('Decode'))) return undefined;
  if (dict.get(PDFName.of('ImageMask'))?.toString() === 'true' || num(dict, 'BitsPerComponent') !== 8) return undefined;
  const filter = dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const data = Buffer.from(stream.contents);
  if (filters.length === 1 && filters[0] === PDFName.of('DCTDecode')) return { input: data, options: {}, channels };
  const expected = width * height * channels;
  let raw: Buffer | undefined;
  if (filters.length === 0) raw = data;
  else if (filters.length === 1 && filters[0] === PDFName.of('FlateDecode')) {
    const parms = dict.lookupMaybe(PDFName.of('DecodeParms'), PDFDict);
    const predictor = parms ? (num(parms, 'Predictor') ?? 1) : 1;
    try {
      // Bounded by the geometry, so a lying stream cannot inflate past it.
      const inflated = inflateSync(data, { maxOutputLength: expected + height + 1 });
      raw = predictor >= 10 ? unpredictPng(inflated, width, height, channels) : predictor === 1 ? inflated : undefined;
    } catch {
      return undefined;
    }
  }
  if (!raw || raw.length < expected) return undefined;
  return { input: raw.subarray(0, expected), options: { raw: { width, height, channels } }, channels };
}

/** True when the image was replaced. */
async function recompressImage(doc: PDFDocument, candidate: Candidate, quality: number, grayscale: boolean, maxPixels: number): Promise<boolean> {
  const source = decodable(doc, candidate.stream);
  if (!source) return false;
  const dict = candidate.stream.dict;
  const width = num(dict, 'Width')!;
  const height = num(dict, 'Height')!;
  const scale = Math.min(1, candidate.maxSide / Math.max(width, height));
  const grey = grayscale || source.channels === 1;
  let image = sharp(source.input, { ...source.options, limitInputPixels: maxPixels });
  // Mitchell after libvips' shrink-on-load: as sharp as Lanczos on scans, faster and smaller here.
  if (scale < 0.95) image = image.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { kernel: 'mitchell' });
  if (grey) image = image.toColourspace('b-w');
  let result: { data: Buffer; info: sharp.OutputInfo };
  try {
    result = await image.jpeg({ quality, chromaSubsampling: '4:2:0', optimiseCoding: true }).toBuffer({ resolveWithObject: true });
  } catch {
    return false; // an image sharp cannot read stays as it was
  }
  if (result.data.length >= candidate.stream.contents.length * 0.95) return false;
  const replacement = doc.context.stream(result.data, {});
  for (const [key, value] of dict.entries()) {
    if (!['Filter', 'DecodeParms', 'Length', 'Width', 'Height', 'ColorSpace', 'BitsPerComponent'].includes(key.decodeText())) replacement.dict.set(key, value);
  }
  replacement.dict.set(PDFName.of('Filter'), PDFName.of('DCTDecode'));
  replacement.dict.set(PDFName.of('Width'), doc.context.obj(result.info.width));
  replacement.dict.set(PDFName.of('Height'), doc.context.obj(result.info.height));
  replacement.dict.set(PDFName.of('ColorSpace'), PDFName.of(result.info.channels === 1 ? 'DeviceGray' : 'DeviceRGB'));
  replacement.dict.set(PDFName.of('BitsPerComponent'), doc.context.obj(8));
  doc.context.assign(candidate.ref, replacement);
  return true;
}
