import { readFile, stat, writeFile } from 'node:fs/promises';
import { decodePDFRawStream, PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import { INPUT_KINDS, safeFilename } from '@wattle/shared';
import type { ToolOutput } from '../context.ts';
import { detectFileType } from '../detect/file-type.ts';
import { EngineError } from '../errors.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { checkFileSize, preparePdf } from '../pdf/prepare.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { Operation } from './operation.ts';

/**
 * Files embedded in a PDF (its EmbeddedFiles name tree, which readers list as attachments). Every name,
 * going in or coming out, follows the one filename policy.
 */

/** The PDF is the first file; the files after it are attached under their own names, each name used once. */
export const addAttachments: Operation<'add-attachments'> = async ([input, ...files], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  let total = 0;
  for (const file of files) {
    await checkFileSize(ctx, file);
    total += (await stat(file.path)).size;
  }
  if (total > ctx.limits.maxFileBytes) {
    throw new EngineError('LIMIT_EXCEEDED', 'The files to attach are too large together.', { limit: 'maxFileBytes' });
  }
  const taken = new Set(doc.getAttachments().map((attachment) => attachment.name));
  for (const file of files) {
    const kind = await detectFileType(file.path);
    const name = unusedName(safeFilename(file.filename, 'attachment'), taken);
    await doc.attach(await readFile(file.path), name, { mimeType: kind ? INPUT_KINDS[kind].mime : 'application/octet-stream' });
    ctx.checkAborted();
  }
  // PDF/A-3 allows attached files (pdf-lib writes the /AF entries it asks for); parts 1 and 2 do not.
  const notes = pdf.profile.pdfaPart === 3 ? [] : pdfaNotKept([pdf.profile], 'PDF/A-1 and PDF/A-2 do not allow attached files');
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'with-attachments', 'pdf'), pdf.pages, notes)];
};

/** Each embedded file as an output of its own (sent as plain bytes: an attached web page must not open as one). */
export const extractAttachments: Operation<'extract-attachments'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const attachments = embeddedFiles(doc).filter((attachment) => attachment.data.length > 0);
  if (attachments.length === 0) throw new EngineError('NO_ATTACHMENTS', 'This PDF has no attached files.');
  const outputs: ToolOutput[] = [];
  for (const [i, attachment] of attachments.entries()) {
    const target = ctx.output(safeFilename(attachment.name, `attachment-${i + 1}`));
    await writeFile(target.path, attachment.data);
    outputs.push({ path: target.path, filename: target.filename, contentType: 'application/octet-stream' });
    ctx.progress((i + 1) / attachments.length);
  }
  return outputs;
};

/** Name trees nest (/Kids); a damaged or hostile one may loop, so each node is read once and this deep at most. */
const MAX_TREE_DEPTH = 32;

/**
 * Every embedded file, each stream once: the document's EmbeddedFiles name tree (flat or nested, which
 * pdf-lib's getAttachments does not read) and files attached to pages as annotations. A file whose
 * stream cannot be decoded is left out rather than failing the rest.
 */
function embeddedFiles(doc: PDFDocument): { name: string; data: Uint8Array }[] {
  const found: { name: string; data: Uint8Array }[] = [];
  const streams = new Set<PDFRawStream>();
  const take = (spec: PDFObject | undefined, key?: string) => {
    if (!(spec instanceof PDFDict)) return;
    const files = spec.lookup(PDFName.of('EF'));
    if (!(files instanceof PDFDict)) return;
    const stream = files.lookup(PDFName.of('UF')) ?? files.lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream) || streams.has(stream)) return;
    streams.add(stream);
    try {
      const name = textOf(spec.lookup(PDFName.of('UF'))) ?? textOf(spec.lookup(PDFName.of('F'))) ?? key ?? '';
      found.push({ name, data: decodePDFRawStream(stream).decode() });
    } catch {
      // An unknown filter or broken data: this file only.
    }
  };
  const visited = new Set<PDFDict>();
  const walk = (node: PDFObject | undefined, depth: number) => {
    if (!(node instanceof PDFDict) || visited.has(node) || depth > MAX_TREE_DEPTH) return;
    visited.add(node);
    const names = node.lookup(PDFName.of('Names'));
    if (names instanceof PDFArray) for (let i = 0; i + 1 < names.size(); i += 2) take(names.lookup(i + 1), textOf(names.lookup(i)));
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i), depth + 1);
  };
  const catalogNames = doc.catalog.lookup(PDFName.of('Names'));
  if (catalogNames instanceof PDFDict) walk(catalogNames.lookup(PDFName.of('EmbeddedFiles')), 0);
  for (const page of doc.getPages()) {
    const annotations = page.node.lookup(PDFName.of('Annots'));
    if (!(annotations instanceof PDFArray)) continue;
    for (let i = 0; i < annotations.size(); i++) {
      const annotation = annotations.lookup(i);
      if (annotation instanceof PDFDict && annotation.lookup(PDFName.of('Subtype')) === PDFName.of('FileAttachment')) take(annotation.lookup(PDFName.of('FS')));
    }
  }
  return found;
}

const textOf = (value: PDFObject | undefined) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

/** "notes.txt", then "notes-2.txt", "notes-3.txt"… for files of the same name. */
function unusedName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate);
  return candidate;
}
