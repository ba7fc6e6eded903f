import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, type DocumentVersionList } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { findVersion, insertVersionWithinQuota, listVersions, type DocumentVersionRow } from '../repositories/document-versions.ts';
import { findOwnedOutput } from '../repositories/outputs.ts';
import { recordTeamActivity } from './team-activity.ts';
import { openStoredBytes, ownedDocument, storePdfBytes, documentView, type DocumentView, type StoreDocumentInput } from './documents.ts';

/**
 * A stored document's versions: a saved edit (a job's output) or a restored version becomes the new
 * current version, its bytes copied into the account's storage and counted against its quota. The
 * document's row always describes the current version, so every reader of a document gets the latest.
 */

/** The output of one of the owner's jobs, not yet expired, becomes the document's new current version. */
export async function saveOutputAsVersion(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'events' | 'executor'>, owner: AccountOwner, documentId: string, outputId: string): Promise<DocumentView> {
  await ownedDocument(container, owner, documentId);
  const output = await findOwnedOutput(container.db, owner, outputId, container.clock.now());
  if (!output) throw new AppError('NOT_FOUND');
  // The content check in storePdfBytes refuses an output that is not a PDF.
  return addVersion(container, owner, documentId, { stream: await container.blobStore.get(output.blobKey), size: output.size });
}

/** A new current version with the bytes of an earlier one. */
export async function restoreVersion(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'events' | 'executor'>, owner: AccountOwner, documentId: string, version: string): Promise<DocumentView> {
  const { row } = await ownedVersion(container, owner, documentId, version);
  return addVersion(container, owner, documentId, { stream: await openStoredBytes(container, row.filePath, documentId), size: row.fileSize });
}

export async function listDocumentVersions(container: Pick<Ports, 'db'>, owner: AccountOwner, documentId: string): Promise<DocumentVersionList> {
  const document = await ownedDocument(container, owner, documentId);
  const rows = await listVersions(container.db, document.id);
  return {
    items: rows.map((row) => ({
      version: row.version,
      file_size: row.fileSize,
      page_count: row.pageCount,
      created_at: row.createdAt.toISOString(),
      current: row.version === document.version,
    })),
  };
}

export async function openVersion(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'blobStore'>, owner: AccountOwner, documentId: string, version: string): Promise<{ document: DocumentView; size: number; body: Readable }> {
  const { document, row } = await ownedVersion(container, owner, documentId, version);
  return { document, size: row.fileSize, body: await openStoredBytes(container, row.filePath, documentId) };
}

async function addVersion(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'events' | 'executor'>, owner: AccountOwner, documentId: string, input: Pick<StoreDocumentInput, 'stream' | 'size'>): Promise<DocumentView> {
  // Keys are fresh ids, never version numbers: racing saves never write over each other's bytes.
  const row = await storePdfBytes(container, owner, input, `pdfs/${owner.kind === 'team' ? owner.teamId : owner.userId}/${randomUUID()}`, async ({ key, size, pages, encrypted, now }) => {
    const added = await insertVersionWithinQuota(container.db, owner, documentId, { filePath: key, fileSize: size, pageCount: pages, encrypted }, now);
    if (added === 'not-found') throw new AppError('NOT_FOUND'); // deleted meanwhile
    return added === 'over-quota' ? undefined : added;
  });
  await recordTeamActivity(container, owner, 'document.edited', row.filename);
  return documentView(container, row);
}

/** The owner's document and one of its versions; anything else is NOT_FOUND. */
async function ownedVersion(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, documentId: string, version: string): Promise<{ document: DocumentView; row: DocumentVersionRow }> {
  const document = await ownedDocument(container, owner, documentId);
  const number = /^[1-9]\d{0,8}$/.test(version) ? Number(version) : undefined;
  const row = number === undefined ? undefined : await findVersion(container.db, document.id, number);
  if (!row) throw new AppError('NOT_FOUND');
  return { document: await documentView(container, document), row };
}
