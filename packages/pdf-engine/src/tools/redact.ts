import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PDFDocument } from '@cantoo/pdf-lib';
import type { RedactionMatch, RedactOptions } from '@wattle/shared';
import type { ToolContext, ToolNote } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { qpdf } from '../process/commands.ts';
import { objectStreamsAllowed, pdfaNotKept } from '../pdf/conformance.ts';
import { displayBox } from '../pdf/geometry.ts';
import { loadPdf } from '../pdf/load.ts';
import { preparePdf, type PreparedPdf } from '../pdf/prepare.ts';
import { qpdfSucceeded } from '../pdf/qpdf.ts';
import { readLayoutAsShown } from '../pdf/type3-text.ts';
import { checkedOutput, openPrepared } from '../pdf/write.ts';
import type { Operation } from './operation.ts';
import { boxesFor, findAll, pageText, type RedactionBox } from './redact-find.ts';
import { redactContent } from './redact-content.ts';
import { documentSlots, pageAreas, removeAnnotationsIn, type TextSlot } from './redact-document.ts';
import { burnRedactions, burnRegions } from './redact-page.ts';

/** What a redaction would remove: the matches on pages, the boxes per page, and the other strings hit. */
export interface RedactionPlan {
  matches: RedactionMatch[];
  /** Page index to boxes: the matches' and the areas'. */
  boxes: Map<number, RedactionBox[]>;
  slots: { slot: TextSlot; ranges: [number, number][] }[];
}

export async function planRedaction(ctx: ToolContext, pdf: PreparedPdf, doc: PDFDocument, options: RedactOptions): Promise<RedactionPlan> {
  for (const [i, area] of (options.areas ?? []).entries()) {
    if (area.page > pdf.pages) throw new EngineError('VALIDATION_FAILED', `This PDF has ${pdf.pages} pages.`, { field: `areas.${i}.page`, message: `This PDF has ${pdf.pages} pages.` });
  }
  const pages = (await readLayoutAsShown(ctx, pdf.path, doc)).map((page, i) => pageText(page, displayBox(doc.getPage(i))));
  const slots = documentSlots(doc);
  const found = await findAll([...pages.map((p) => p.text), ...slots.map((s) => s.text)], options);

  const matches: RedactionMatch[] = [];
  const boxes = new Map<number, RedactionBox[]>();
  const addBoxes = (index: number, more: RedactionBox[]) => boxes.set(index, [...(boxes.get(index) ?? []), ...more]);
  const slotRanges = new Map<number, [number, number][]>();
  for (const f of found.sort((a, b) => a.index - b.index || a.start - b.start)) {
    if (f.index >= pages.length) {
      const slot = f.index - pages.length;
      slotRanges.set(slot, [...(slotRanges.get(slot) ?? []), [f.start, f.end]]);
      continue;
    }
    const page = pages[f.index]!;
    const matchBoxes = boxesFor(page, f.start, f.end);
    matches.push({ page: f.index + 1, text: page.text.slice(f.start, f.end), source: f.source, ...(f.preset && { preset: f.preset }), boxes: matchBoxes });
    addBoxes(f.index, matchBoxes);
  }
  for (const { page, ...box } of options.areas ?? []) addBoxes(page - 1, [box]);
  return { matches, boxes, slots: [...slotRanges].map(([i, ranges]) => ({ slot: slots[i]!, ranges })) };
}

export const redact: Operation<'redact'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const plan = await planRedaction(ctx, pdf, doc, options);
  if (plan.boxes.size === 0 && plan.slots.length === 0) {
    throw new EngineError('NOTHING_TO_REDACT', 'Nothing in this PDF matches what you asked to redact, so no file was made.');
  }
  let done = 0;
  const burned: number[] = [];
  const partly = new Map<number, number>();
  for (const [index, boxes] of plan.boxes) {
    ctx.checkAborted();
    const areas = pageAreas(boxes, displayBox(doc.getPage(index)));
    removeAnnotationsIn(doc, index, areas);
    try {
      const regions = await redactContent(doc, index, areas);
      if (regions.length > 0) {
        await burnRegions(ctx, doc, pdf.path, index, regions, boxes);
        partly.set(index + 1, regions.length);
      }
    } catch {
      // Not understood (or a malformed object met on the way): the burn-in needs no understanding.
      await burnRedactions(ctx, doc, pdf.path, index, boxes);
      burned.push(index + 1);
    }
    ctx.progress((++done / plan.boxes.size) * 0.8);
  }
  for (const { slot, ranges } of plan.slots) slot.clean(ranges);

  // qpdf writes only what is still reachable: the redacted pages' old content, fonts and images are left behind.
  const unlinked = join(ctx.dir, `redacted-${randomUUID()}.pdf`);
  await writeFile(unlinked, await doc.save({ useObjectStreams: false }));
  const target = ctx.output(outputFilename(pdf.filename, 'redacted', 'pdf'));
  if (!qpdfSucceeded(await ctx.run(qpdf.rewrite(unlinked, target.path, { optimise: true, objectStreams: objectStreamsAllowed(pdf.profile) })))) {
    throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this PDF.');
  }
  await checkRedacted(ctx, { ...pdf, path: target.path }, options);

  const pages = burned.sort((a, b) => a - b);
  const summary: ToolNote = {
    code: 'REDACTED',
    message:
      `${plan.matches.length} ${plan.matches.length === 1 ? 'match was' : 'matches were'} removed` +
      (pages.length > 0 ? `; ${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')} ${pages.length === 1 ? 'is' : 'are'} now an image with the redactions burned in, so the rest of ${pages.length === 1 ? 'its' : 'their'} text can no longer be selected or searched` : '') +
      [...partly].sort(([a], [b]) => a - b).map(([page, n]) => `; on page ${page}, ${n === 1 ? '1 thing that could not be cut is' : `${n} things that could not be cut are`} now a picture of ${n === 1 ? 'itself' : 'themselves'} with the redactions burned in`).join('') +
      (plan.slots.length > 0 ? `; ${plan.slots.length} metadata, bookmark, comment or form ${plan.slots.length === 1 ? 'entry was' : 'entries were'} cleaned` : '') +
      '.',
  };
  return [await checkedOutput(ctx, target, pdf.pages, [summary, ...pdfaNotKept([pdf.profile], 'its redacted pages are rewritten')])];
};

/** The result is searched again, pages and other strings, and the areas for any word left: anything found fails the job. */
async function checkRedacted(ctx: ToolContext, result: PreparedPdf, options: RedactOptions): Promise<void> {
  const doc = await loadPdf(await readFile(result.path));
  const again = await planRedaction(ctx, result, doc, { ...options, areas: [] });
  const pages = (await readLayoutAsShown(ctx, result.path, doc)).map((page, i) => pageText(page, displayBox(doc.getPage(i))));
  const leftInAreas = (options.areas ?? []).some((area) =>
    pages[area.page - 1]?.words.some(({ word }) => {
      const y = pages[area.page - 1]!.height - (word.yMin + word.yMax) / 2;
      const x = (word.xMin + word.xMax) / 2;
      return x > area.x && x < area.x + area.width && y > area.y && y < area.y + area.height;
    }),
  );
  if (again.matches.length > 0 || again.slots.length > 0 || leftInAreas) {
    throw new EngineError('REDACTION_NOT_VERIFIED', 'Redacted text could still be found in the result, so no file was made.');
  }
}
