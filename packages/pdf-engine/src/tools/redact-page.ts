import { PDFName, type PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ToolContext } from '../context.ts';
import { displayBox } from '../pdf/geometry.ts';
import { addImageXObject } from '../pdf/image-xobject.ts';
import { renderPageRaw } from '../pdf/render.ts';
import type { RedactionBox } from './redact-find.ts';

/**
 * A redacted page whose content cannot be rewritten (redact-content.ts) becomes one image of itself
 * with the boxes burned in black: everything under a box (text, vector paths, image pixels) is gone,
 * not covered, and the page's old content, fonts and images are no longer referenced (the file is rewritten afterwards, so they are not written at all).
 * The price: the rest of that page is no longer text (no OCR is applied, or it could bring back what
 * was redacted from what is left of the glyphs).
 */

const DPI = 300;
const MIN_DPI = 72;

export async function burnRedactions(ctx: ToolContext, doc: PDFDocument, pdfPath: string, pageIndex: number, boxes: readonly RedactionBox[]): Promise<void> {
  const page = doc.getPage(pageIndex);
  const display = displayBox(page);
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
  const jpeg = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    .jpeg({ quality: 85, chromaSubsampling: '4:4:4' })
    .toBuffer();
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
