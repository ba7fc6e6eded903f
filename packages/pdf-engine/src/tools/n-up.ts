import { degrees, PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import { paperPage } from '@wattle/shared';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { displayBox } from '../pdf/geometry.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { Operation } from './operation.ts';

/**
 * Several pages on each sheet. Each page goes on as a form XObject (its own content, fonts and all), so
 * its text stays text; the sheet's orientation and grid are the ones that show the pages largest.
 */

/** White space around the sheet and between pages, in points. */
const SHEET_MARGIN = 18;
const GUTTER = 9;

/** Columns by rows for each count, either way round. */
const GRIDS: Record<2 | 4 | 6 | 9, [number, number][]> = {
  2: [[2, 1], [1, 2]],
  4: [[2, 2]],
  6: [[3, 2], [2, 3]],
  9: [[3, 3]],
};

interface Layout {
  sheet: [number, number];
  columns: number;
  rows: number;
  cell: [number, number];
}

/** The sheet orientation and grid that show a page of this shape largest (portrait first when equal). */
export function chooseLayout(perSheet: 2 | 4 | 6 | 9, paper: [number, number][], page: { width: number; height: number }): Layout {
  let best: (Layout & { scale: number }) | undefined;
  for (const sheet of paper) {
    for (const [columns, rows] of GRIDS[perSheet]) {
      const cell: [number, number] = [(sheet[0] - 2 * SHEET_MARGIN - (columns - 1) * GUTTER) / columns, (sheet[1] - 2 * SHEET_MARGIN - (rows - 1) * GUTTER) / rows];
      const scale = Math.min(cell[0] / page.width, cell[1] / page.height);
      if (!best || scale > best.scale + 1e-9) best = { sheet, columns, rows, cell, scale };
    }
  }
  return best!;
}

export const nUp: Operation<'n-up'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const source = await openPrepared(pdf);
  const pages = source.getPages();
  const layout = chooseLayout(options.pagesPerSheet, [paperPage(options.pageSize, false), paperPage(options.pageSize, true)], displayBox(pages[0]!));
  const out = await PDFDocument.create({ updateMetadata: false });
  // A page without content (an empty page) leaves its place on the sheet empty: pdf-lib cannot embed it.
  const drawn = pages.filter((page) => page.node.Contents() !== undefined);
  const forms = new Map((await out.embedPages(drawn, drawn.map(visibleArea))).map((form, i) => [drawn[i]!, form]));
  let sheet: PDFPage | undefined;
  for (const [i, page] of pages.entries()) {
    const slot = i % options.pagesPerSheet;
    if (slot === 0) sheet = out.addPage(layout.sheet);
    const column = slot % layout.columns;
    const row = Math.floor(slot / layout.columns);
    const cellX = SHEET_MARGIN + column * (layout.cell[0] + GUTTER);
    const cellTop = layout.sheet[1] - SHEET_MARGIN - row * (layout.cell[1] + GUTTER);
    const shown = displayBox(page);
    const scale = Math.min(layout.cell[0] / shown.width, layout.cell[1] / shown.height);
    const [w, h] = [shown.width * scale, shown.height * scale];
    const x = cellX + (layout.cell[0] - w) / 2;
    const y = cellTop - layout.cell[1] + (layout.cell[1] - h) / 2;
    // The form is drawn unrotated; turning it back by the page's /Rotate shows it as readers do, within (x, y, w, h).
    const offset = { 0: [0, 0], 90: [0, h], 180: [w, h], 270: [w, 0] }[shown.rotation as 0 | 90 | 180 | 270];
    const form = forms.get(page);
    if (form) sheet!.drawPage(form, { x: x + offset[0]!, y: y + offset[1]!, xScale: scale, yScale: scale, rotate: degrees(-shown.rotation) });
    if (i % 20 === 0) ctx.checkAborted();
    ctx.progress((i + 1) / pages.length);
  }
  const sheets = Math.ceil(pages.length / options.pagesPerSheet);
  const notes = pdfaNotKept([pdf.profile], 'the pages were placed on new sheets without the PDF/A metadata');
  return [await writePdf(ctx, out, outputFilename(pdf.filename, `${options.pagesPerSheet}-up`, 'pdf'), sheets, notes)];
};

/** What a reader shows of the page: its crop box, as the corners pdf-lib's embedder takes. */
function visibleArea(page: PDFPage) {
  const box = page.getCropBox();
  return { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height };
}
