import type { Ports } from '../ports.ts';
import { findReferencedKeys } from '../repositories/account-erasure.ts';
import { findUsersWithAvatars } from '../repositories/profiles.ts';
import { findSignaturesOf } from '../repositories/signatures.ts';
import { findInvoiceKeys } from '../repositories/tax-invoices.ts';
import { avatarKey } from './avatar.ts';
import { isSignatureKind, signatureKey } from './signatures.ts';

/**
 * Bytes are written before the row that owns them is committed (a document, a version, a job's output,
 * a picture or signature), so bytes younger than this may be a save still in flight; a day is longer
 * than any upload, job or save takes between the two.
 */
export const ORPHAN_SAFE_AGE_MS = 24 * 60 * 60 * 1000;

const SLICE = 1000;

/**
 * Removes stored blobs that nothing owns (a server killed between writing bytes and committing their row,
 * a put's temporary object left by a crash) once they are older than the safe age; logs and answers the
 * count. Safe with several sweepers: deleting absent bytes is not an error.
 */
export async function sweepOrphanBlobs(container: Pick<Ports, 'db' | 'blobStore' | 'clock' | 'logger'>): Promise<number> {
  const cutoff = container.clock.now().getTime() - ORPHAN_SAFE_AGE_MS;
  const old: string[] = [];
  let listed = 0;
  for await (const object of container.blobStore.list()) {
    listed++;
    if (object.modifiedAt.getTime() < cutoff) old.push(object.key);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += SLICE) {
    const keys = old.slice(i, i + SLICE);
    const owned = await ownedKeys(container, keys);
    for (const key of keys.filter((key) => !owned.has(key))) {
      await container.blobStore.delete(key);
      removed++;
    }
  }
  container.logger.info({ listed, removed }, 'orphan blobs removed');
  return removed;
}

/** Of these keys, those a row still owns: documents' and versions' files, jobs' files, pictures, signatures and tax invoices. */
async function ownedKeys(container: Pick<Ports, 'db'>, keys: string[]): Promise<Set<string>> {
  const people = [...new Set(keys.flatMap((key) => /^(?:avatars\/([^/]+)\.jpg|signatures\/([^/]+)\/[^/]+)$/.exec(key)?.slice(1).filter(Boolean) ?? []))] as string[];
  const [referenced, pictured, signatures, invoices] = await Promise.all([
    findReferencedKeys(container.db, keys),
    findUsersWithAvatars(container.db, people),
    findSignaturesOf(container.db, people),
    findInvoiceKeys(container.db, keys),
  ]);
  for (const key of invoices) referenced.add(key);
  for (const userId of pictured) referenced.add(avatarKey(userId));
  for (const { userId, kind } of signatures) if (isSignatureKind(kind)) referenced.add(signatureKey(userId, kind));
  return referenced;
}
