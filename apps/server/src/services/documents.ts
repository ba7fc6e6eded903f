import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { detectFileType } from '@wattle/pdf-engine';
import { AppError, claimsPdf, DOCUMENTS_PAGE_SIZE, isUuid, MAX_PDF_SIZE, safeFilename, type AppEvent, type DocumentItem, type DocumentListQuery, type DocumentPage, type Usage } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { dataPaths } from '../data-dir.ts';
import { BlobNotFoundError } from '../adapters/blob-store/blob-store.ts';
import { findDocument, findOwnedDocuments, insertDocumentWithinQuota, listDocuments, softDeleteDocument, type DocumentRow, type WithDocument } from '../repositories/documents.ts';
import { accountColumns } from '../repositories/owned-by.ts';
import { memberUserIds } from '../repositories/teams.ts';
import { countActiveLinks } from '../repositories/share-links.ts';
import { getUsage } from '../repositories/usage.ts';
import { zipOfBlobs } from './blob-zip.ts';
import { takeFromRateLimit } from './rate-limit.ts';
import { checkPdfStructure } from './pdf-check.ts';
import { spoolToTempFile } from './spool.ts';
import { recordTeamActivity } from './team-activity.ts';
import { emitWebhookEvent } from './webhooks.ts';

export const PDF_CONTENT_TYPE = 'application/pdf';

export type DocumentView = DocumentItem;
export type UsageView = Usage;

export interface StoreDocumentInput {
  /** The name the user knows the file by; metadata only, never a storage key. */
  filename: string;
  /** A file on disk; the caller keeps it and removes it afterwards. */
  path?: string;
  /** Or a stream, spooled to a private temp file and removed here. */
  stream?: Readable;
  /** The size when known in advance: an oversized or over-quota file is refused before reading. */
  size?: number;
  /** Writes that commit with the document's row or not at all (Save to My Documents marks its output). */
  withDocument?: WithDocument;
}

/** Uploads an account may start a minute: a folder of files dropped at once fits, a script hammering the checks does not. */
export const DOCUMENT_UPLOADS_PER_MINUTE = 60;

/** Counts one upload against the account's allowance; past it, RATE_LIMITED before the body is read. */
export const checkUploadRate = (container: Pick<Ports, 'clock' | 'db'>, userId: string) =>
  takeFromRateLimit(container, `documents:${userId}`, { max: DOCUMENT_UPLOADS_PER_MINUTE, windowSeconds: 60 });

/**
 * Checks the content is a PDF (by a real parse, not the name or declared type), books its size against
 * the account's storage atomically, writes the bytes to the blob store and records the row. A refused
 * or failed store leaves no bytes and charges nothing. Used by uploads and by the tools' "Save to My Documents".
 */
export async function storeDocument(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'events' | 'queue' | 'executor'>, owner: AccountOwner, input: StoreDocumentInput): Promise<DocumentView> {
  const id = randomUUID();
  const { userId, teamId } = accountColumns(owner);
  const row = await storePdfBytes(container, owner, input, `pdfs/${teamId ?? userId}/${id}`, ({ key, size, pages, encrypted, now }) =>
    insertDocumentWithinQuota(
      container.db,
      { id, userId, teamId, filename: safeFilename(input.filename, 'document.pdf'), filePath: key, fileSize: size, contentType: PDF_CONTENT_TYPE, pageCount: pages, encrypted, uploadedAt: now },
      now,
      input.withDocument,
    ),
  );
  const document = toDocumentView(row, 0); // a new document has no links yet
  await emitWebhookEvent(container, owner, 'document.created', { document });
  await recordTeamActivity(container, owner, 'document.uploaded', document.filename);
  return document;
}

/** PDF bytes written under their key, as checked: what `record` books and records. */
export interface StoredPdf {
  key: string;
  size: number;
  pages: number | null;
  encrypted: boolean;
  now: Date;
}

/**
 * The one way PDF bytes enter an account's storage (decision 030): cheap refusals first, the spool, the
 * content check, the blob write, then `record` books the quota with the rows in one transaction
 * (undefined: the bytes do not fit). A refusal or failure removes the bytes; success tells the account's browsers.
 */
