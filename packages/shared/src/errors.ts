/**
 * The one error catalogue: a stable code, the HTTP status it answers with, and a message safe to show.
 * The server throws AppError(code); the web maps codes to messages and never parses error strings.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue.' },
  // Auth answers: the spec's section 8 sentences.
  INVALID_CREDENTIALS: { status: 401, message: 'The email or password you entered is incorrect. Please try again.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email address before signing in. Check your inbox for the verification email.' },
  INVALID_TOKEN: { status: 400, message: 'The login link has expired. Please request a new one.' },
  // Account security: the person's own password, asked again before a change or a deletion.
  PASSWORD_INCORRECT: { status: 400, message: 'The password you entered is not correct.' },
  TEAM_OWNER: { status: 409, message: 'Transfer or delete your team first.' },
  // Teams (better-auth's organisation refusals, in our words).
  TEAM_SLUG_TAKEN: { status: 409, message: 'That short name is taken. Choose another.' },
  TEAM_LIMIT_REACHED: { status: 409, message: 'The limit of teams, members or invitations has been reached.' },
  ALREADY_IN_TEAM: { status: 409, message: 'That person is already in the team.' },
  ALREADY_INVITED: { status: 409, message: 'That address already has an invitation. Use Resend to send it again.' },
  INVITATION_UNUSABLE: { status: 404, message: 'This invitation has expired, was revoked or has already been used.' },
  INVITATION_FOR_ANOTHER_ADDRESS: { status: 403, message: 'This invitation was sent to another email address. Sign in with that address to accept it.' },
  TWO_FACTOR_CODE_INCORRECT: { status: 401, message: 'That code is not right. Check your authenticator app and try again.' },
  TWO_FACTOR_CODE_USED: { status: 401, message: 'That code has just been used. Wait for the next one from your authenticator app.' },
  BACKUP_CODE_INCORRECT: { status: 401, message: 'That backup code is not right, or it has been used already.' },
  TWO_FACTOR_EXPIRED: { status: 401, message: 'Your sign-in has timed out. Please sign in again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'That conflicts with the current state.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  UPLOAD_STALLED: { status: 408, message: 'The upload stopped arriving. Please try again.' },
  UNSUPPORTED_FILE_TYPE: { status: 415, message: 'This type of file is not supported here.' },
  IMAGE_TOO_LARGE: { status: 422, message: 'The image is too large. Please choose a smaller picture.' },
  STORAGE_LIMIT_EXCEEDED: { status: 409, message: "You don't have enough storage space for these files." },
  LIMIT_EXCEEDED: { status: 422, message: 'The document is over the limits for this tool.' },
  PDF_ENCRYPTED: { status: 422, message: 'This PDF is protected by a password. Enter the password to open it.' },
  WRONG_PASSWORD: { status: 422, message: 'The password is not correct for this PDF.' },
  // Also a file named .pdf that is no PDF at all: to the person it is a damaged PDF, not a wrong type.
  PDF_CORRUPT: { status: 422, message: 'This PDF is damaged or is not a PDF, so it could not be read.' },
  NO_ATTACHMENTS: { status: 422, message: 'This PDF has no attached files.' },
  EVERY_PAGE_BLANK: { status: 422, message: 'Every page of this PDF is blank, so there would be nothing left. Nothing was removed.' },
  // Redaction: nothing matched, or the result still held what was to be removed.
  NOTHING_TO_REDACT: { status: 422, message: 'Nothing in this PDF matches what you asked to redact, so no file was made.' },
  REDACTION_NOT_VERIFIED: { status: 422, message: 'Redacted text could still be found in the result, so no file was made.' },
  // PDF/A: what pdf-to-pdfa cannot fix on its own.
  PDFA_FONTS_NOT_EMBEDDED: { status: 422, message: 'Some fonts in this PDF are not embedded, so it cannot become PDF/A. Make the PDF again with its fonts embedded.' },
  PDFA_TRANSPARENCY: { status: 422, message: 'This PDF uses transparency, which PDF/A-1b does not allow. Choose PDF/A-2b instead.' },
  PDFA_CHECKS_FAILED: { status: 422, message: 'The result did not pass every PDF/A check, so no file was made.' },
  // Page numbers, headers and footers, Bates numbers: a line wider or taller than the page between its margins.
  TEXT_DOES_NOT_FIT: { status: 422, message: 'The text does not fit on the page. Choose a smaller text size or margin, or shorter text.' },
  RATE_LIMITED: { status: 429, message: 'Please wait a moment before trying again.' },
  QUEUE_FULL: { status: 429, message: 'We are busy right now. Please try again in a minute.' },
  ENGINE_TIMEOUT: { status: 504, message: 'The document took too long to process.' },
  ENGINE_UNAVAILABLE: { status: 503, message: 'This tool is not available right now.' },
  INTERNAL: { status: 500, message: 'An unexpected error occurred. Please try again later.' },
  // Share-link viewers.
  LINK_GONE: { status: 410, message: 'This link has expired or been turned off.' },
  LINK_LOCKED: { status: 401, message: 'Enter the password or confirm your email address to open this document.' },
  LINK_PASSWORD_INCORRECT: { status: 401, message: 'The password is not correct.' },
  EMAIL_CODE_INCORRECT: { status: 401, message: 'The code is not correct or has expired. Request a new one.' },
  EMAIL_NOT_ALLOWED: { status: 403, message: 'This email address cannot open this document.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** What `details` holds for the codes that carry any; every other code carries none. */
export interface ErrorDetails {
  VALIDATION_FAILED: { fieldErrors: Record<string, string[]> };
  FILE_TOO_LARGE: { maxBytes: number; filename?: string };
  /** `accepts`: the input kinds taken (e.g. pdf), decided by the content. */
  UNSUPPORTED_FILE_TYPE: { accepts: readonly string[]; filename?: string };
  /** `part`: which part of the file is damaged, when a check could tell (decision 135). */
  PDF_CORRUPT: { filename?: string; part?: PdfPart };
  /** `limit`: which budget (maxPixels, maxStreamBytes, maxPages, …), with the measure that was over it. */
  LIMIT_EXCEEDED: { limit?: string; filename?: string; page?: number; pages?: number; width?: number; height?: number; max?: number };
  ENGINE_UNAVAILABLE: { engine: string };
  /** Which gates the link has: the viewer shows the password field, the email form, or both. */
  LINK_LOCKED: { password: boolean; email: boolean };
}

/** The parts of a PDF a structure check names when it finds one damaged. */
export type PdfPart = 'header' | 'xref' | 'trailer' | 'stream' | 'page tree';

export type DetailsOf<C extends ErrorCode> = C extends keyof ErrorDetails ? ErrorDetails[C] : never;

export interface AppErrorOptions {
  /** Replaces the catalogue's message when the request needs a more precise one. */
  message?: string;
  /** Seconds until trying again can succeed; the error handler sends it as Retry-After. */
  retryAfter?: number;
}

/** The one error the server throws; the error handler answers it as the envelope with its status. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly details?: DetailsOf<C>;
  readonly retryAfter?: number;

  constructor(code: C, details?: DetailsOf<C>, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = details;
    this.retryAfter = options.retryAfter;
  }
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);
}
