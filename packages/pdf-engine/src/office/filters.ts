import type { InputKind } from '@wattle/shared';

/**
 * The import filter is chosen from the type we detected by content, never left to LibreOffice's
 * own detection, so a file cannot pick a riskier filter (HTML, flat XML) by what it contains.
 */
export const OFFICE_FILTERS: Partial<Record<InputKind, { import: string; export: string; ext: string }>> = {
  docx: { import: 'MS Word 2007 XML', export: 'writer_pdf_Export', ext: 'docx' },
  doc: { import: 'MS Word 97', export: 'writer_pdf_Export', ext: 'doc' },
  odt: { import: 'writer8', export: 'writer_pdf_Export', ext: 'odt' },
  rtf: { import: 'Rich Text Format', export: 'writer_pdf_Export', ext: 'rtf' },
  txt: { import: 'Text (encoded)', export: 'writer_pdf_Export', ext: 'txt' },
  xlsx: { import: 'Calc MS Excel 2007 XML', export: 'calc_pdf_Export', ext: 'xlsx' },
  xls: { import: 'MS Excel 97', export: 'calc_pdf_Export', ext: 'xls' },
  ods: { import: 'calc8', export: 'calc_pdf_Export', ext: 'ods' },
  pptx: { import: 'Impress MS PowerPoint 2007 XML', export: 'impress_pdf_Export', ext: 'pptx' },
  ppt: { import: 'MS PowerPoint 97', export: 'impress_pdf_Export', ext: 'ppt' },
  odp: { import: 'impress8', export: 'impress_pdf_Export', ext: 'odp' },
};

/** Zip containers get the unpacked-size check before LibreOffice opens them. */
export const ZIPPED_KINDS = new Set<InputKind>(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);
