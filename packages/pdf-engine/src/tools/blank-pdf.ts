import { PDFDocument } from '@cantoo/pdf-lib';
import { paperPage } from '@wattle/shared';
import { writePdf } from '../pdf/write.ts';
import type { Operation } from './operation.ts';

/** A new document of empty pages: no inputs, so the output has a name of its own. */
export const blankPdf: Operation<'blank-pdf'> = async (_inputs, options, ctx) => {
  const doc = await PDFDocument.create();
  const size = paperPage(options.pageSize, options.orientation === 'landscape');
  for (let i = 0; i < options.pages; i++) doc.addPage(size);
  return [await writePdf(ctx, doc, 'blank.pdf', options.pages)];
};
