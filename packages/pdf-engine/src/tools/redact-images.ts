import { PDFName, type PDFDocument, type PDFRawStream, type PDFRef } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ContentOp } from '../pdf/content-ops.ts';
import { readImageXObject, replaceImageXObject } from '../pdf/image-xobject.ts';
import type { PageArea } from './redact-document.ts';

/** An image XObject drawn under a redaction box: its resource name, the stream, and the matrix it was drawn with. */
export interface ImageHit {
  name: string;
  stream: PDFRawStream;
  ctm: readonly number[];
  /** The Do that drew it. */
  op: ContentOp;
}

/**
 * The pixels of each hit image under the boxes are set to black in a new copy of the image, which
 * the content being redacted alone uses (another page may show the same image unredacted): the
 * copies come back by resource name. Images drawn turned or skewed, with soft masks, or in
 * encodings it cannot read come back as unreadable, for the caller to leave out and put back as pixels.
 */
export async function blackOutImages(doc: PDFDocument, hits: readonly ImageHit[], areas: readonly { x0: number; y0: number; x1: number; y1: number }[]) {
  const replaced = new Map<string, PDFRef>();
  const unreadable = new Set<string>();
  for (const name of new Set(hits.map((h) => h.name))) {
    const placements = hits.filter((h) => h.name === name);
    const { stream } = placements[0]!;
    const source = readImageXObject(doc, stream);
    const upright = placements.every(({ ctm: [a, b, c, d] }) => Math.abs(b!) <= 1e-6 && Math.abs(c!) <= 1e-6 && a !== 0 && d !== 0);
    if (!source || stream.dict.has(PDFName.of('SMask')) || !upright) {
      unreadable.add(name);
      continue;
    }
    const pixels = source.kind === 'jpeg' ? await sharp(source.data).raw().toBuffer({ resolveWithObject: true }) : { data: Buffer.from(source.data), info: { channels: source.channels } };
    if (pixels.info.channels !== source.channels) {
      unreadable.add(name);
      continue;
    }
    const { width, height, channels } = source;
    for (const { ctm } of placements) {
      const [a, , , d, e, f] = ctm as [number, number, number, number, number, number];
      for (const area of areas) {
        // The box in the image's unit square, then in pixels (rows run from the top).
        const [u0, u1] = [(area.x0 - e) / a, (area.x1 - e) / a].sort((p, q) => p - q) as [number, number];
        const [v0, v1] = [(area.y0 - f) / d, (area.y1 - f) / d].sort((p, q) => p - q) as [number, number];
        const x0 = Math.max(0, Math.floor(u0 * width));
        const x1 = Math.min(width, Math.ceil(u1 * width));
        const y0 = Math.max(0, Math.floor((1 - v1) * height));
        const y1 = Math.min(height, Math.ceil((1 - v0) * height));
        for (let y = y0; x0 < x1 && y < y1; y++) pixels.data.fill(0, (y * width + x0) * channels, (y * width + x1) * channels);
      }
    }
    const jpeg = await sharp(pixels.data, { raw: { width, height, channels } }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
    const ref = doc.context.nextRef();
    replaceImageXObject(doc, ref, stream.dict, { data: jpeg, width, height, channels });
    replaced.set(name, ref);
  }
  return { replaced, unreadable };
}
