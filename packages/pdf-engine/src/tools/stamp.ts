import { centredText, displayBox } from '../pdf/geometry.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { drawScriptText, measureScriptText } from '../pdf/script-text.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import { drawAtPosition, hexColour, STAMPED } from './header-footer.ts';
import type { Operation } from './operation.ts';

/** Text stamped on pages, in any script (pdf/script-text.ts picks the Noto font for each run). */

/** However small the font, a tiled page gets at most this many copies (a watermark DoS seen elsewhere). */
const MAX_TILES = 120;
const EDGE_MARGIN = 36;

export const watermark: Operation<'watermark'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const { width: textWidth, ascent: textHeight } = await measureScriptText(doc, options.text, options.fontSize);
  const colour = hexColour(options.color);
  for (const [i, page] of doc.getPages().entries()) {
    const box = displayBox(page);
    for (const [cx, cy] of anchors(options.position, box.width, box.height, textWidth, options.fontSize)) {
      const at = centredText(box, cx, cy, textWidth, textHeight, options.angle);
      await drawScriptText(doc, page, options.text, { x: at.x, y: at.y, size: options.fontSize, color: colour, opacity: options.opacity, rotateDegrees: at.angle });
    }
    if (i % 20 === 0) ctx.checkAborted();
    ctx.progress((i + 1) / pdf.pages);
  }
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'watermarked', 'pdf'), pdf.pages, pdfaNotKept([pdf.profile], STAMPED))];
};

function anchors(position: 'center' | 'top' | 'bottom' | 'tiled', width: number, height: number, textWidth: number, fontSize: number): [number, number][] {
  if (position === 'top') return [[width / 2, height - EDGE_MARGIN - fontSize / 2]];
  if (position === 'bottom') return [[width / 2, EDGE_MARGIN + fontSize / 2]];
  if (position === 'center') return [[width / 2, height / 2]];
  let stepX = textWidth + fontSize * 2;
  let stepY = fontSize * 4;
  const count = () => Math.ceil(width / stepX + 1) * Math.ceil(height / stepY + 1);
  const grow = Math.sqrt(count() / MAX_TILES);
  if (grow > 1) {
    stepX *= grow;
    stepY *= grow;
  }
  const points: [number, number][] = [];
  for (let y = stepY / 2; y < height + stepY / 2 && points.length < MAX_TILES; y += stepY) {
    for (let x = stepX / 2; x < width + stepX / 2 && points.length < MAX_TILES; x += stepX) points.push([x, y]);
  }
  return points;
}

export const pageNumbers: Operation<'page-numbers'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const last = options.startAt + pdf.pages - 1;
  for (const [i, page] of doc.getPages().entries()) {
    const text = options.format.replaceAll('{n}', String(options.startAt + i)).replaceAll('{total}', String(last));
    await drawAtPosition(doc, page, text, options.position, { size: options.fontSize, margin: EDGE_MARGIN / 1.5 });
    if (i % 20 === 0) ctx.checkAborted();
    ctx.progress((i + 1) / pdf.pages);
  }
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'numbered', 'pdf'), pdf.pages, pdfaNotKept([pdf.profile], STAMPED))];
};