export async function storePdfBytes<T>(
  container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'events' | 'executor'>,
  owner: AccountOwner,
  input: Pick<StoreDocumentInput, 'path' | 'stream' | 'size'> & { filename?: string },
  key: string,
  record: (stored: StoredPdf) => Promise<T | undefined>,
): Promise<T> {
  if (!input.path === !input.stream) throw new Error('storePdfBytes needs exactly one of path or stream');
  if (input.size !== undefined) await assertFits(container, owner, input.size);

  const spooled = input.stream ? await spoolToTempFile(input.stream, dataPaths(container.dataDir).uploadSpool, MAX_PDF_SIZE) : undefined;
  try {
    const path = spooled?.path ?? input.path!;
    const size = spooled?.size ?? (await stat(path)).size;
    await assertFits(container, owner, size);
    const { pages, encrypted } = await checkPdf(container, path, input.filename);

    let recorded: T | undefined;
    try {
      await container.blobStore.put(key, createReadStream(path));
      recorded = await record({ key, size, pages, encrypted, now: container.clock.now() });
    } catch (err) {
      await removeBlob(container, key);
      throw err;
    }
    // Lost a race for the last bytes of the quota: the booking was refused, so nothing was charged.
    if (recorded === undefined) {
      await removeBlob(container, key);
      throw new AppError('STORAGE_LIMIT_EXCEEDED');
    }
    await announce(container, owner, 'documents.changed', 'usage.changed');
    return recorded;
  } finally {
    await spooled?.remove();
  }
}

/** One page of the account's files in the order asked (newest first by default); `search` matches part of the name, any case. */
export async function listDocumentsPage(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, query: Pick<DocumentListQuery, 'page' | 'search'> & Partial<DocumentListQuery>): Promise<DocumentPage> {
  const search = query.search?.trim() || undefined;
  const { rows, total } = await listDocuments(container.db, owner, {
    offset: (query.page - 1) * DOCUMENTS_PAGE_SIZE,
    limit: DOCUMENTS_PAGE_SIZE,
    search,
    sort: query.sort ?? 'date',
    order: query.order ?? 'desc',
  });
  return { items: await documentViews(container, rows), total, page: query.page, pageSize: DOCUMENTS_PAGE_SIZE };
}

/** The owner's file and a stream of its bytes; any other id is NOT_FOUND. */
export async function openDocument(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'blobStore'>, owner: AccountOwner, id: string): Promise<{ document: DocumentView; contentType: string; body: Readable }> {
  const row = await ownedDocument(container, owner, id);
  return { document: await documentView(container, row), contentType: row.contentType, body: await openStoredBytes(container, row.filePath, id) };
}

/** One of the owner's documents as the API shows it. */
export async function getDocument(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, id: string): Promise<DocumentView> {
  return documentView(container, await ownedDocument(container, owner, id));
}

/** A stored document's (or version's) bytes; missing bytes are logged and answered NOT_FOUND. */
export async function openStoredBytes(container: Pick<Ports, 'logger' | 'blobStore'>, key: string, documentId: string): Promise<Readable> {
  try {
    return await container.blobStore.get(key);
  } catch (err) {
    if (!(err instanceof BlobNotFoundError)) throw err;
    container.logger.error({ documentId }, 'a stored document has no bytes');
    throw new AppError('NOT_FOUND');
  }
}

/** The owner's chosen documents as one streamed ZIP; any id that is not theirs makes it NOT_FOUND. */
export async function openDocumentsZip(container: Pick<Ports, 'db' | 'blobStore'>, owner: AccountOwner, ids: string[]): Promise<Readable> {
  const found = await findOwnedDocuments(container.db, owner, ids);
  if (found.length !== ids.length) throw new AppError('NOT_FOUND');
  const byId = new Map(found.map((doc) => [doc.id, doc]));
  // In the order chosen, each at its current version.
  return zipOfBlobs(container, ids.map((id) => byId.get(id)!).map((doc) => ({ filename: doc.filename, blobKey: doc.blobKey, contentType: doc.contentType, mtime: doc.updatedAt })));
}

