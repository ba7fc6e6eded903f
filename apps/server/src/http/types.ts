import type { Logger } from '../adapters/logger.ts';
import type { SessionInfo, SessionUser } from './middleware/session.ts';

/** Variables set on every request's context. Auth adds `user` and `session` (see middleware/session.ts). */
export interface AppVariables {
  requestId: string;
  clientIp: string;
  logger: Logger;
  /** Set by loadSession on /api requests: null when signed out. */
  user: SessionUser | null;
  session: SessionInfo | null;
}

export type AppEnv = { Variables: AppVariables };
