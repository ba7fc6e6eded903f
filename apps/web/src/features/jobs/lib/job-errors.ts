import { ERROR_CATALOGUE, isErrorCode } from '@wattle/shared';

/** What to offer next to a failure. */
export type ErrorRemedy = 'password' | 'retry' | 'choose-other-file' | 'none';

export interface DescribedError {
  title: string;
  message: string;
  remedy: ErrorRemedy;
}

const TITLES: Record<string, { title: string; remedy: ErrorRemedy }> = {
  PDF_ENCRYPTED: { title: 'This PDF needs its password', remedy: 'password' },
  WRONG_PASSWORD: { title: 'Wrong password', remedy: 'password' },
  PDF_CORRUPT: { title: 'This PDF is damaged', remedy: 'choose-other-file' },
  UNSUPPORTED_FILE_TYPE: { title: 'File type not supported', remedy: 'choose-other-file' },
  FILE_TOO_LARGE: { title: 'File too large', remedy: 'choose-other-file' },
  LIMIT_EXCEEDED: { title: 'Over the limits for this tool', remedy: 'choose-other-file' },
  VALIDATION_FAILED: { title: 'Check the options', remedy: 'none' },
  NOT_FOUND: { title: 'A file is no longer there', remedy: 'choose-other-file' },
  RATE_LIMITED: { title: 'Too many jobs at once', remedy: 'retry' },
  QUEUE_FULL: { title: 'We are busy right now', remedy: 'retry' },
  ENGINE_TIMEOUT: { title: 'This took too long', remedy: 'retry' },
  ENGINE_UNAVAILABLE: { title: 'Tool unavailable', remedy: 'retry' },
  NETWORK_ERROR: { title: 'Connection problem', remedy: 'retry' },
  NOTHING_TO_REDACT: { title: 'Nothing to redact', remedy: 'none' },
  REDACTION_NOT_VERIFIED: { title: 'The redaction could not be confirmed', remedy: 'none' },
};

/** Codes whose message from the server names the problem (which page, which file, which limit). */
const SPECIFIC = new Set(['VALIDATION_FAILED', 'LIMIT_EXCEEDED', 'FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'NETWORK_ERROR']);

/**
 * A failure as the person sees it: a title and the catalogue's message for the code; for codes where
 * the server says precisely what is wrong, its message (always safe to show) instead.
 */
export function describeError(error: { code: string; message?: string }): DescribedError {
  const known = TITLES[error.code];
  const catalogue = isErrorCode(error.code) ? ERROR_CATALOGUE[error.code].message : undefined;
  const message = (SPECIFIC.has(error.code) || !catalogue ? error.message : undefined) || catalogue || ERROR_CATALOGUE.INTERNAL.message;
  return { title: known?.title ?? 'Something went wrong', message, remedy: known?.remedy ?? 'retry' };
}