/** Soft delete: the file leaves the list and its bytes stop counting at once; the sweeper purges them later. */
export async function deleteDocument(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'events'>, owner: AccountOwner, id: string): Promise<void> {
  const row = await ownedDocument(container, owner, id);
  if (!(await softDeleteDocument(container.db, owner, id, container.clock.now()))) throw new AppError('NOT_FOUND');
  await announce(container, owner, 'documents.changed', 'usage.changed');
  await recordTeamActivity(container, owner, 'document.deleted', row.filename);
}

export async function usageOf(container: Pick<Ports, 'db'>, owner: AccountOwner): Promise<UsageView> {
  const usage = await getUsage(container.db, owner);
  return { pdfs_processed: usage.pdfsProcessed, storage_used: usage.storageUsed, storage_limit: usage.storageLimit };
}

export async function ownedDocument(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string): Promise<DocumentRow> {
  const row = isUuid(id) ? await findDocument(container.db, owner, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Cheap early refusal; the booking in insertDocumentWithinQuota is what guarantees the limit. */
async function assertFits(container: Pick<Ports, 'db'>, owner: AccountOwner, size: number): Promise<void> {
  if (size > MAX_PDF_SIZE) throw new AppError('FILE_TOO_LARGE', { maxBytes: MAX_PDF_SIZE });
  const usage = await getUsage(container.db, owner);
  if (usage.storageUsed + size > usage.storageLimit) throw new AppError('STORAGE_LIMIT_EXCEEDED');
}

/** A file named .pdf that cannot be read is a damaged PDF; anything else that is no PDF is a type not taken. */
async function checkPdf(container: Pick<Ports, 'executor'>, path: string, filename: string | undefined): Promise<{ pages: number | null; encrypted: boolean }> {
  if ((await detectFileType(path)) !== 'pdf') {
    throw claimsPdf(filename) ? new AppError('PDF_CORRUPT', { filename }) : new AppError('UNSUPPORTED_FILE_TYPE', { accepts: ['pdf'] });
  }
  return checkPdfStructure(container, path, filename);
}

async function removeBlob(container: Pick<Ports, 'logger' | 'blobStore'>, key: string): Promise<void> {
  await container.blobStore.delete(key).catch((err) => container.logger.error({ err, key }, 'could not remove a refused upload'));
}

/** Tells the open browsers of the person (or of everyone in the team) to refetch; a failed notice never fails the change itself. */
async function announce(container: Pick<Ports, 'logger' | 'db' | 'events'>, owner: AccountOwner, ...types: Extract<AppEvent, { type: 'documents.changed' | 'usage.changed' }>['type'][]): Promise<void> {
  const people = owner.kind === 'team' ? await memberUserIds(container.db, owner.teamId) : [owner.userId];
  for (const type of types) {
    for (const person of people) await container.events.publish(person, { type }).catch((err) => container.logger.warn({ err, type }, 'could not publish an event'));
  }
}

/** The documents as the API shows them, each with its count of active share links (one query for all). */
export async function documentViews(container: Pick<Ports, 'clock' | 'db'>, rows: DocumentRow[]): Promise<DocumentView[]> {
  const counts = await countActiveLinks(container.db, rows.map((row) => row.id), container.clock.now());
  return rows.map((row) => toDocumentView(row, counts.get(row.id) ?? 0));
}

export const documentView = async (container: Pick<Ports, 'clock' | 'db'>, row: DocumentRow): Promise<DocumentView> => (await documentViews(container, [row]))[0]!;

function toDocumentView(row: DocumentRow, linkCount: number): DocumentView {
  return {
    id: row.id,
    filename: row.filename,
    file_size: row.fileSize,
    uploaded_at: row.uploadedAt.toISOString(),
    deleted: row.deleted,
    page_count: row.pageCount,
    encrypted: row.encrypted,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    link_count: linkCount,
  };
}
