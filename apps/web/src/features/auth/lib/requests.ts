import { authClient } from '../auth-client';
import { callbackWithNext, CALLBACK_PATH, UPDATE_PASSWORD_PATH, type VerifyEmailState } from './flow';

/** Each request returns the error (better-auth's `{ code, message, status }`, or what was thrown), or null. */
export async function attempt(run: () => Promise<{ error: unknown }>): Promise<unknown> {
  try {
    const { error } = await run();
    return error ?? null;
  } catch (err) {
    return err;
  }
}

export const requestMagicLink = (email: string, search = '') =>
  attempt(() => authClient.signIn.magicLink({ email, callbackURL: callbackWithNext(search), errorCallbackURL: CALLBACK_PATH }));

export const requestPasswordReset = (email: string) =>
  attempt(() => authClient.requestPasswordReset({ email, redirectTo: `${CALLBACK_PATH}?next=${UPDATE_PASSWORD_PATH}` }));

export const resendVerification = (email: string) => attempt(() => authClient.sendVerificationEmail({ email, callbackURL: CALLBACK_PATH }));

/** "Resend" on /auth/verify-email repeats the request that sent the user there. */
export function resend({ email, kind }: VerifyEmailState): Promise<unknown> {
  if (kind === 'magic-link') return requestMagicLink(email);
  if (kind === 'reset') return requestPasswordReset(email);
  return resendVerification(email);
}
