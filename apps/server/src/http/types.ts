import type { Logger } from '../adapters/logger.ts';
import type { Owner } from '../domain/owner.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface SessionInfo {
  id: string;
  expiresAt: Date;
  /** The selected team space (better-auth's active organisation), null for Personal. */
  activeTeamId: string | null;
}

/** Variables set on every request's context. Auth adds `user` and `session` (see middleware/session.ts). */
export interface AppVariables {
  requestId: string;
  clientIp: string;
  logger: Logger;
  /** Set by loadSession on /api requests: null when signed out. */
  user: SessionUser | null;
  session: SessionInfo | null;
  /** Set by resolveOwner on /api requests: whose rows the request may touch, null for a visitor without a session yet. */
  owner: Owner | null;
  /** Set by loadApiKey on /api/v1 requests: the API key the request was made with, null for a browser session or visitor. */
  apiKeyId: string | null;
}

export type AppEnv = { Variables: AppVariables };
