import type { Readable } from 'node:stream';
import { AppError, safeFilename, type OutputList } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import type { AccountOwner, Owner } from '../../domain/owner.ts';
import { findDocument } from '../../repositories/documents.ts';
import { findJob } from '../../repositories/jobs.ts';
import { deleteOutput, findOutput, findOwnedOutput, listOutputs, markOutputSaved, type JobOutputRow } from '../../repositories/outputs.ts';
import { zipOfBlobs } from '../blob-zip.ts';
import { documentView, storeDocument, type DocumentView } from '../documents.ts';
import { validSignature } from './download-links.ts';
import { findOwnedBatch, outputView } from './views.ts';

/** What an owner does with the files their jobs made: list, download, delete, save to My Documents, ZIP a job or a batch. */

/** One page of the caller's unexpired outputs; a caller with no owner yet has none. */
export async function listOwnOutputs(container: Pick<Ports, 'clock' | 'db' | 'authSecret'>, owner: Owner | null, query: { page: number; pageSize: number }): Promise<OutputList> {
  const { page, pageSize } = query;
  if (!owner) return { items: [], total: 0, page, pageSize };
  const { rows, total } = await listOutputs(container.db, owner, container.clock.now(), { offset: (page - 1) * pageSize, limit: pageSize });
  const items = rows.map(({ output, tool }) => ({
    ...outputView(container, output),
    jobId: output.jobId,
    tool,
    createdAt: output.createdAt.toISOString(),
    savedDocumentId: output.savedDocumentId,
  }));
  return { items, total, page, pageSize };
}

/** The bytes, for a valid signed link or for the owner; anything else is NOT_FOUND. */
export async function openDownload(
  container: Pick<Ports, 'clock' | 'db' | 'blobStore' | 'authSecret'>,
  owner: Owner | null,
  id: string,
  query: { expires?: string; signature?: string },
): Promise<{ output: JobOutputRow; size: number; body: Readable }> {
  const now = container.clock.now();
  const row = validSignature(container, id, query.expires, query.signature)
    ? await findOutput(container.db, id, now)
    : owner && (await findOwnedOutput(container.db, owner, id, now));
  if (!row) throw new AppError('NOT_FOUND');
  const stat = await container.blobStore.stat(row.blobKey);
  if (!stat) throw new AppError('NOT_FOUND');
  return { output: row, size: stat.size, body: await container.blobStore.get(row.blobKey) };
}

export async function deleteOwnOutput(container: Pick<Ports, 'db' | 'blobStore' | 'events'>, owner: Owner, id: string): Promise<void> {
  const deleted = await deleteOutput(container.db, owner, id);
  if (!deleted) throw new AppError('NOT_FOUND');
  // Its job no longer lists it, in any process's cache of jobs.
  await container.events.publishJobChanged(deleted.jobId).catch(() => {});
  await container.blobStore.delete(deleted.blobKey);
}

/** A racing save found the output already saved: its document is the answer. */
class AlreadySaved extends Error {
  constructor(readonly documentId: string) {
    super('already saved');
  }
}

/**
 * Save to My Documents: a copy the account keeps, within its storage quota, once per output. Later
 * and concurrent saves answer with the same document (`created: false`) and charge nothing; a save
 * after that document was deleted makes a new one.
 */
export async function saveOutputToDocuments(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'events' | 'queue' | 'executor'>, owner: AccountOwner, id: string): Promise<{ document: DocumentView; created: boolean }> {
  const row = await findOwnedOutput(container.db, owner, id, container.clock.now());
  if (!row) throw new AppError('NOT_FOUND');
  const earlier = await keptDocument(container, owner, row.savedDocumentId);
  if (earlier) return { document: earlier, created: false };
  try {
    const document = await storeDocument(container, owner, {
      filename: row.filename,
      stream: await container.blobStore.get(row.blobKey),
      size: row.size,
      // The output is marked in the document's own transaction: of racing saves, the first to commit
      // keeps its document; the others' rows and quota bookings are rolled back.
      withDocument: async (tx, documentId) => {
        const saved = await markOutputSaved(tx, row.id, documentId);
        if (saved) throw new AlreadySaved(saved);
      },
    });
    return { document, created: true };
  } catch (err) {
    const saved = err instanceof AlreadySaved ? await keptDocument(container, owner, err.documentId) : undefined;
    if (saved) return { document: saved, created: false };
    throw err;
  }
}

async function keptDocument(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, documentId: string | null): Promise<DocumentView | undefined> {
  const row = documentId ? await findDocument(container.db, owner, documentId) : undefined;
  return row && documentView(container, row);
}

/** A streamed ZIP of every output of the batch's finished jobs. */
export async function openBatchZip(container: Pick<Ports, 'clock' | 'db' | 'blobStore'>, owner: Owner | null, batchId: string): Promise<{ filename: string; body: Readable }> {
  const found = await findOwnedBatch(container, owner, batchId);
  if (!found) throw new AppError('NOT_FOUND');
  const outputs = found.jobs.filter((r) => r.job.status === 'succeeded').flatMap((r) => r.outputs);
  if (outputs.length === 0) throw new AppError('NOT_FOUND', undefined, { message: 'No file of this batch is ready yet.' });
  return { filename: `${found.batch.tool}-batch.zip`, body: zipOfOutputs(container, outputs) };
}

/** A streamed ZIP of one finished job's outputs (split, PDF to image), named after its first input. */
export async function openJobZip(container: Pick<Ports, 'clock' | 'db' | 'blobStore'>, owner: Owner | null, jobId: string): Promise<{ filename: string; body: Readable }> {
  const record = owner ? await findJob(container.db, owner, jobId, container.clock.now()) : undefined;
  if (!record) throw new AppError('NOT_FOUND');
  if (record.job.status !== 'succeeded' || record.outputs.length === 0) throw new AppError('NOT_FOUND', undefined, { message: 'No file of this job is ready yet.' });
  const first = record.inputs[0]?.filename;
  const stem = first ? safeFilename(first.replace(/\.[^.]*$/, ''), 'files') : 'files';
  return { filename: `${stem}-${record.job.tool}.zip`, body: zipOfOutputs(container, record.outputs) };
}

/** Outputs as ZIP entries, under their own names. */
function zipOfOutputs(container: Pick<Ports, 'blobStore'>, outputs: JobOutputRow[]): Readable {
  return zipOfBlobs(
    container,
    outputs.map((o) => ({ filename: o.filename, blobKey: o.blobKey, contentType: o.contentType, mtime: o.createdAt })),
  );
}
