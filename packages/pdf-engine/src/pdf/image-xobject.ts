import { promisify } from 'node:util';
import { deflate, inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import { readJpegHeader } from '../util/jpeg-header.ts';
import { unpredictPng } from '../util/png-predictor.ts';

const deflateAsync = promisify(deflate);

export interface EncodedImage {
  /** DCT: JPEG bytes as they are; raw: 8-bit pixels, deflated here (node's zlib, off the main thread). */
  kind: 'jpeg' | 'raw';
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** An image XObject written directly: pdf-lib's embedPng takes 32 s and ~1 GB for 30 scans. */
export async function addImageXObject(doc: PDFDocument, image: EncodedImage): Promise<PDFRef> {
  const data = image.kind === 'jpeg' ? image.data : await deflateAsync(image.data, { level: 6 });
  const stream = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: image.channels === 1 ? 'DeviceGray' : 'DeviceRGB',
    BitsPerComponent: 8,
    Filter: image.kind === 'jpeg' ? 'DCTDecode' : 'FlateDecode',
  });
  return doc.context.register(stream);
}

/** An image XObject's pixels as sharp can take them: JPEG bytes as they are, or 8-bit samples. */
export type ImageSource = { width: number; height: number; channels: 1 | 3 } & (
  | { kind: 'jpeg'; data: Uint8Array; quality: number | undefined }
  | { kind: 'raw'; data: Buffer }
);

const num = (dict: PDFDict, key: string) => dict.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber();

/** Colour channels for colour spaces a JPEG re-encode keeps faithfully; undefined for the rest. */
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

/** The pixels of an image we understand (JPEG, or 8-bit Flate/raw), or undefined to leave it alone. */
export function readImageXObject(doc: PDFDocument, stream: PDFRawStream): ImageSource | undefined {
  const dict = stream.dict;
  const channels = channelsOf(doc, dict);
  const width = num(dict, 'Width') ?? 0;
  const height = num(dict, 'Height') ?? 0;
  // Masks and decode arrays depend on exact sample values, which JPEG does not keep.
  if (!channels || !width || !height || dict.has(PDFName.of('Mask')) || dict.has(PDFName.of('Decode'))) return undefined;
  if (dict.get(PDFName.of('ImageMask'))?.toString() === 'true' || num(dict, 'BitsPerComponent') !== 8) return undefined;
  const filter = dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const data = stream.contents;
  if (filters.length === 1 && filters[0] === PDFName.of('DCTDecode')) {
    // The frame must be the image the dictionary (and the pixel budget) describes.
    const header = readJpegHeader(data);
    if (header?.width !== width || header.height !== height || header.components !== channels) return undefined;
    return { kind: 'jpeg', data, width, height, channels, quality: header.quality };
  }
  const expected = width * height * channels;
  let raw: Buffer | undefined;
  if (filters.length === 0) raw = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
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
  return { kind: 'raw', data: raw.subarray(0, expected), width, height, channels };
}

const ENCODING_KEYS = new Set(['Filter', 'DecodeParms', 'Length', 'Width', 'Height', 'ColorSpace', 'BitsPerComponent']);

/** Puts `image` (a JPEG) in place of the XObject at `ref`, keeping the entries that do not describe the old encoding. */
export function replaceImageXObject(doc: PDFDocument, ref: PDFRef, old: PDFDict, image: Omit<EncodedImage, 'kind'>): void {
  const replacement = doc.context.stream(image.data, {});
  for (const [key, value] of old.entries()) {
    if (!ENCODING_KEYS.has(key.decodeText())) replacement.dict.set(key, value);
  }
  replacement.dict.set(PDFName.of('Filter'), PDFName.of('DCTDecode'));
  replacement.dict.set(PDFName.of('Width'), doc.context.obj(image.width));
  replacement.dict.set(PDFName.of('Height'), doc.context.obj(image.height));
  replacement.dict.set(PDFName.of('ColorSpace'), PDFName.of(image.channels === 1 ? 'DeviceGray' : 'DeviceRGB'));
  replacement.dict.set(PDFName.of('BitsPerComponent'), doc.context.obj(8));
  doc.context.assign(ref, replacement);
}
