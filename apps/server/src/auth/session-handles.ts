import { createHmac } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';

type WithToken = { token: string };

const isSignInAnswer = (value: unknown): value is { token: unknown; user: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Error) && 'token' in value && 'user' in value;

/**
 * The session cookie is HttpOnly so that script on a page can never read the token. better-auth's
 * get-session and list-sessions answers carry tokens in their JSON, which would undo that: here each
 * token is swapped for a handle (an HMAC of it) that names the session but signs nothing in, and
 * revoke-session takes the handle back to the token among the person's own sessions. The answers
 * that sign someone in (`{ token, user }`: sign-in, sign-up, two-factor, a password change) lose
 * their token altogether: the cookie is how the browser holds the session.
 */
export function sessionHandles(secret: string): BetterAuthPlugin {
  const handleOf = (token: string) => `handle_${createHmac('sha256', secret).update(`session handle:${token}`).digest('base64url')}`;
  const withHandle = <T extends WithToken>(session: T): T => ({ ...session, token: handleOf(session.token) });

  return {
    id: 'session-handles',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/revoke-session',
          handler: createAuthMiddleware(async (ctx) => {
            const presented: unknown = ctx.body?.token;
            if (typeof presented !== 'string' || !presented.startsWith('handle_')) return;
            const current = await getSessionFromCtx(ctx);
            if (!current) return;
            const sessions = await ctx.context.internalAdapter.listSessions(current.user.id);
            const match = sessions.find((session) => handleOf(session.token) === presented);
            // A handle of nobody's session stays as it is: better-auth finds no such session.
            if (match) return { context: { body: { ...ctx.body, token: match.token } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/get-session' || ctx.path === '/list-sessions',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as unknown;
            if (Array.isArray(returned)) return ctx.json((returned as WithToken[]).map(withHandle));
            const found = returned as { session?: WithToken } | null;
            if (found?.session?.token) return ctx.json({ ...found, session: withHandle(found.session) });
          }),
        },
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as unknown;
            if (!isSignInAnswer(returned)) return;
            const { token: _token, ...rest } = returned;
            return ctx.json(rest);
          }),
        },
      ],
    },
  };
}
