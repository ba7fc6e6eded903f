import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { PDFDocument, PDFRef } from '@cantoo/pdf-lib';

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
