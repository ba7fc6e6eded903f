import type { ToolId } from '@wattle/shared';
import type { Operation } from './tools/operation.ts';
import { extractPages, merge, organize, removePages, split } from './tools/pages.ts';
import { protect, repair, rotate, unlock } from './tools/qpdf-tools.ts';
import { sanitize } from './tools/sanitize.ts';
import { pageNumbers, watermark } from './tools/stamp.ts';
import { editMetadata } from './tools/metadata.ts';
import { flatten } from './tools/flatten.ts';
import { edit } from './tools/edit/edit.ts';
import { compress } from './tools/compress.ts';
import { imageToPdf } from './tools/image-to-pdf.ts';
import { blankPdf } from './tools/blank-pdf.ts';
import { textToPdf } from './tools/text-to-pdf.ts';
import { officeToPdf } from './tools/office-to-pdf.ts';
import { pdfToImage } from './tools/pdf-to-image.ts';
import { pdfToExcel, pdfToPowerpoint, pdfToText, pdfToWord } from './tools/pdf-to-office.ts';
import { ocr } from './tools/ocr.ts';
import { redact } from './tools/redact.ts';
import { compare } from './tools/compare.ts';
import { pdfToPdfa, validatePdfa } from './tools/pdfa.ts';
import { htmlToPdf } from './tools/html-to-pdf.ts';
import { emailToPdf } from './tools/email-to-pdf.ts';
import { bates, headerFooter } from './tools/header-footer.ts';
import { nUp } from './tools/n-up.ts';
import { crop } from './tools/crop.ts';
import { removeBlankPages } from './tools/remove-blank-pages.ts';
import { imageWatermark } from './tools/image-watermark.ts';
import { addAttachments, extractAttachments } from './tools/attachments.ts';

/** Exactly one operation per registry tool; the mapped type makes a missing one a type error. */
export const OPERATIONS: { [Id in ToolId]: Operation<Id> } = {
  merge,
  split,
  organize,
  rotate,
  'extract-pages': extractPages,
  'remove-pages': removePages,
  compress,
  repair,
  'image-to-pdf': imageToPdf,
  'blank-pdf': blankPdf,
  'text-to-pdf': textToPdf,
  'office-to-pdf': officeToPdf,
  'pdf-to-image': pdfToImage,
  'pdf-to-word': pdfToWord,
  'pdf-to-excel': pdfToExcel,
  'pdf-to-powerpoint': pdfToPowerpoint,
  'pdf-to-text': pdfToText,
  ocr,
  watermark,
  'page-numbers': pageNumbers,
  'header-footer': headerFooter,
  bates,
  'n-up': nUp,
  crop,
  'remove-blank-pages': removeBlankPages,
  'image-watermark': imageWatermark,
  'add-attachments': addAttachments,
  'extract-attachments': extractAttachments,
  'edit-metadata': editMetadata,
  flatten,
  edit,
  protect,
  unlock,
  sanitize,
  redact,
  compare,
  'html-to-pdf': htmlToPdf,
  'email-to-pdf': emailToPdf,
  'pdf-to-pdfa': pdfToPdfa,
  'validate-pdfa': validatePdfa,
};
