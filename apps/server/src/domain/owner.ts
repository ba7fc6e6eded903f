/**
 * Whose rows a request reads and writes: an account, or a visitor's anonymous session. Resolved once
 * per request (http/middleware/owner.ts) and turned into columns only by repositories/owned-by.ts; a
 * new kind (a team, an API key, a share-link viewer) is added here, there, and nowhere else.
 */
export type Owner = { kind: 'user'; userId: string } | { kind: 'visitor'; visitorSessionId: string };

export const userOwner = (userId: string): Owner => ({ kind: 'user', userId });
export const visitorOwner = (visitorSessionId: string): Owner => ({ kind: 'visitor', visitorSessionId });

/** The account an owner acts for: account-only features (documents, profile, notifications) need one. */
export function userIdOf(owner: Owner | null | undefined): string | undefined {
  return owner?.kind === 'user' ? owner.userId : undefined;
}
