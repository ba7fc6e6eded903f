import { createHash } from 'node:crypto';

/** How a secret token is kept (reset tokens, API keys): only its hash is stored, and a presented one is hashed to match. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
