import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import type { EditOperation } from '@wattle/shared';
import { drawScriptText, measureScriptText } from '../../pdf/script-text.ts';
import { colourComponents } from './colour.ts';
import { turnedAbout } from './drawing.ts';
import type { PageSpace } from './page-space.ts';

/**
 * Text boxes and date stamps as real text (selectable, found by pdftotext) in any script, through the
 * script-aware text module. The box's top is the top of the first line; lines are aligned in the box.
 */

export type TextBox = Extract<EditOperation, { type: 'text' }>;

export async function drawTextBox(doc: PDFDocument, page: PDFPage, space: PageSpace, box: TextBox): Promise<void> {
  const style = { bold: box.bold, italic: box.italic };
  const lines = box.text.split(/\r?\n/);
  const measured = await Promise.all(lines.map((line) => measureScriptText(doc, line, box.size, style)));
  const width = box.width ?? Math.max(...measured.map((m) => m.width));
  const [r, g, b] = colourComponents(box.color);
  const ascent = Math.max(...measured.map((m) => m.ascent));
  const height = lines.length * box.size * box.lineHeight;
  await turnedAbout(page, space, { x: box.x, y: box.y, width, height }, box.rotation, async () => {
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      const slack = width - measured[i]!.width;
      const x = box.x + (box.align === 'center' ? slack / 2 : box.align === 'right' ? slack : 0);
      const baseline = box.y + ascent + i * box.size * box.lineHeight;
      await drawScriptText(doc, page, line, { x, y: space.height - baseline, size: box.size, color: { r, g, b }, opacity: box.opacity, ...style });
    }
  });
}

/** A date stamp: the date as one line of text whose height (ascent to descent) is the stamp's size. */
export async function drawDateStamp(doc: PDFDocument, page: PDFPage, space: PageSpace, stamp: Extract<EditOperation, { type: 'stamp' }> & { date: string }): Promise<void> {
  const unit = await measureScriptText(doc, stamp.date, 1);
  const size = stamp.size / (unit.ascent + unit.descent);
  const [r, g, b] = colourComponents(stamp.color);
  await drawScriptText(doc, page, stamp.date, { x: stamp.x, y: space.height - stamp.y - unit.ascent * size, size, color: { r, g, b } });
}
