import { PDFCheckBox, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField, type PDFDocument, type PDFField } from '@cantoo/pdf-lib';
import { stat } from 'node:fs/promises';
import { base64Bytes, MAX_EDIT_IMAGE_BYTES, MAX_EDIT_TOTAL_IMAGE_BYTES, PAGE_OPERATION_TYPES, type EditOperation } from '@wattle/shared';
import { EngineError } from '../../errors.ts';
import type { ToolContext, ToolInput } from '../../context.ts';
import { preparePdf } from '../../pdf/prepare.ts';
import { openPrepared } from '../../pdf/write.ts';
import { imageDataFile, prepareEditImages, type EditImageSource, type PreparedImage } from './images.ts';
import { pageSpace } from './page-space.ts';

/**
 * The checks that need the document, all made before anything is drawn: pages exist, content lands on
 * its page, images decode, form values fit their fields, page operations keep a page. Mistakes are
 * reported together as VALIDATION_FAILED with the same field paths the schema uses (operations.3.page).
 */

export interface FieldIssue {
  path: string;
  message: string;
}

/** By operation index; one object per attached file, however often it is placed. */
export type PreparedImages = Map<number, PreparedImage>;
/** Attached PDFs that `insert-pdf` names, by their number. */
export type AttachedPdfs = Map<number, PDFDocument>;

export type PageOperation = Extract<EditOperation, { type: (typeof PAGE_OPERATION_TYPES)[number] }>;
export const isPageOperation = (operation: EditOperation): operation is PageOperation => (PAGE_OPERATION_TYPES as readonly string[]).includes(operation.type);

/** `attachments` and `attachedPdfs` are the job's image files and other PDFs, in the order sent: `file` numbers each kind from 1. */
export async function checkEdits(
  ctx: ToolContext,
  doc: PDFDocument,
  operations: readonly EditOperation[],
  attachments: readonly ToolInput[],
  attachedPdfs: readonly ToolInput[],
): Promise<{ images: PreparedImages; pdfs: AttachedPdfs }> {
  const issues: FieldIssue[] = [];
  const images: PreparedImages = new Map();
  const pdfs: AttachedPdfs = new Map();
  const { attached, inline } = await readImages(ctx, operations, attachments);
  const placed = new Set<number>();
  let imageBytes = 0;
  const pages = doc.getPages();
  let pageCount = pages.length;
  for (const [index, operation] of operations.entries()) {
    const at = (field: string) => `operations.${index}${field ? `.${field}` : ''}`;
    if (operation.type === 'insert-pdf') {
      const problem = pageOperationProblem(operation, pageCount);
      if (problem) issues.push({ path: at(problem.field), message: problem.message });
      if (!pdfs.has(operation.file)) {
        const opened = await openAttachedPdf(ctx, attachedPdfs[operation.file - 1]);
        if (typeof opened === 'string') {
          issues.push({ path: at('file'), message: opened });
          continue;
        }
        pdfs.set(operation.file, opened);
      }
      pageCount += pdfs.get(operation.file)!.getPageCount();
      continue;
    }
    if (isPageOperation(operation)) {
      const problem = pageOperationProblem(operation, pageCount);
      if (problem) issues.push({ path: at(problem.field), message: problem.message });
      else pageCount += operation.type === 'insert-page' ? 1 : operation.type === 'delete-page' ? -1 : 0;
      continue;
    }
    if (operation.type === 'form') {
      issues.push(...formIssues(doc, operation.values).map((issue) => ({ ...issue, path: at(`values.${issue.path}`) })));
      continue;
    }
    const page = pages[operation.page - 1];
    if (!page) {
      issues.push({ path: at('page'), message: `The document has ${pages.length} page${pages.length === 1 ? '' : 's'}.` });
      continue;
    }
    const space = pageSpace(page);
    const bounds = contentBounds(operation);
    if (bounds.x > space.width || bounds.y > space.height || bounds.x + bounds.width < 0 || bounds.y + bounds.height < 0) {
      issues.push({ path: at(''), message: `This is outside page ${operation.page}.` });
    }
    if (operation.type === 'image') {
      let image: Attachment;
      if (operation.data !== undefined) image = inline.get(index)!;
      else {
        const number = operation.file!;
        image = attached.get(number)!;
        // A file placed on every page is embedded, and counted, once.
        if (placed.has(number)) image = { ...image, bytes: 0 };
        placed.add(number);
      }
      imageBytes += image.bytes;
      const field = operation.data !== undefined ? 'data' : 'file';
      if (image.problem) issues.push({ path: at(field), message: image.problem });
      else if (image.image) images.set(index, image.image);
      else issues.push({ path: at(field), message: 'This is not a JPEG, PNG or WebP image that can be read.' });
    }
    if (index % 50 === 0) ctx.checkAborted();
  }
  // A PDF nobody inserts is more likely a mistake about which file is edited than a spare.
  for (let n = 1; n <= attachedPdfs.length; n++) {
    if (!pdfs.has(n) && !operations.some((o) => o.type === 'insert-pdf' && o.file === n)) issues.push({ path: 'files', message: `PDF ${n} after the one edited is not used by any insert-pdf operation.` });
  }
  if (imageBytes > MAX_EDIT_TOTAL_IMAGE_BYTES) issues.push({ path: 'operations', message: 'The images together are too large.' });
  if (pageCount === 0) issues.push({ path: 'operations', message: 'The document must keep at least one page.' });
  if (pageCount > ctx.limits.maxPages) issues.push({ path: 'operations', message: 'The result would have too many pages.' });
  if (issues.length > 0) throw new EngineError('VALIDATION_FAILED', summary(issues), { fields: issues });
  return { images, pdfs };
}

