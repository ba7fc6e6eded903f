import { betterAuth } from 'better-auth';
import { createEmailVerificationToken } from 'better-auth/api';
import { getCookies } from 'better-auth/cookies';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Database } from '@wattle/db';
import type { Config } from '../config.ts';
import { authDatabase, currentDb } from '../adapters/auth-database.ts';
import type { BlobStore } from '../adapters/blob-store/blob-store.ts';
import type { Clock } from '../adapters/clock.ts';
import type { Logger } from '../adapters/logger.ts';
import type { Mailer } from '../adapters/mailer.ts';
import { createMailDispatcher } from '../mail/dispatcher.ts';
import type { Brand } from '../mail/layout.ts';
import { accountExistsMail, magicLinkMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.ts';
import { companyInfoFromConfig } from '../repositories/company-info.ts';
import { recordSignIn } from '../repositories/profiles.ts';
import { findMembership } from '../repositories/teams.ts';
import { findUserIdByEmail } from '../repositories/users.ts';
import { createAccountRows } from './account-rows.ts';
import type { CountHit } from '../domain/rate-limit.ts';
import { accountSecurity, CHANGE_EMAIL_CALLBACK_PATH, type AccountErasure } from './account-security.ts';
import { hashToken } from '../domain/token-hash.ts';
import { authGuards, RESET_PREFIX } from './guards.ts';
import { resolveLimits, type AuthLimitOverrides } from './limits.ts';
import { sessionHandles } from './session-handles.ts';
import { teamsPlugins } from './teams.ts';
import { challengeLinkSignIn, twoFactorPlugin } from './two-factor.ts';

export interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  blobStore: BlobStore;
  secret: string;
  limits?: AuthLimitOverrides;
  /** The server's one rate limiter and account erasure, from services (injected: auth imports no service). */
  countHit: CountHit;
  eraseAccount: AccountErasure;
}

const DAY = 24 * 3600;
export const SESSION_SECONDS = { remembered: 30 * DAY, notRemembered: DAY } as const;
export const LINK_SECONDS = { verifyEmail: DAY, magicLink: 15 * 60, resetPassword: 3600 } as const;
export const AUTH_BASE_PATH = '/api/auth';
const COOKIE_PREFIX = 'wattle';
/** The session cookie's name as better-auth sets it here (`__Secure-` on https), for the API document. */
export const sessionCookieName = (publicUrl: string) => getCookies({ baseURL: publicUrl, advanced: { cookiePrefix: COOKIE_PREFIX } }).sessionToken.name;
/** Every link in a mail lands on the web app's callback screen. */
const CALLBACK_PATH = '/auth/callback';
/** Verification links say so, for the callback to explain a link that no longer works. */
const VERIFY_CALLBACK_PATH = `${CALLBACK_PATH}?link=verify-email`;
const UPDATE_PASSWORD_NEXT = '/auth/update-password';

