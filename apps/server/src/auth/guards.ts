import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { ERROR_CATALOGUE, passwordSchema, signupSchema, type TeamRole } from '@wattle/shared';
import type { AuthLimits } from './limits.ts';
import type { CountHit, RateLimit } from '../domain/rate-limit.ts';
import { hashToken } from '../domain/token-hash.ts';
import { accountKey, ipKey } from './rate-limit-keys.ts';
import { stampMatches } from './account-security.ts';
import { INVITE_PATH, invitationToCount } from './invitation-limits.ts';
import { TWO_FACTOR_GUARDED_PATHS, twoFactorAccount } from './two-factor.ts';

/** Endpoints limited per IP and per account (the body's email), by their better-auth path. */
const ACCOUNT_PATHS: Record<string, Exclude<keyof AuthLimits, 'links' | 'twoFactor' | 'invitation'>> = {
  '/sign-in/email': 'signIn',
  '/sign-up/email': 'signUp',
  '/sign-in/magic-link': 'magicLink',
  '/request-password-reset': 'passwordReset',
  '/send-verification-email': 'verificationEmail',
};

/** Endpoints that follow a link or token, start and finish OAuth, or check the password again (account changes): limited per IP. */
const LINK_PATHS = new Set(['/magic-link/verify', '/reset-password', '/reset-password/:token', '/verify-email', '/sign-in/social', '/callback/:id', '/change-password', '/change-email', '/delete-user']);

export interface GuardOptions {
  /** Counts one hit against the key's limit (the server's one rate limiter). */
  countHit: CountHit;
  limits: AuthLimits;
  rateLimitsEnabled: boolean;
  /** The person's role in a team, if they are in it (invitations count only for those who may send them). */
  teamRole(teamId: string, userId: string): Promise<TeamRole | undefined>;
  /** Where a second use of a one-time link lands. */
  invalidLinkUrl: string;
  /** Where a verification link lands once its address is verified (used, or overtaken by a newer link). */
  usedVerificationLinkUrl: string;
  /** Where a change-email link lands once the password has changed since it was sent. */
  staleEmailChangeUrl: string;
  /** Sign-up with a registered address: answered like a new sign-up, the owner gets a mail instead. */
  onExistingSignUp(user: { email: string; name: string; emailVerified: boolean }): void;
}

export const RESET_PREFIX = 'reset-password:';

/** A link's token is claimed for longer than any link lives. */
const CLAIM_ONCE: RateLimit = { max: 1, windowSeconds: 24 * 3600 };
/** An authenticator code is accepted for at most 90 s (its 30 s and the periods either side). */
const CLAIM_TOTP: RateLimit = { max: 1, windowSeconds: 90 };

function rateLimited(retryAfterSeconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

function validationFailed(fieldErrors: Record<string, string[]>): APIError {
  return new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: ERROR_CATALOGUE.VALIDATION_FAILED.message, details: { fieldErrors } });
}

