/** What the print engine (print-main.ts) is asked and answers; no imports, so the engine loads only this. */

/** The made-up origin a document is served from; `.invalid` never resolves anywhere. */
export const DOCUMENT_ORIGIN = 'http://document.invalid';

export type PaperFormat = 'A4' | 'Letter' | 'Legal' | 'A3' | 'A5';

export interface PrintJob {
  /** The page to open, under DOCUMENT_ORIGIN, e.g. /index.html. */
  entry: string;
  /** The document's files by URL path (no leading slash), each in a file of its own; every other request is refused. */
  files: { path: string; file: string; contentType: string }[];
  format: PaperFormat;
  /** The script that starts Chromium (at the job's priority, without a network). */
  browser: string;
  /** The browser's temp folder: short enough for the socket it keeps there. */
  temp: string;
  /** Where the PDF is written. */
  output: string;
  timeoutMs: number;
}

export interface PrintFailure {
  code: 'ENGINE_TIMEOUT' | 'ENGINE_UNAVAILABLE';
  message: string;
}