/** better-auth wired to our tables, mailer, limits and rules. */
export function createAuth(deps: AuthDeps) {
  const { config, db, logger } = deps;
  const publicUrl = config.publicUrl;
  const company = companyInfoFromConfig(config);
  const brand: Brand = { tradingName: company.tradingName, abn: company.abn, address: company.address, publicUrl };
  const mail = createMailDispatcher(deps.mailer, logger);
  /** Links are always built on PUBLIC_URL, whatever host a request came in on. */
  const onPublicUrl = (pathAndQuery: string) => new URL(pathAndQuery, publicUrl).toString();
  const { google, facebook, linkedin } = config.oauth;

  /** The verification link always lands on the callback screen, which signs the user in. */
  function sendVerification(user: { email: string; name: string }) {
    mail.dispatch(async () => {
      const token = await createEmailVerificationToken(deps.secret, user.email, undefined, LINK_SECONDS.verifyEmail);
      const url = onPublicUrl(`${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFY_CALLBACK_PATH)}`);
      return { to: user.email, ...verifyEmailMail(brand, { name: user.name, url, expiresInSeconds: LINK_SECONDS.verifyEmail }) };
    });
  }

  const security = accountSecurity({
    db,
    eraseAccount: deps.eraseAccount,
    clock: deps.clock,
    mail,
    brand,
    secret: deps.secret,
    onPublicUrl,
    authBasePath: AUTH_BASE_PATH,
    linkSeconds: LINK_SECONDS.verifyEmail,
  });

  const auth = betterAuth({
    appName: company.tradingName,
    secret: deps.secret,
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: [publicUrl],
    database: authDatabase(db),
    session: { expiresIn: SESSION_SECONDS.remembered, updateAge: DAY },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: LINK_SECONDS.resetPassword,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const url = onPublicUrl(`${CALLBACK_PATH}?next=${encodeURIComponent(UPDATE_PASSWORD_NEXT)}&token=${encodeURIComponent(token)}`);
        mail.dispatch(() => ({ to: user.email, ...resetPasswordMail(brand, { name: user.name, url, expiresInSeconds: LINK_SECONDS.resetPassword }) }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: LINK_SECONDS.verifyEmail,
      sendVerificationEmail: (input) => security.changeOrVerify(input, sendVerification),
      afterEmailVerification: (user) => security.afterEmailVerification(user),
    },
    user: security.user,
    socialProviders: {
      ...(google && { google: { clientId: google.clientId, clientSecret: google.clientSecret } }),
      ...(facebook && { facebook: { clientId: facebook.clientId, clientSecret: facebook.clientSecret } }),
      ...(linkedin && { linkedin: { clientId: linkedin.clientId, clientSecret: linkedin.clientSecret } }),
    },
    plugins: [
      magicLink({
        expiresIn: LINK_SECONDS.magicLink,
        disableSignUp: true,
        storeToken: 'hashed',
        async sendMagicLink({ email, url }) {
          const generated = new URL(url);
          const link = onPublicUrl(generated.pathname + generated.search);
          // Accounts are made by sign-up; an unknown address gets nothing, and the answer is the same.
          mail.dispatch(async () => {
            const known = await findUserIdByEmail(db, email.trim().toLowerCase());
            return known ? { to: email, ...magicLinkMail(brand, { url: link, expiresInSeconds: LINK_SECONDS.magicLink }) } : undefined;
          });
        },
      }),
      twoFactorPlugin(company.tradingName),
      sessionHandles(deps.secret),
      ...teamsPlugins({ db, blobStore: deps.blobStore, clock: deps.clock, logger, mail, brand, onPublicUrl }),
    ],
    databaseHooks: {
      user: { create: { after: (user) => createAccountRows(currentDb(db), user) } },
      session: { create: { after: (session) => recordSignIn(currentDb(db), session.userId, session.createdAt) } },
      verification: {
        create: {
          // Reset tokens live only as hashes; the reset guard hashes the presented token to match.
          async before(verification) {
            if (!verification.identifier.startsWith(RESET_PREFIX)) return;
            return { data: { ...verification, identifier: RESET_PREFIX + hashToken(verification.identifier.slice(RESET_PREFIX.length)) } };
          },
        },
      },
    },
    hooks: {
      before: authGuards({
        countHit: deps.countHit,
        limits: resolveLimits(deps.limits),
        rateLimitsEnabled: config.RATE_LIMIT_ENABLED ?? true,
        teamRole: async (teamId, userId) => (await findMembership(currentDb(db), teamId, userId))?.role,
        invalidLinkUrl: onPublicUrl(`${CALLBACK_PATH}?error=INVALID_TOKEN`),
        usedVerificationLinkUrl: onPublicUrl(`${VERIFY_CALLBACK_PATH}&error=LINK_USED`),
        staleEmailChangeUrl: onPublicUrl(`${CHANGE_EMAIL_CALLBACK_PATH}&error=LINK_USED`),
        onExistingSignUp(user) {
          // Still unverified: a fresh verification link is what the owner needs; otherwise, sign in.
          if (!user.emailVerified) return sendVerification(user);
          mail.dispatch(() => ({ to: user.email, ...accountExistsMail(brand, { name: user.name, signInUrl: onPublicUrl('/auth/login') }) }));
        },
      }),
      after: challengeLinkSignIn,
    },
    // Our guards count per IP and per account atomically in the database (see guards.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      // better-auth skips these checks under NODE_ENV=test unless told otherwise: keep them on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: {
      // Not 'warn', 'error' or 'debug': at those levels better-auth's router also prints every refused request.
      level: 'info',
      // Arguments can hold email addresses: only Error objects pass through, for their stack.
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error);
        // Failed sign-ins arrive as "error" without an Error: they are routine, not faults.
        const as = err ? 'error' : level === 'warn' ? 'warn' : level === 'error' ? 'info' : 'debug';
        logger[as]({ component: 'auth', ...(err && { err }) }, message);
      },
    },
  });

  return {
    handler: (request: Request) => auth.handler(request),
    api: auth.api,
    /** Resolves once every mail accepted so far has been handed to the mailer. */
    mailIdle: () => mail.idle(),
  };
}

export type AuthService = ReturnType<typeof createAuth>;
