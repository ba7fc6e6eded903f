/**
 * Spec section 8: what the auth screens say when something fails. Pure functions over the error
 * better-auth's client returns (see readAuthError); the server's catalogue codes and the spec's own
 * message keys are both recognised, and anything unrecognised is shown as received.
 */

export const AUTH_MESSAGES = {
  invalidCredentials: 'The email or password you entered is incorrect. Please try again.',
  emailNotConfirmed: 'Please verify your email address before signing in. Check your inbox for the verification email.',
  userNotFound: 'No account found with this email address. Would you like to sign up instead?',
  tooManyRequests: 'Too many login attempts. Please try again in a few minutes.',
  linkExpired: 'The login link has expired. Please request a new one.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  rateLimited: 'Please wait a moment before trying again.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  signUpServerError: 'There was an issue creating your account. Please try again later.',
} as const;

export type AuthErrorKind = Exclude<keyof typeof AUTH_MESSAGES, 'unexpected' | 'signUpServerError'>;

export interface AuthErrorLike {
  code?: string;
  message?: string;
  status?: number;
  details?: unknown;
}

/** Which screen asked: on sign-in a 429 means too many attempts; elsewhere, wait a moment. */
export type AuthErrorContext = 'sign-in' | 'request';

/** The server's catalogue codes, to one kind each (RATE_LIMITED depends on the screen, see below). */
const BY_CODE: Record<string, AuthErrorKind> = {
  INVALID_CREDENTIALS: 'invalidCredentials',
  EMAIL_NOT_VERIFIED: 'emailNotConfirmed',
  INVALID_TOKEN: 'linkExpired',
};

const BY_MESSAGE: Array<[RegExp, AuthErrorKind]> = [
  [/invalid login credentials/i, 'invalidCredentials'],
  [/email not confirmed/i, 'emailNotConfirmed'],
  [/user not found/i, 'userNotFound'],
  [/too many requests/i, 'tooManyRequests'],
  [/email link is invalid or has expired/i, 'linkExpired'],
  [/password is too short/i, 'passwordTooShort'],
  [/rate limit exceeded/i, 'rateLimited'],
];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The one reader of auth failures. better-auth's client spreads a refusal's JSON body into its error
 * next to `status`: the API's envelope arrives as `{ error: { code, message, details }, status }`.
 * A thrown exception (network down) is read as it is.
 */
export function readAuthError(error: unknown): AuthErrorLike | null {
  if (!isRecord(error)) return null;
  const body = isRecord(error.error) ? error.error : error;
  return {
    code: typeof body.code === 'string' ? body.code : undefined,
    message: typeof body.message === 'string' ? body.message : undefined,
    status: typeof error.status === 'number' ? error.status : undefined,
    details: body.details,
  };
}

export function authErrorKind(error: unknown, context: AuthErrorContext = 'sign-in'): AuthErrorKind | null {
  const e = readAuthError(error);
  if (!e) return null;
  const code = e.code?.toUpperCase();
  if (code && BY_CODE[code]) return BY_CODE[code];
  if (e.status === 429 || code === 'RATE_LIMITED') return context === 'sign-in' ? 'tooManyRequests' : 'rateLimited';
  for (const [pattern, kind] of BY_MESSAGE) if (e.message && pattern.test(e.message)) return kind;
  return null;
}

/** The text for an inline alert or a toast description. */
export function authErrorMessage(error: unknown, context: AuthErrorContext = 'sign-in'): string {
  const kind = authErrorKind(error, context);
  if (kind) return AUTH_MESSAGES[kind];
  const e = readAuthError(error);
  // A thrown exception (network down, a bug) or a server fault has no message meant for people.
  if (!e || error instanceof TypeError || !e.message || (e.status ?? 0) >= 500) return AUTH_MESSAGES.unexpected;
  return e.message;
}

/** Sign-up: a server fault (the spec's "Database error") gets its own sentence. */
export function signUpErrorMessage(error: unknown): string {
  const e = readAuthError(error);
  if (e && ((e.status ?? 0) >= 500 || /database error/i.test(e.message ?? ''))) return AUTH_MESSAGES.signUpServerError;
  return authErrorMessage(error, 'request');
}

/** The sign-in toast title: its own for an unconfirmed address. */
export function signInToastTitle(error: unknown): string {
  return authErrorKind(error) === 'emailNotConfirmed' ? 'Email Verification Required' : 'Sign In Failed';
}

/** Error codes /auth/callback can receive in `?error=` (from link and OAuth redirects). */
const CALLBACK_ERRORS: Record<string, string> = {
  INVALID_TOKEN: AUTH_MESSAGES.linkExpired,
  EXPIRED_TOKEN: AUTH_MESSAGES.linkExpired,
  TOKEN_EXPIRED: AUTH_MESSAGES.linkExpired,
  NEW_USER_SIGNUP_DISABLED: AUTH_MESSAGES.userNotFound,
  ACCESS_DENIED: 'Sign-in was cancelled.',
  EMAIL_NOT_FOUND: 'Your account with that provider has no email address we can use.',
  ACCOUNT_NOT_LINKED: 'This email address already has an account. Sign in with your password, then try again.',
  UNABLE_TO_LINK_ACCOUNT: 'This email address already has an account. Sign in with your password, then try again.',
};

/** Spec section 2: the callback's error toast says the error, or "Authentication failed" if there is none. */
export function callbackErrorMessage(code: string | null | undefined): string {
  if (!code) return 'Authentication failed';
  return CALLBACK_ERRORS[code.toUpperCase()] ?? 'Authentication failed';
}

/** Field errors from the server's VALIDATION_FAILED answer, renamed to the form's fields. */
export function serverFieldErrors(error: unknown, rename: Record<string, string> = {}): Record<string, string> {
  const details = readAuthError(error)?.details;
  const fieldErrors = isRecord(details) && isRecord(details.fieldErrors) ? details.fieldErrors : {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') out[rename[field] ?? field] = first;
  }
  return out;
}
