import { createHmac, timingSafeEqual } from 'node:crypto';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';

/** How long a device stays trusted after "Trust this device for 30 days". */
const TRUST_DEVICE_SECONDS = 30 * 24 * 3600;
/** How long the code screen waits after the password or link was accepted. */
const CHALLENGE_SECONDS = 10 * 60;
/** Where a sign-in by link or provider continues when a code is needed; its query string is kept. */
const TWO_FACTOR_PATH = '/auth/two-factor';

// The plugin's cookie names (better-auth/plugins/two-factor constant.ts), which it does not export.
const CHALLENGE_COOKIE = 'two_factor';
const TRUST_DEVICE_COOKIE = 'trust_device';

/** Authenticator-app codes (TOTP) and backup codes, encrypted with the auth secret (the plugin's default). */
export function twoFactorPlugin(issuer: string) {
  return twoFactor({
    issuer,
    trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
    twoFactorCookieMaxAge: CHALLENGE_SECONDS,
    backupCodeOptions: { storeBackupCodes: 'encrypted' },
  });
}

/** The plugin's endpoints that check a code or a password: limited per IP and per account. */
export const TWO_FACTOR_GUARDED_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
]);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose codes a request guesses at: the signed-in user, or the one between password and code. */
export async function twoFactorAccount(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * Sign-ins that end in a redirect (magic link, verification link, social provider): the plugin asks
 * for a code only after a password. Here they get the same challenge: the new session is dropped,
 * the plugin's challenge cookie is set, and the browser goes to the code screen instead.
 */
const LINK_SIGN_IN_PATHS = new Set(['/magic-link/verify', '/verify-email', '/callback/:id']);

export const challengeLinkSignIn = createAuthMiddleware(async (ctx) => {
  if (!LINK_SIGN_IN_PATHS.has(ctx.path)) return;
  const signedIn = ctx.context.newSession;
  if (!signedIn || !(signedIn.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
  // Not a sign-in: a link followed in a browser already signed in as this person keeps its session
  // (confirming a new email address re-sends the session cookie it came with).
  const current = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (current === signedIn.session.token) return;
  if (await trustedDevice(ctx, signedIn.user.id)) return;

  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
  const identifier = `2fa-${generateRandomString(20)}`;
  await ctx.context.internalAdapter.createVerificationValue({
    value: signedIn.user.id,
    identifier,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

  const target = new URL(ctx.context.responseHeaders?.get('location') ?? '/', ctx.context.baseURL);
  throw ctx.redirect(new URL(`${TWO_FACTOR_PATH}${target.search}`, target).toString());
});

/** The plugin's trusted-device cookie, checked as the plugin checks it after a password. */
async function trustedDevice(ctx: HookContext, userId: string): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const [token, identifier] = value ? value.split('!') : [];
  if (!token || !identifier) return false;
  const expected = createHmac('sha256', ctx.context.secret).update(`${userId}!${identifier}`).digest('base64url');
  if (expected.length !== token.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(token))) return false;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return record?.value === userId && record.expiresAt > new Date();
}
