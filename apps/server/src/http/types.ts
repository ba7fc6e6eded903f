import type { Logger } from '../adapters/logger.ts';

/** Variables set on every request's context. Auth adds `user` and `session` (see middleware/session.ts). */
export interface AppVariables {
  requestId: string;
  clientIp: string;
  logger: Logger;
}

export type AppEnv = { Variables: AppVariables };
