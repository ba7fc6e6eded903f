/**
 * Failures the engine reports with a stable code. The codes are entries of the shared error
 * catalogue, so the server can pass them through; anything else escaping runTool is a bug.
 */
export const ENGINE_ERROR_CODES = [
  'PDF_ENCRYPTED',
  'WRONG_PASSWORD',
  'PDF_CORRUPT',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TOO_LARGE',
  'LIMIT_EXCEEDED',
  'ENGINE_TIMEOUT',
  'ENGINE_UNAVAILABLE',
  'NOTHING_TO_REDACT',
  'REDACTION_NOT_VERIFIED',
  /** Options that pass the schema but not the document, e.g. page 12 of a 10-page PDF. */
  'VALIDATION_FAILED',
  /** remove-blank-pages would leave nothing. */
  'EVERY_PAGE_BLANK',
  /** extract-attachments on a PDF without any. */
  'NO_ATTACHMENTS',
  /** pdf-to-pdfa: fonts it cannot embed, transparency in PDF/A-1b, a result that fails a check. */
  'PDFA_FONTS_NOT_EMBEDDED',
  'PDFA_TRANSPARENCY',
  'PDFA_CHECKS_FAILED',
  /** A page number, header, footer or Bates number that would run off a page. */
  'TEXT_DOES_NOT_FIT',
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /** Safe to show: which limit, which page, which file — never paths or engine output. */
  readonly details?: Record<string, unknown>;

  constructor(code: EngineErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }
}

export function isEngineError(error: unknown, code?: EngineErrorCode): error is EngineError {
  return error instanceof EngineError && (code === undefined || error.code === code);
}
