import { sanitizeReturnTarget } from '@wattle/shared/return-target';

export const CALLBACK_PATH = '/auth/callback';
export const UPDATE_PASSWORD_PATH = '/auth/update-password';
/** Where a verification link that no longer works is explained, with sign-in and resend on offer. */
export const INVALID_VERIFY_LINK_PATH = '/auth/verify-email?link=invalid';

/** A verification link (marked link=verify-email by the server) that came back with an error. */
export function isFailedVerifyLink(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('link') === 'verify-email' && params.has('error');
}

/** What /auth/verify-email was sent for, so "resend" repeats the right request. */
export interface VerifyEmailState {
  email: string;
  kind: 'signup' | 'magic-link' | 'reset';
}

export function isVerifyEmailState(value: unknown): value is VerifyEmailState {
  const v = value as VerifyEmailState | null;
  return typeof v?.email === 'string' && ['signup', 'magic-link', 'reset'].includes(v.kind);
}

/** The callback URL for links and OAuth, carrying a safe return target on as `next`. */
export function callbackWithNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next) return CALLBACK_PATH;
  return `${CALLBACK_PATH}?${new URLSearchParams({ next: sanitizeReturnTarget(next) })}`;
}

/**
 * A magic link's callback URL. better-auth decodes a link's callbackURL once more before it checks it,
 * and the check allows one "?" only: `next` is encoded twice, so a target with a query of its own
 * (/dashboard/settings?tab=security) arrives whole instead of the link being refused.
 */
export function magicLinkCallback(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next) return CALLBACK_PATH;
  return `${CALLBACK_PATH}?next=${encodeURIComponent(encodeURIComponent(sanitizeReturnTarget(next)))}`;
}

/** The reset link's landing: /auth/callback?next=/auth/update-password&token=… */
export function resetTokenFrom(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('next') === UPDATE_PASSWORD_PATH ? params.get('token') : null;
}
