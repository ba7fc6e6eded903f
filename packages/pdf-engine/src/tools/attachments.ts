import { readFile, stat, writeFile } from 'node:fs/promises';
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
  const attachments = doc.getAttachments().filter((attachment) => attachment.data.length > 0);
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

/** "notes.txt", then "notes-2.txt", "notes-3.txt"… for files of the same name. */
function unusedName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate);
  return candidate;
}
