import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import { safeFilename } from '@wattle/shared';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { centredText, displayBox } from '../pdf/geometry.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { drawScriptText, measureScriptText } from '../pdf/script-text.ts';
import { chosenPages, openPrepared, writePdf } from '../pdf/write.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import type { ToolOutput } from '../context.ts';
import type { Operation } from './operation.ts';

/** Text in the six header and footer places (page numbers, headers and footers, Bates numbers), in any script. */

export type PagePosition = 'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';

export const MM = 72 / 25.4;
/** Why a stamped PDF/A file is no longer one: pdf-lib writes the font subsets without the CIDSet PDF/A-1 asks for, and a watermark is transparent. */
export const STAMPED = 'the stamped text is not written to the rules of PDF/A';

export function hexColour(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

/** One line at a header or footer place of the page as shown (upright on rotated pages), `margin` points in from the edges. */
export async function drawAtPosition(
  doc: PDFDocument,
  page: PDFPage,
  text: string,
  position: PagePosition,
  style: { size: number; margin: number; color?: { r: number; g: number; b: number } },
): Promise<void> {
  const { width, ascent } = await measureScriptText(doc, text, style.size);
  const box = displayBox(page);
  // Stamped anyway, it would be cut off or off the page altogether, and the job would claim every page was numbered.
  if (width > box.width - 2 * style.margin || ascent > box.height - 2 * style.margin) {
    throw new EngineError('TEXT_DOES_NOT_FIT', 'The text does not fit on a page.', { page: page.doc.getPages().indexOf(page) + 1 });
  }
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
  const cx = horizontal === 'left' ? style.margin + width / 2 : horizontal === 'right' ? box.width - style.margin - width / 2 : box.width / 2;
  const cy = vertical === 'top' ? box.height - style.margin - ascent / 2 : style.margin + ascent / 2;
  const at = centredText(box, cx, cy, width, ascent, 0);
  await drawScriptText(doc, page, text, { x: at.x, y: at.y, size: style.size, color: style.color, rotateDegrees: at.angle });
}

const PLACES = [
  ['topLeft', 'top-left'],
  ['topCenter', 'top-center'],
  ['topRight', 'top-right'],
  ['bottomLeft', 'bottom-left'],
  ['bottomCenter', 'bottom-center'],
  ['bottomRight', 'bottom-right'],
] as const;

/** Today in Australian form ("24 November 2026"), on the east-coast calendar. */
const today = () => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' }).format(new Date());

export const headerFooter: Operation<'header-footer'> = async ([input], options, ctx) => {
  const texts = PLACES.flatMap(([field, position]) => (options[field] ? [{ template: options[field], position }] : []));
  if (texts.length === 0) throw new EngineError('VALIDATION_FAILED', 'Enter the text for at least one place.', { field: 'topCenter' });
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const chosen = chosenPages(options.pages, pdf.pages);
  const fixed = { '{total}': String(pdf.pages), '{date}': today(), '{filename}': safeFilename(pdf.filename) };
  const style = { size: options.fontSize, margin: options.margin * MM, color: hexColour(options.color) };
  for (const [i, page] of doc.getPages().entries()) {
    if (chosen && !chosen.has(i + 1)) continue;
    for (const { template, position } of texts) {
      const text = Object.entries({ ...fixed, '{n}': String(i + 1) }).reduce((line, [key, value]) => line.replaceAll(key, value), template);
      await drawAtPosition(doc, page, text, position, style);
    }
    if (i % 20 === 0) ctx.checkAborted();
    ctx.progress((i + 1) / pdf.pages);
  }
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'headers', 'pdf'), pdf.pages, pdfaNotKept([pdf.profile], STAMPED))];
};

/** Bates numbers on every page; several files are numbered on from one to the next, in the order given. */
export const bates: Operation<'bates'> = async (inputs, options, ctx) => {
  const style = { size: options.fontSize, margin: options.margin * MM };
  const outputs: ToolOutput[] = [];
  let next = options.start;
  for (const [f, input] of inputs.entries()) {
    const pdf = await preparePdf(ctx, input);
    const doc = await openPrepared(pdf);
    for (const [i, page] of doc.getPages().entries()) {
      await drawAtPosition(doc, page, `${options.prefix ?? ''}${String(next++).padStart(options.digits, '0')}`, options.position, style);
      if (i % 20 === 0) ctx.checkAborted();
    }
    outputs.push(await writePdf(ctx, doc, outputFilename(pdf.filename, 'bates', 'pdf'), pdf.pages, pdfaNotKept([pdf.profile], STAMPED)));
    ctx.progress((f + 1) / inputs.length);
  }
  return outputs;
};
