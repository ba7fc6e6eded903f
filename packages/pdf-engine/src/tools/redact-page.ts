import { PDFName, type PDFDocument, type PDFRef } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ToolContext } from '../context.ts';
import { ContentNotUnderstood } from '../pdf/content-ops.ts';
import { displayBox } from '../pdf/geometry.ts';
import { addImageXObject } from '../pdf/image-xobject.ts';
import { renderPageRaw } from '../pdf/render.ts';
import { withXObjects } from './redact-content.ts';
import type { PageArea } from './redact-document.ts';
import type { RedactionBox } from './redact-find.ts';

/**
 * A redacted page whose content cannot be rewritten (redact-content.ts) becomes one image of itself
 * with the boxes burned in black: everything under a box (text, vector paths, image pixels) is gone,
 * not covered, and the page's old content, fonts and images are no longer referenced (the file is rewritten afterwards, so they are not written at all).
 * The price: the rest of that page is no longer text (no OCR is applied, or it could bring back what
 * was redacted from what is left of the glyphs). When only some things on the page could not be
 * cut (redact-content.ts returns their regions), only those regions are put back as pixels.
 */

const DPI = 300;
const MIN_DPI = 72;

/** The page as shown, rendered from the original file, with the boxes set black in the pixels. */
async function renderWithBoxes(ctx: ToolContext, doc: PDFDocument, pdfPath: string, pageIndex: number, boxes: readonly RedactionBox[]) {
  const display = displayBox(doc.getPage(pageIndex));
  // Huge pages render at a lower resolution rather than be refused: a redaction must not fail on size alone.
  const fit = Math.floor(Math.sqrt(ctx.limits.maxPixels / ((display.width / 72) * (display.height / 72))));
  const dpi = Math.max(MIN_DPI, Math.min(DPI, fit));
  const raw = await renderPageRaw(ctx, pdfPath, pageIndex + 1, dpi);
  const scaleX = raw.width / display.width;
  const scaleY = raw.height / display.height;
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x * scaleX));
    const x1 = Math.min(raw.width, Math.ceil((box.x + box.width) * scaleX));
    const y0 = Math.max(0, Math.floor((display.height - box.y - box.height) * scaleY));
    const y1 = Math.min(raw.height, Math.ceil((display.height - box.y) * scaleY));
    for (let y = y0; y < y1; y++) raw.data.fill(0, (y * raw.width + x0) * raw.channels, (y * raw.width + x1) * raw.channels);
  }
  return { raw, display, scaleX, scaleY };
}

const jpegOf = (image: sharp.Sharp) => image.jpeg({ quality: 85, chromaSubsampling: '4:4:4' }).toBuffer({ resolveWithObject: true });

export async function burnRedactions(ctx: ToolContext, doc: PDFDocument, pdfPath: string, pageIndex: number, boxes: readonly RedactionBox[]): Promise<void> {
  const page = doc.getPage(pageIndex);
  const { raw, display } = await renderWithBoxes(ctx, doc, pdfPath, pageIndex, boxes);
  const { data: jpeg } = await jpegOf(sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } }));
  const image = await addImageXObject(doc, { kind: 'jpeg', data: jpeg, width: raw.width, height: raw.height, channels: raw.channels });

  // The image fills the page as shown; mapped back through the page's rotation so /Rotate still turns it upright.
  const o = display.toPage(0, 0);
  const ex = display.toPage(display.width, 0);
  const ey = display.toPage(0, display.height);
  const matrix = [ex.x - o.x, ex.y - o.y, ey.x - o.x, ey.y - o.y, o.x, o.y].map((n) => Number(n.toFixed(4))).join(' ');
  const content = doc.context.register(doc.context.stream(`q ${matrix} cm /Redacted Do Q`));
  page.node.set(PDFName.of('Contents'), content);
  page.node.set(PDFName.of('Resources'), doc.context.obj({ XObject: { Redacted: image } }));
  page.node.delete(PDFName.of('Group'));
}

/**
 * Only the regions (page space) of what could not be cut are put back, as pixels with the boxes
 * black, drawn over the rewritten content; the rest of the page stays text and vectors.
 */
export async function burnRegions(ctx: ToolContext, doc: PDFDocument, pdfPath: string, pageIndex: number, regions: readonly PageArea[], boxes: readonly RedactionBox[]): Promise<void> {
  const { raw, display, scaleX, scaleY } = await renderWithBoxes(ctx, doc, pdfPath, pageIndex, boxes);
  if (display.rotation !== 0) throw new ContentNotUnderstood('regions to put back on a turned page');
  const origin = display.toPage(0, 0);
  const pixels = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  const images = new Map<string, PDFRef>();
  const draws: string[] = [];
  for (const region of regions) {
    const left = Math.max(0, Math.floor((region.x0 - origin.x) * scaleX));
    const top = Math.max(0, Math.floor((display.height - (region.y1 - origin.y)) * scaleY));
    const right = Math.min(raw.width, Math.ceil((region.x1 - origin.x) * scaleX));
    const bottom = Math.min(raw.height, Math.ceil((display.height - (region.y0 - origin.y)) * scaleY));
    if (right <= left || bottom <= top) continue;
    const { data, info } = await jpegOf(pixels.clone().extract({ left, top, width: right - left, height: bottom - top }));
    const name = `RedactedRegion${images.size}`;
    images.set(name, await addImageXObject(doc, { kind: 'jpeg', data, width: info.width, height: info.height, channels: raw.channels }));
    const [x, y, w, h] = [origin.x + left / scaleX, origin.y + display.height - bottom / scaleY, (right - left) / scaleX, (bottom - top) / scaleY];
    draws.push(`q ${[w, 0, 0, h, x, y].map((n) => Number(n.toFixed(4))).join(' ')} cm /${name} Do Q`);
  }
  if (draws.length === 0) return;
  const page = doc.getPage(pageIndex).node;
  page.addContentStream(doc.context.register(doc.context.stream(draws.join('\n'))));
  page.set(PDFName.of('Resources'), withXObjects(doc, page.Resources(), images));
}
