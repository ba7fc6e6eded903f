import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { API_KEY_PREFIX, AppError, isUuid, teamRoleMay, type ApiKey, type ApiKeyStatus, type createApiKeySchema, type CreatedApiKey } from '@wattle/shared';
import { hashToken } from '../domain/token-hash.ts';
import type { Ports } from '../ports.ts';
import { teamOwner, userOwner, type AccountOwner, type Owner } from '../domain/owner.ts';
import { accountColumns } from '../repositories/owned-by.ts';
import { findMembership } from '../repositories/teams.ts';
import { findApiKeyByHash, insertApiKey, listApiKeys, revokeApiKey as revokeRow, touchApiKey, type ApiKeyRow } from '../repositories/api-keys.ts';
import { takeFromRateLimit } from './rate-limit.ts';

export type NewApiKeyInput = z.output<typeof createApiKeySchema>;

/** Characters of the key kept for display: the fixed prefix and 8 of the random part. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
/** Last used is written at most this often per key, so busy keys do not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** A new key for the space (the account, or the team it is made in): its secret is in this answer and nowhere else (only its hash is kept). */
export async function createApiKey(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, input: NewApiKeyInput): Promise<CreatedApiKey> {
  const now = container.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError('VALIDATION_FAILED', { fieldErrors: { expiresAt: ['Choose a time in the future'] } });
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const row = await insertApiKey(container.db, { ...accountColumns(owner), name: input.name, prefix: secret.slice(0, SHOWN_LENGTH), keyHash: hashToken(secret), createdAt: now, expiresAt });
  return { ...toApiKeyView(row, now), secret };
}

export async function listApiKeyViews(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner): Promise<ApiKey[]> {
  const now = container.clock.now();
  return (await listApiKeys(container.db, owner)).map((row) => toApiKeyView(row, now));
}

/** Revoked at once: the key's next request is refused. Another account's id, or one already revoked, is not found. */
export async function revokeApiKey(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, id: string): Promise<void> {
  if (!isUuid(id) || !(await revokeRow(container.db, owner, id, container.clock.now()))) throw new AppError('NOT_FOUND');
}

export interface AuthenticatedKey {
  id: string;
  /** Whom the key acts as: its maker, or the team it was made in. */
  owner: Owner;
}

/**
 * The key a Bearer token names, within the key's own rate limit. Unknown, revoked and expired keys
 * take the same one lookup and get the same answer, so neither timing nor message tells them apart.
 * A team's key works only while its maker is still an admin or the owner of the team: someone who
 * was removed cannot keep reaching the team's files through a key they made.
 */
export async function authenticateApiKey(container: Pick<Ports, 'config' | 'clock' | 'db'>, presented: string): Promise<AuthenticatedKey> {
  const now = container.clock.now();
  const row = await findApiKeyByHash(container.db, hashToken(presented));
  const refused = () => new AppError('UNAUTHORIZED', undefined, { message: 'The API key is not valid.' });
  if (!row || statusOf(row, now) !== 'active') throw refused();
  const membership = row.teamId ? await findMembership(container.db, row.teamId, row.userId) : undefined;
  if (row.teamId && (!membership || !teamRoleMay(membership.role, 'developers.manage'))) throw refused();
  await takeFromRateLimit(container, `api-key:${row.id}`, { max: container.config.API_KEY_REQUESTS_PER_MINUTE, windowSeconds: 60 });
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) await touchApiKey(container.db, row.id, now);
  return { id: row.id, owner: row.teamId && membership ? teamOwner(row.teamId, row.userId, membership.role) : userOwner(row.userId) };
}

function statusOf(row: ApiKeyRow, now: Date): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toApiKeyView(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    usage: { jobs: row.jobsSubmitted, pages: row.pagesProcessed },
  };
}
