import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { qpdf } from '../process/commands.ts';
import { objectStreamsAllowed, pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { qpdfSucceeded } from '../pdf/qpdf.ts';
import { checkedOutput, openPrepared } from '../pdf/write.ts';
import type { Operation } from './operation.ts';

/** Actions that run code, open files or reach the network when a reader follows them. */
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'URI', 'SubmitForm', 'ImportData', 'GoToR', 'GoToE', 'RichMediaExecute', 'Rendition', 'Sound', 'Movie']);
/** Keys dropped wherever they appear: triggers, scripts, attachments, metadata, XFA (which can script). */
const DROPPED_KEYS = ['AA', 'OpenAction', 'JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'Metadata', 'PieceInfo', 'XFA', 'Collection', 'RichMediaContent'];
/** Annotations that carry files or media. */
const DROPPED_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound']);

/**
 * Strips active content in pdf-lib, then lets qpdf rewrite the file, which writes only objects
 * still reachable: the scripts and attachments we unlinked do not linger as orphans.
 */
export const sanitize: Operation<'sanitize'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  for (const [, object] of doc.context.enumerateIndirectObjects()) clean(doc.context, object);
  doc.context.trailerInfo.Info = undefined;
  const unlinked = join(ctx.dir, `sanitised-${randomUUID()}.pdf`);
  await writeFile(unlinked, await doc.save({ useObjectStreams: false }));
  const target = ctx.output(outputFilename(pdf.filename, 'sanitised', 'pdf'));
  if (!qpdfSucceeded(await ctx.run(qpdf.rewrite(unlinked, target.path, { optimise: true, objectStreams: objectStreamsAllowed(pdf.profile) })))) {
    throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this PDF.');
  }
  return [await checkedOutput(ctx, target, pdf.pages, pdfaNotKept([pdf.profile], 'its metadata was removed'))];
};

function clean(context: PDFContext, object: PDFObject): void {
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    for (const key of DROPPED_KEYS) dict.delete(PDFName.of(key));
    for (const [key, value] of dict.entries()) {
      if (isActiveAction(context, value)) dict.delete(key);
      else if (key === PDFName.of('Annots')) dropAnnotations(context, value);
      else clean(context, value);
    }
  } else if (dict instanceof PDFArray) {
    for (let i = dict.size() - 1; i >= 0; i--) {
      if (isActiveAction(context, dict.get(i))) dict.remove(i);
      else clean(context, dict.get(i));
    }
  }
}

function isActiveAction(context: PDFContext, value: PDFObject): boolean {
  const action = value instanceof PDFRef ? context.lookup(value) : value;
  if (!(action instanceof PDFDict)) return false;
  const type = action.get(PDFName.of('S'));
  return type instanceof PDFName && ACTIVE_ACTIONS.has(type.decodeText());
}

function dropAnnotations(context: PDFContext, value: PDFObject): void {
  const annots = value instanceof PDFRef ? context.lookup(value) : value;
  if (!(annots instanceof PDFArray)) return;
  for (let i = annots.size() - 1; i >= 0; i--) {
    const annot = context.lookup(annots.get(i));
    const subtype = annot instanceof PDFDict ? annot.get(PDFName.of('Subtype')) : undefined;
    if (subtype instanceof PDFName && DROPPED_ANNOTATIONS.has(subtype.decodeText())) annots.remove(i);
  }
}
