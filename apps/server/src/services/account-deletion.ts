import { AppError, SIGNATURE_KINDS } from '@wattle/shared';
import type { Database } from '@wattle/db';
import type { BlobStore } from '../adapters/blob-store/blob-store.ts';
import type { Clock } from '../adapters/clock.ts';
import type { Logger } from '../adapters/logger.ts';
import { findAccountBlobs, findReferencedKeys, handTeamRowsToOwners, ownsTeam } from '../repositories/account-erasure.ts';
import { revokeTeamLinksOf } from '../repositories/share-links.ts';
import { forgetInTeamActivity } from '../repositories/team-activity.ts';
import { avatarKey } from './avatar.ts';
import { removeSharedPages } from './share-page-cache.ts';
import { signatureKey } from './signatures.ts';

export interface ErasureDeps {
  db: Database;
  blobStore: BlobStore;
  dataDir: string;
  logger: Logger;
  clock: Clock;
}

/** Who a deleted person becomes in the team logs that outlive them. */
export const FORMER_MEMBER = 'Former member';

/** What is stored for a person outside the database, read before their rows go. */
export interface AccountBlobs {
  documentIds: string[];
  keys: string[];
}

/**
 * Runs before an account is deleted: a team owner is refused (the team would be left without one);
 * otherwise what the person made in teams is handed to the teams' owners (their links revoked, as when
 * they leave a team), the team logs stop naming them, and the blob keys of what is theirs alone are
 * read while the rows that name them still exist (decision 137).
 */
export async function prepareAccountDeletion(deps: ErasureDeps, person: { id: string; name: string; email: string }): Promise<AccountBlobs> {
  if (await ownsTeam(deps.db, person.id)) throw new AppError('TEAM_OWNER');
  await revokeTeamLinksOf(deps.db, person.id, undefined, deps.clock.now());
  await handTeamRowsToOwners(deps.db, person.id);
  await forgetInTeamActivity(deps.db, person, FORMER_MEMBER);
  return findAccountBlobs(deps.db, person.id);
}

/**
 * Runs once the rows are gone (by foreign-key cascade): erases their bytes, the avatar, the saved
 * signatures and the page images share links rendered. A key some surviving row still names is kept.
 * Deleting is idempotent, so a key that fails is logged and a repeat run finishes the job.
 */
export async function eraseAccountBlobs(deps: ErasureDeps, userId: string, blobs: AccountBlobs): Promise<void> {
  const kept = await findReferencedKeys(deps.db, blobs.keys);
  const keys = [...blobs.keys.filter((key) => !kept.has(key)), avatarKey(userId), ...SIGNATURE_KINDS.map((kind) => signatureKey(userId, kind))];
  const failed: string[] = [];
  for (const key of keys) await deps.blobStore.delete(key).catch(() => failed.push(key));
  for (const id of blobs.documentIds) await removeSharedPages(deps, id).catch(() => failed.push(`share-pages/${id}`));
  if (failed.length) deps.logger.error({ userId, failed }, 'a deleted account left stored bytes behind');
}

/** What auth is given to erase an account (its delete hooks run the two steps). */
export const accountErasure = (deps: ErasureDeps) => ({
  async prepare(person: { id: string; name: string; email: string }) {
    const blobs = await prepareAccountDeletion(deps, person);
    return () => eraseAccountBlobs(deps, person.id, blobs);
  },
});