function issues(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Runs before every better-auth endpoint: rate limits, the spec's password and name rules,
 * one-time use of links, hashed reset tokens, and sign-up that never reveals a registered address.
 */
export function authGuards(options: GuardOptions) {
  const { countHit, limits } = options;

  async function enforce(key: string, limit: RateLimit) {
    const result = await countHit(key, limit);
    if (result.limited) throw rateLimited(result.retryAfter);
  }

  /** A link's token counts once: the first request claims it atomically, even under concurrent clicks. */
  async function claimOnce(kind: string, token: string): Promise<boolean> {
    const result = await countHit(`once:${kind}:${hashToken(token)}`, CLAIM_ONCE);
    return !result.limited;
  }

  return createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const ip = ipKey(ctx.headers?.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown');
    const twoFactorUser = TWO_FACTOR_GUARDED_PATHS.has(path) ? await twoFactorAccount(ctx) : null;

    if (options.rateLimitsEnabled) {
      const rule = ACCOUNT_PATHS[path];
      if (rule) {
        await enforce(`ip:${rule}:${ip}`, limits[rule].ip);
        const email = str(body.email);
        if (email) await enforce(`account:${rule}:${accountKey(email)}`, limits[rule].account);
      } else if (TWO_FACTOR_GUARDED_PATHS.has(path)) {
        await enforce(`ip:twoFactor:${ip}`, limits.twoFactor.ip);
        if (twoFactorUser) await enforce(`account:twoFactor:${twoFactorUser}`, limits.twoFactor.account);
      } else if (LINK_PATHS.has(path)) {
        await enforce(`ip:links:${ip}`, limits.links.ip);
      } else if (path === INVITE_PATH) {
        const invitation = await invitationToCount(ctx, options.teamRole);
        if (invitation) {
          await enforce(`invitation:inviter:${invitation.inviterId}`, limits.invitation.inviter);
          await enforce(`invitation:address:${accountKey(invitation.address)}`, limits.invitation.address);
          await enforce(`invitation:team:${invitation.teamId}`, limits.invitation.team);
        }
      }
    }

    if (path === '/sign-up/email') {
      const fieldErrors: Record<string, string[]> = {};
      const name = issues(signupSchema.shape.fullName.safeParse(body.name));
      const password = issues(passwordSchema.safeParse(str(body.password)));
      if (name.length) fieldErrors.name = name;
      if (password.length) fieldErrors.password = password;
      if (Object.keys(fieldErrors).length) throw validationFailed(fieldErrors);

      const email = str(body.email).trim().toLowerCase();
      const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
      if (existing) {
        // The same work and the same answer as a new account (hash, no session, a mail goes out).
        await ctx.context.password.hash(str(body.password));
        options.onExistingSignUp(existing.user);
        const now = new Date();
        // Thrown, not returned: better-auth answers a value returned by a hook with the request's own
        // headers copied in (Set-Cookie, Content-Length, …). A thrown APIError is answered with its own.
        // The keys follow better-auth's new-account answer, order included (its token dropped, session-handles.ts).
        throw new APIError('OK', {
          user: { name: str(body.name), email, emailVerified: false, image: null, createdAt: now, updatedAt: now, twoFactorEnabled: false, id: ctx.context.generateId({ model: 'user' }) },
        });
      }
    }

    if (path === '/delete-user' && !str(body.password)) throw validationFailed({ password: ['Enter your password'] });

    if (path === '/change-email') {
      // A registered address gets the same answer as a free one, and nothing is sent anywhere.
      const email = str(body.newEmail).trim().toLowerCase();
      if (email && (await ctx.context.internalAdapter.findUserByEmail(email))) throw new APIError('OK', { status: true });
    }

    if (path === '/two-factor/verify-totp' && twoFactorUser) {
      // Each code works once (RFC 6238 §5.2): someone who saw it typed cannot use it as well.
      const used = await countHit(`once:totp:${twoFactorUser}:${hashToken(str(body.code).trim())}`, CLAIM_TOTP);
      if (used.limited) throw new APIError('UNAUTHORIZED', { code: 'TWO_FACTOR_CODE_USED', message: ERROR_CATALOGUE.TWO_FACTOR_CODE_USED.message });
    }

    if (path === '/reset-password' || path === '/change-password') {
      const password = issues(passwordSchema.safeParse(str(body.newPassword)));
      if (password.length) throw validationFailed({ newPassword: password });
    }

    if (path === '/reset-password') {
      const token = str(body.token) || str((ctx.query as Record<string, unknown> | undefined)?.token);
      if (!token || !(await claimOnce('reset', token))) throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'Invalid token' });
      // Reset tokens are stored hashed (see the verification hook); look them up the same way.
      return { context: { body: { ...body, token: hashToken(token) } } };
    }

    if (path === '/verify-email') {
      const token = str((ctx.query as Record<string, unknown> | undefined)?.token);
      const claims = token ? await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, ctx.context.secret) : null;
      // Damaged and expired links are better-auth's to refuse (?error=invalid_token or token_expired).
      // A genuine link works once: after that, better-auth would land the user on sign-in without a word.
      if (typeof claims?.email === 'string' && claims.updateTo === undefined) {
        const found = await ctx.context.internalAdapter.findUserByEmail(claims.email);
        if (found?.user.emailVerified || !(await claimOnce('verify-email', token))) throw ctx.redirect(options.usedVerificationLinkUrl);
      }
      if (typeof claims?.email === 'string' && typeof claims.updateTo === 'string') {
        const found = await ctx.context.internalAdapter.findUserByEmail(claims.email);
        const hash = found && ((await ctx.context.internalAdapter.findAccounts(found.user.id)).find((a) => a.providerId === 'credential')?.password ?? null);
        const stamp = str((ctx.query as Record<string, unknown> | undefined)?.stamp);
        if (found && !stampMatches(ctx.context.secret, hash, stamp)) throw ctx.redirect(options.staleEmailChangeUrl);
      }
    }

    if (path === '/magic-link/verify') {
      const token = str((ctx.query as Record<string, unknown> | undefined)?.token);
      if (!token || !(await claimOnce('magic-link', token))) throw ctx.redirect(options.invalidLinkUrl);
    }
  });
}
