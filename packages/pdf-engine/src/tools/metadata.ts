import { PDFDict, PDFName } from '@cantoo/pdf-lib';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { Operation } from './operation.ts';

const FIELDS = {
  title: 'Title',
  author: 'Author',
  subject: 'Subject',
  keywords: 'Keywords',
  creator: 'Creator',
  producer: 'Producer',
} as const;

/** A field left out keeps its value, an empty one removes it. */
export const editMetadata: Operation<'edit-metadata'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  // Readers prefer XMP over the Info dictionary; a stale XMP copy would hide the edit.
  doc.catalog.delete(PDFName.of('Metadata'));
  const setters = {
    title: (v: string) => doc.setTitle(v),
    author: (v: string) => doc.setAuthor(v),
    subject: (v: string) => doc.setSubject(v),
    keywords: (v: string) => doc.setKeywords(v.split(',').map((k) => k.trim()).filter(Boolean)),
    creator: (v: string) => doc.setCreator(v),
    producer: (v: string) => doc.setProducer(v),
  };
  for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    const value = options[field];
    if (value === undefined) continue;
    if (value === '') infoDict(doc.context)?.delete(PDFName.of(FIELDS[field]));
    else setters[field](value);
  }
  doc.setModificationDate(new Date());
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'edited', 'pdf'), pdf.pages, pdfaNotKept([pdf.profile], 'its XMP metadata, which holds the PDF/A claim, was removed'))];
};

function infoDict(context: import('@cantoo/pdf-lib').PDFContext): PDFDict | undefined {
  const info = context.trailerInfo.Info ? context.lookup(context.trailerInfo.Info) : undefined;
  return info instanceof PDFDict ? info : undefined;
}