/** An attached PDF, prepared like any input (budgets, repair); a damaged or locked one becomes the message for its field. */
async function openAttachedPdf(ctx: ToolContext, input: ToolInput | undefined): Promise<PDFDocument | string> {
  if (!input) return 'No PDF with this number was sent with the job.';
  try {
    return await openPrepared(await preparePdf(ctx, input));
  } catch (error) {
    // Over a budget is no mistake in the operations: the job answers LIMIT_EXCEEDED, as every tool does for that file.
    if (!(error instanceof EngineError) || error.code === 'LIMIT_EXCEEDED') throw error;
    if (error.code === 'PDF_ENCRYPTED') return 'This PDF needs a password: unlock it first.';
    return 'This PDF is damaged and could not be read.';
  }
}

/** The message names the first problem and counts the rest (every field is in the job's error details too). */
function summary(issues: readonly FieldIssue[]): string {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `Some edits do not fit this document: ${first!.path}: ${first!.message}${more}`;
}

function pageOperationProblem(operation: PageOperation, pageCount: number): { field: string; message: string } | undefined {
  const pagesNow = `The document has ${pageCount} page${pageCount === 1 ? '' : 's'} at this point.`;
  switch (operation.type) {
    case 'insert-page':
    case 'insert-pdf':
      return operation.after > pageCount ? { field: 'after', message: pagesNow } : undefined;
    case 'reorder-pages': {
      const seen = new Set(operation.order);
      const complete = operation.order.length === pageCount && seen.size === pageCount && operation.order.every((n) => n <= pageCount);
      return complete ? undefined : { field: 'order', message: `List every page from 1 to ${pageCount} once.` };
    }
    default:
      return operation.page > pageCount ? { field: 'page', message: pagesNow } : undefined;
  }
}

/** Where an operation draws, in the top-left space of its visible page (text is estimated from its size). */
function contentBounds(operation: Exclude<EditOperation, PageOperation | { type: 'form' }>): { x: number; y: number; width: number; height: number } {
  switch (operation.type) {
    case 'text': {
      const lines = operation.text.split('\n');
      const longest = Math.max(...lines.map((line) => line.length));
      return { x: operation.x, y: operation.y, width: operation.width ?? longest * operation.size * 0.6, height: lines.length * operation.size * operation.lineHeight };
    }
    case 'line':
    case 'arrow':
      return spanOf([operation.from, operation.to]);
    case 'ink':
      return spanOf(operation.strokes.flat());
    case 'highlight':
    case 'underline':
    case 'strikeout':
      return spanOf(operation.rects.flatMap((r) => [r, { x: r.x + r.width, y: r.y + r.height }]));
    case 'note':
      return { x: operation.x, y: operation.y, width: NOTE_ICON, height: NOTE_ICON };
    case 'stamp':
      return { x: operation.x, y: operation.y, width: operation.size * (operation.mark === 'date' ? 5 : 1), height: operation.size };
    default:
      return operation;
  }
}

