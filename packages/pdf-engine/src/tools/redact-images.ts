import { PDFDict, PDFName, type PDFDocument, type PDFRawStream } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { ContentNotUnderstood } from '../pdf/content-ops.ts';
import { readImageXObject, replaceImageXObject } from '../pdf/image-xobject.ts';
import type { PageArea } from './redact-document.ts';

/** An image XObject drawn under a redaction box: its resource name, the stream, and the matrix it was drawn with. */
export interface ImageHit {
  name: string;
  stream: PDFRawStream;
  ctm: readonly number[];
}

/**
 * The pixels of each hit image under the boxes are set to black in a new copy of the image, which
 * this page alone uses (another page may show the same image unredacted). Images drawn turned or
 * skewed, with soft masks, or in encodings it cannot read are not understood.
 */
export async function blackOutImages(doc: PDFDocument, pageIndex: number, hits: readonly ImageHit[], areas: readonly PageArea[]): Promise<void> {
  const page = doc.getPage(pageIndex).node;
  const replaced = new Map<string, ReturnType<PDFDocument['context']['nextRef']>>();
  for (const name of new Set(hits.map((h) => h.name))) {
    const placements = hits.filter((h) => h.name === name);
    const { stream } = placements[0]!;
    const source = readImageXObject(doc, stream);
    if (!source || stream.dict.has(PDFName.of('SMask'))) throw new ContentNotUnderstood('an image it cannot read under a redaction box');
    const pixels = source.kind === 'jpeg' ? await sharp(source.data).raw().toBuffer({ resolveWithObject: true }) : { data: Buffer.from(source.data), info: { channels: source.channels } };
    if (pixels.info.channels !== source.channels) throw new ContentNotUnderstood('an image with unexpected channels');
    const { width, height, channels } = source;
    for (const { ctm } of placements) {
      const [a, b, c, d, e, f] = ctm as [number, number, number, number, number, number];
      if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a === 0 || d === 0) throw new ContentNotUnderstood('a turned image under a redaction box');
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
  if (replaced.size === 0) return;
  // Resources may be inherited or shared with other pages: this page gets its own copies.
  const resources = (page.Resources() ?? doc.context.obj({})).clone(doc.context);
  const xobjects = resources.lookup(PDFName.of('XObject'));
  const own = xobjects instanceof PDFDict ? xobjects.clone(doc.context) : doc.context.obj({});
  for (const [name, ref] of replaced) own.set(PDFName.of(name), ref);
  resources.set(PDFName.of('XObject'), own);
  page.set(PDFName.of('Resources'), resources);
}
