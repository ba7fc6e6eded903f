import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { AppError, teamRoleMay, type TeamAction } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { accountOwnerOf, teamOwner, userIdOf, userOwner, visitorOwner, type AccountOwner, type Owner } from '../../domain/owner.ts';
import { seenMemberRole } from '../../services/teams.ts';
import { createVisitorSession, findVisitorSessionId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS } from '../../services/visitor-session.ts';
import type { AppEnv } from '../types.ts';

/**
 * The request's owner, resolved once after loadSession and set as `owner`: the team space the session
 * has selected (while the person is still a member), else the signed-in account, else the visitor
 * session the visitor cookie names, else null (an API key's owner is set by loadApiKey). A new owner
 * kind is resolved here.
 */
export function resolveOwner(container: Pick<Ports, 'clock' | 'db'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // An API key's request already acts as the key's owner (loadApiKey).
    if (c.get('apiKeyId')) return next();
    c.set('owner', null);
    // better-auth's own endpoints act for no owner of ours; share-link viewers (/api/s) hold a token, not a session.
    if (!c.req.path.startsWith('/api/auth/') && !c.req.path.startsWith('/api/s/')) c.set('owner', await ownerOf(container, c));
    await next();
  };
}

async function ownerOf(container: Pick<Ports, 'clock' | 'db'>, c: Context<AppEnv>): Promise<Owner | null> {
  const user = c.get('user');
  if (user) {
    const teamId = c.get('session')?.activeTeamId;
    // A removed member acts in their personal space, where the team's ids find nothing.
    const role = teamId ? await seenMemberRole(container, teamId, user.id) : undefined;
    return teamId && role ? teamOwner(teamId, user.id, role) : userOwner(user.id);
  }
  const visitorSessionId = await findVisitorSessionId(container, getCookie(c, VISITOR_COOKIE));
  return visitorSessionId ? visitorOwner(visitorSessionId) : null;
}

/** The request's owner, starting a visitor session (and its cookie) when there is none: a visitor's first job does. */
export async function ensureOwner(container: Pick<Ports, 'config' | 'clock' | 'db'>, c: Context<AppEnv>): Promise<Owner> {
  const existing = c.get('owner');
  if (existing) return existing;
  const session = await createVisitorSession(container);
  setCookie(c, VISITOR_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: container.config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
  });
  const owner = visitorOwner(session.id);
  c.set('owner', owner);
  return owner;
}

/** 401 UNAUTHORIZED unless the request acts for an account (documents, profile, notifications, …). */
export const requireAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  accountId(c);
  await next();
};

/** The space the request acts in (the account, or the selected team); UNAUTHORIZED for visitors. */
export function accountOwner(c: Context<AppEnv>): AccountOwner {
  const owner = accountOwnerOf(c.get('owner'));
  if (!owner) throw new AppError('UNAUTHORIZED');
  return owner;
}

/** The person the request acts for (in a team space, the member); UNAUTHORIZED when there is none. */
export function accountId(c: Context<AppEnv>): string {
  const userId = userIdOf(c.get('owner'));
  if (!userId) throw new AppError('UNAUTHORIZED');
  return userId;
}

/**
 * 403 FORBIDDEN when the request acts in a team space with a role the action is not open to
 * (TEAM_ACTIONS in packages/shared); the personal space and visitors pass on to the route's own checks.
 */
export const requireTeamAction =
  (action: TeamAction): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const owner = c.get('owner');
    if (owner?.kind === 'team' && !teamRoleMay(owner.role, action)) {
      throw new AppError('FORBIDDEN', undefined, { message: 'Your role in this team does not allow this. Ask a team admin.' });
    }
    await next();
  };
