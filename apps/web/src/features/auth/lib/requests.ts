import { authClient } from '../auth-client';
import { CALLBACK_PATH, magicLinkCallback, UPDATE_PASSWORD_PATH, type VerifyEmailState } from './flow';
import type { SecondStep } from './two-factor';

/** Each request returns the error (better-auth's `{ code, message, status }`, or what was thrown), or null. */
export async function attempt(run: () => Promise<{ error: unknown }>): Promise<unknown> {
  try {
    const { error } = await run();
    return error ?? null;
  } catch (err) {
    return err;
  }
}

/** Password sign-in: done, or the account asks for a code next (two-factor), or refused with the error. */
export async function signInWithPassword(email: string, password: string, rememberMe: boolean): Promise<'signed-in' | 'two-factor' | { error: unknown }> {
  try {
    const { data, error } = await authClient.signIn.email({ email, password, rememberMe });
    if (error) return { error };
    return data && 'twoFactorRedirect' in data && data.twoFactorRedirect ? 'two-factor' : 'signed-in';
  } catch (err) {
    return { error: err };
  }
}

/** The second step of sign-in: a code from the authenticator app, or a backup code (used up). */
export const verifySecondStep = (step: SecondStep, code: string, trustDevice: boolean) =>
  attempt(() => (step === 'totp' ? authClient.twoFactor.verifyTotp({ code, trustDevice }) : authClient.twoFactor.verifyBackupCode({ code, trustDevice })));

export const requestMagicLink = (email: string, search = '') =>
  attempt(() => authClient.signIn.magicLink({ email, callbackURL: magicLinkCallback(search), errorCallbackURL: CALLBACK_PATH }));

export const requestPasswordReset = (email: string) =>
  attempt(() => authClient.requestPasswordReset({ email, redirectTo: `${CALLBACK_PATH}?next=${UPDATE_PASSWORD_PATH}` }));

export const resendVerification = (email: string) => attempt(() => authClient.sendVerificationEmail({ email, callbackURL: CALLBACK_PATH }));

/** "Resend" on /auth/verify-email repeats the request that sent the user there. */
export function resend({ email, kind }: VerifyEmailState): Promise<unknown> {
  if (kind === 'magic-link') return requestMagicLink(email);
  if (kind === 'reset') return requestPasswordReset(email);
  return resendVerification(email);
}