/** Side of a sticky note's icon, in points, as readers draw it. */
export const NOTE_ICON = 24;

function spanOf(points: readonly { x: number; y: number }[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

interface Attachment {
  image?: PreparedImage;
  /** Counted against the total of all images. */
  bytes: number;
  problem?: string;
}

/**
 * Every image the operations place, read once each and all in one run of the edit images engine (which
 * measures them before decoding): attached files by their number, inline data by its operation's index.
 */
async function readImages(ctx: ToolContext, operations: readonly EditOperation[], attachments: readonly ToolInput[]): Promise<{ attached: Map<number, Attachment>; inline: Map<number, Attachment> }> {
  const attached = new Map<number, Attachment>();
  const inline = new Map<number, Attachment>();
  const pending: { into: Attachment; source: EditImageSource }[] = [];
  for (const [index, operation] of operations.entries()) {
    if (operation.type !== 'image') continue;
    if (operation.data !== undefined) {
      const into: Attachment = { bytes: base64Bytes(operation.data) };
      inline.set(index, into);
      pending.push({ into, source: { path: await imageDataFile(ctx, operation.data), filename: `operations.${index}.data` } });
      continue;
    }
    const number = operation.file!;
    if (attached.has(number)) continue;
    const input = attachments[number - 1];
    if (!input) {
      attached.set(number, { bytes: 0, problem: 'No image with this number was sent with the job.' });
      continue;
    }
    const { size } = await stat(input.path);
    const into: Attachment = { bytes: size };
    if (size > MAX_EDIT_IMAGE_BYTES) into.problem = `This image is larger than ${MAX_EDIT_IMAGE_BYTES / 1024 / 1024} MB.`;
    else pending.push({ into, source: input });
    attached.set(number, into);
  }
  const prepared = await prepareEditImages(ctx, pending.map((p) => p.source));
  pending.forEach(({ into }, i) => (into.image = prepared[i]));
  return { attached, inline };
}

/** Form values checked against the fields: the field exists and the value is one it can take. */
function formIssues(doc: PDFDocument, values: Record<string, string | boolean | string[]>): FieldIssue[] {
  const form = doc.getForm();
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = form.getFieldMaybe(name);
    const problem = field ? valueProblem(field, value) : 'There is no form field with this name.';
    if (problem) issues.push({ path: name, message: problem });
  }
  return issues;
}

function valueProblem(field: PDFField, value: string | boolean | string[]): string | undefined {
  if (field instanceof PDFTextField) {
    if (typeof value !== 'string') return 'This is a text field: send text.';
    const max = field.getMaxLength();
    return max !== undefined && value.length > max ? `This field takes at most ${max} characters.` : undefined;
  }
  if (field instanceof PDFCheckBox) return typeof value === 'boolean' ? undefined : 'This is a checkbox: send true or false.';
  if (field instanceof PDFRadioGroup) return typeof value === 'string' && field.getOptions().includes(value) ? undefined : `Choose one of: ${field.getOptions().join(', ')}.`;
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    const chosen = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
    const options = field.getOptions();
    if (!chosen) return `Choose one of: ${options.join(', ')}.`;
    if (chosen.length > 1 && !field.isMultiselect()) return 'This field takes one choice.';
    // An editable dropdown also takes text of the user's own.
    const editable = field instanceof PDFDropdown && field.isEditable();
    return editable || chosen.every((c) => options.includes(c)) ? undefined : `Choose from: ${options.join(', ')}.`;
  }
  return 'This field cannot be filled in here.';
}
