import { writeFile } from 'node:fs/promises';
import { degrees, PDFDocument, rgb, type PDFPage } from '@cantoo/pdf-lib';
import type { ToolContext, ToolOutput } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { displayBox } from '../pdf/geometry.ts';
import { readLayout } from '../pdf/layout-file.ts';
import type { LayoutPage } from '../pdf/layout.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { drawScriptText } from '../pdf/script-text.ts';
import { checkedOutput, openPrepared } from '../pdf/write.ts';
import { diffWords, visualDifferences, type Box, type PageComparison } from './compare-diff.ts';
import type { Operation } from './operation.ts';
import { pageText } from './redact-find.ts';

/**
 * Two PDFs in, a report out: a PDF that lists the differences page by page and shows each changed
 * page of both versions side by side with the differences highlighted, and the same findings as JSON.
 */

const COLOURS = {
  removed: rgb(0.86, 0.15, 0.15),
  added: rgb(0.1, 0.6, 0.25),
  changed: rgb(0.95, 0.6, 0.05),
  visual: rgb(0.75, 0.1, 0.75),
};
const MARGIN = 36;
const LINE = 15;
const MAX_QUOTE = 80;

export const compare: Operation<'compare'> = async ([first, second], _options, ctx) => {
  const before = await preparePdf(ctx, first!);
  const after = await preparePdf(ctx, second!);
  const docBefore = await openPrepared(before);
  const docAfter = await openPrepared(after);
  const shown = (doc: PDFDocument) => (page: LayoutPage, i: number) => pageText(page, displayBox(doc.getPage(i)));
  const [textBefore, textAfter] = [(await readLayout(ctx, before.path)).map(shown(docBefore)), (await readLayout(ctx, after.path)).map(shown(docAfter))];
  const pages: PageComparison[] = [];
  const count = Math.max(before.pages, after.pages);
  for (let i = 0; i < count; i++) {
    ctx.checkAborted();
    const a = textBefore[i];
    const b = textAfter[i];
    if (!a || i >= before.pages) pages.push({ page: i + 1, status: 'added', changes: [], visual: [] });
    else if (!b || i >= after.pages) pages.push({ page: i + 1, status: 'removed', changes: [], visual: [] });
    else {
      const changes = await diffWords(a, b);
      // A turned page is a difference of its own; its pixels cannot be laid over the other's.
      const turned = (displayBox(docAfter.getPage(i)).rotation - displayBox(docBefore.getPage(i)).rotation + 360) % 360;
      const visual = changes.length > 0 || turned ? [] : await visualDifferences(ctx, before.path, after.path, i + 1, a);
      const status = changes.length > 0 ? 'text' : turned ? 'turned' : visual.length > 0 ? 'visual' : 'same';
      pages.push({ page: i + 1, status, ...(turned ? { turned } : {}), changes, visual });
    }
    ctx.progress(((i + 1) / count) * 0.7);
  }

  const report = await PDFDocument.create();
  report.setTitle(`Comparison of ${before.filename} and ${after.filename}`);
  await summary(report, pages, before.filename, after.filename);
  for (const page of pages.filter((p) => p.status !== 'same')) {
    if (report.getPageCount() >= ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The report would have too many pages.', { limit: 'maxPages' });
    await sideBySide(report, page, page.status === 'added' ? undefined : docBefore.getPage(page.page - 1), page.status === 'removed' ? undefined : docAfter.getPage(page.page - 1));
    ctx.checkAborted();
  }

  const pdfTarget = ctx.output(outputFilename(before.filename, 'comparison', 'pdf'));
  await writeFile(pdfTarget.path, await report.save());
  const pdfOutput = await checkedOutput(ctx, pdfTarget, report.getPageCount());
  const jsonTarget = ctx.output(outputFilename(before.filename, 'comparison', 'json'));
  const differences = pages.filter((p) => p.status !== 'same');
  await writeFile(jsonTarget.path, JSON.stringify({ before: before.filename, after: after.filename, pagesBefore: before.pages, pagesAfter: after.pages, identical: differences.length === 0, pages: differences }, null, 2));
  const jsonOutput: ToolOutput = { path: jsonTarget.path, filename: jsonTarget.filename, contentType: 'application/json' };
  return [pdfOutput, jsonOutput];
};

const quote = (text: string | undefined) => `“${text && text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : (text ?? '')}”`;

function describe(page: PageComparison): string[] {
  if (page.status === 'added') return [`Page ${page.page}: only in the second file.`];
  if (page.status === 'removed') return [`Page ${page.page}: only in the first file.`];
  if (page.status === 'turned') return [`Page ${page.page}: same text, but the page is turned ${turnWords(page.turned!)}.`];
  if (page.status === 'visual') return [`Page ${page.page}: same text, but ${page.visual.length} ${page.visual.length === 1 ? 'area looks' : 'areas look'} different.`];
  const turn = page.turned ? [`Page ${page.page}: the page is turned ${turnWords(page.turned)}.`] : [];
  return [...turn, ...page.changes.map((c) =>
    c.type === 'changed' ? `Page ${page.page}: ${quote(c.before)} became ${quote(c.after)}.` : c.type === 'added' ? `Page ${page.page}: added ${quote(c.after)}.` : `Page ${page.page}: removed ${quote(c.before)}.`,
  )];
}

const turnWords = (degrees: number) => (degrees === 90 ? '90° clockwise' : degrees === 270 ? '90° anticlockwise' : 'upside down');

async function summary(report: PDFDocument, pages: PageComparison[], before: string, after: string): Promise<void> {
  const differences = pages.filter((p) => p.status !== 'same');
  const lines = [
    `First file: ${before}`,
    `Second file: ${after}`,
    differences.length === 0 ? 'The two files have the same text and look the same.' : `${differences.length} of ${pages.length} pages differ.`,
    '',
    ...differences.flatMap(describe),
  ];
  let page = report.addPage([595.28, 841.89]);
  await drawScriptText(report, page, 'Comparison report', { x: MARGIN, y: page.getHeight() - MARGIN - 18, size: 18 });
  let y = page.getHeight() - MARGIN - 18 - 2 * LINE;
  for (const line of lines) {
    if (y < MARGIN) {
      page = report.addPage([595.28, 841.89]);
      y = page.getHeight() - MARGIN - LINE;
    }
    if (line) await drawScriptText(report, page, line, { x: MARGIN, y, size: 10 });
    y -= LINE;
  }
}

/** Both versions of a page on one sheet, differences highlighted: red removed, green added, amber changed, purple looks different. */
async function sideBySide(report: PDFDocument, comparison: PageComparison, before: PDFPage | undefined, after: PDFPage | undefined): Promise<void> {
  const size = (p: PDFPage | undefined) => (p ? displayBox(p) : { width: 0, height: 0 });
  const [a, b] = [size(before), size(after)];
  const width = Math.max(a.width, 200) + Math.max(b.width, 200) + MARGIN * 3;
  const height = Math.max(a.height, b.height) + MARGIN * 2 + 24;
  const sheet = report.addPage([width, height]);
  const slots = [
    { page: before, at: MARGIN, label: `Page ${comparison.page}, first file`, mark: (c: PageComparison) => c.changes.flatMap((ch) => ch.boxesBefore.map((box) => [box, ch.type] as const)) },
    { page: after, at: MARGIN * 2 + Math.max(a.width, 200), label: `Page ${comparison.page}, second file`, mark: (c: PageComparison) => c.changes.flatMap((ch) => ch.boxesAfter.map((box) => [box, ch.type] as const)) },
  ];
  for (const slot of slots) {
    const top = height - MARGIN - 24;
    await drawScriptText(report, sheet, slot.page ? slot.label : `${slot.label}: no such page`, { x: slot.at, y: height - MARGIN, size: 11 });
    if (!slot.page) continue;
    const crop = slot.page.getCropBox();
    const box = displayBox(slot.page);
    const embedded = await report.embedPage(slot.page, { left: crop.x, bottom: crop.y, right: crop.x + crop.width, top: crop.y + crop.height });
    const y0 = top - box.height;
    // Drawn as the page is shown: turned clockwise by its /Rotate, about the corner that lands bottom-left.
    const [dx, dy] = ({ 90: [0, box.height], 180: [box.width, box.height], 270: [box.width, 0] } as Record<number, [number, number]>)[box.rotation] ?? [0, 0];
    sheet.drawPage(embedded, { x: slot.at + dx, y: y0 + dy, rotate: degrees(-box.rotation) });
    sheet.drawRectangle({ x: slot.at, y: y0, width: box.width, height: box.height, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
    const highlight = (r: Box, colour: keyof typeof COLOURS) =>
      sheet.drawRectangle({ x: slot.at + r.x, y: y0 + r.y, width: r.width, height: r.height, color: COLOURS[colour], opacity: 0.3, borderColor: COLOURS[colour], borderWidth: 1 });
    for (const [r, type] of slot.mark(comparison)) highlight(r, type);
    for (const r of comparison.visual) highlight(r, 'visual');
  }
}
