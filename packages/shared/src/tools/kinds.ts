/** The closed vocabularies tools are described with; the registry and the UI both read these. */

export const TOOL_CATEGORIES = [
  { id: 'organise', name: 'Organise' },
  { id: 'optimise', name: 'Optimise' },
  { id: 'to-pdf', name: 'Convert to PDF' },
  { id: 'from-pdf', name: 'Convert from PDF' },
  { id: 'ocr', name: 'OCR' },
  { id: 'edit', name: 'Edit' },
  { id: 'secure', name: 'Secure' },
] as const;

export type ToolCategory = (typeof TOOL_CATEGORIES)[number]['id'];

/** Input kinds, each with the MIME type and extensions the upload form offers (the content decides, not these). */
export const INPUT_KINDS = {
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  gif: { mime: 'image/gif', extensions: ['.gif'] },
  tiff: { mime: 'image/tiff', extensions: ['.tif', '.tiff'] },
  /** HEIC and HEIF photos (iPhones save these), HEVC-coded. */
  heic: { mime: 'image/heic', extensions: ['.heic', '.heif'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  doc: { mime: 'application/msword', extensions: ['.doc'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['.odt'] },
  rtf: { mime: 'application/rtf', extensions: ['.rtf'] },
  txt: { mime: 'text/plain', extensions: ['.txt'] },
  /** Text by content (detection answers txt); the kind gives upload forms the Markdown extensions. */
  md: { mime: 'text/markdown', extensions: ['.md', '.markdown'] },
  /** A web page: text that starts with <!doctype html> or <html>. */
  html: { mime: 'text/html', extensions: ['.html', '.htm'] },
  /** A ZIP that is no Office document: a web page with its images and styles. */
  zip: { mime: 'application/zip', extensions: ['.zip'] },
  /** An email saved as a file: text that starts with mail headers, From among them. */
  eml: { mime: 'message/rfc822', extensions: ['.eml'] },
  /** An Outlook message: a compound file with MAPI property streams. */
  msg: { mime: 'application/vnd.ms-outlook', extensions: ['.msg'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['.xls'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['.ods'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['.pptx'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', extensions: ['.ppt'] },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', extensions: ['.odp'] },
} as const;

export type InputKind = keyof typeof INPUT_KINDS;

export const IMAGE_INPUT_KINDS = ['jpeg', 'png', 'webp', 'gif', 'tiff', 'heic'] as const satisfies readonly InputKind[];
export const OFFICE_INPUT_KINDS = [
  'docx', 'doc', 'odt', 'rtf', 'txt', 'xlsx', 'xls', 'ods', 'pptx', 'ppt', 'odp',
] as const satisfies readonly InputKind[];

/** 'pdfs' and 'images' mean one output file per part (range, page); 'report' is a PDF report with its findings as JSON; 'files' are files of any type (a PDF's attachments). */
export const OUTPUT_KINDS = ['pdf', 'pdfs', 'images', 'docx', 'xlsx', 'pptx', 'txt', 'report', 'files'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

export const ENGINES = ['pdf-lib', 'pdfjs', 'qpdf', 'poppler', 'tesseract', 'libreoffice', 'sharp', 'chromium'] as const;
export type EngineId = (typeof ENGINES)[number];

/** English and the languages most spoken in Australian homes that tesseract has Debian packages for. */
export const OCR_LANGUAGES = [
  { id: 'eng', name: 'English' },
  { id: 'chi_sim', name: 'Chinese (Simplified, Mandarin)' },
  { id: 'chi_tra', name: 'Chinese (Traditional, Cantonese)' },
  { id: 'ara', name: 'Arabic' },
  { id: 'vie', name: 'Vietnamese' },
  { id: 'pan', name: 'Punjabi' },
  { id: 'ell', name: 'Greek' },
  { id: 'ita', name: 'Italian' },
] as const;

export type OcrLanguage = (typeof OCR_LANGUAGES)[number]['id'];
