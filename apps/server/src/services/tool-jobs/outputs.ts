import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { AppError, safeFilename } from '@wattle/shared';
import type { Container } from '../container.ts';
import { deleteOutput, findBatch, findOutput, listOutputs, markOutputSaved, type JobOutputRow, type Owner } from '../repositories/jobs.ts';
import { findDocument } from '../repositories/documents.ts';
import { storeDocument, toDocumentView, type DocumentView } from './documents.ts';

export interface OutputView {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  pages: number | null;
  /** What changed beyond the tool's purpose, e.g. that the result is no longer PDF/A. */
  notes: { code: string; message: string }[];
  downloadUrl: string;
  expiresAt: string;
}

const signature = (secret: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`output-download:${id}:${expires}`).digest('base64url');

/** A relative URL that downloads the output without cookies until it expires (the link is the key). */
function signedDownloadUrl(container: Container, output: Pick<JobOutputRow, 'id' | 'expiresAt'>): string {
  const expires = Math.floor(output.expiresAt.getTime() / 1000);
  return `/api/v1/outputs/${output.id}/download?expires=${expires}&signature=${signature(container.authSecret, output.id, expires)}`;
}

function validSignature(container: Container, id: string, expires: string | undefined, given: string | undefined): boolean {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= container.clock.now().getTime()) return false;
  const expected = Buffer.from(signature(container.authSecret, id, Number(expires)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function outputView(container: Container, row: JobOutputRow): OutputView {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    pages: row.pages,
    notes: row.notes,
    downloadUrl: signedDownloadUrl(container, row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const isOwner = (row: JobOutputRow, owner: Owner | undefined) =>
  !!owner && (owner.userId !== undefined ? row.userId === owner.userId : row.visitorSessionId === owner.visitorSessionId);

/** The owner's output (anyone else: NOT_FOUND). */
async function ownedOutput(container: Container, owner: Owner | undefined, id: string): Promise<JobOutputRow> {
  const row = await findOutput(container.db, id, container.clock.now());
  if (!row || !isOwner(row, owner)) throw new AppError('NOT_FOUND');
  return row;
}

export async function listOwnOutputs(container: Container, owner: Owner) {
  const rows = await listOutputs(container.db, owner, container.clock.now());
  return rows.map(({ output, tool }) => ({
    ...outputView(container, output),
    jobId: output.jobId,
    tool,
    createdAt: output.createdAt.toISOString(),
    savedDocumentId: output.savedDocumentId,
  }));
}

/** The bytes, for a valid signed link or for the owner; anything else is NOT_FOUND. */
export async function openDownload(
  container: Container,
  owner: Owner | undefined,
  id: string,
  query: { expires?: string; signature?: string },
): Promise<{ output: JobOutputRow; size: number; body: Readable }> {
  const row = await findOutput(container.db, id, container.clock.now());
  if (!row || !(validSignature(container, id, query.expires, query.signature) || isOwner(row, owner))) throw new AppError('NOT_FOUND');
  const stat = await container.blobStore.stat(row.blobKey);
  if (!stat) throw new AppError('NOT_FOUND');
  return { output: row, size: stat.size, body: await container.blobStore.get(row.blobKey) };
}

export async function deleteOwnOutput(container: Container, owner: Owner, id: string): Promise<void> {
  const key = await deleteOutput(container.db, owner, id);
  if (!key) throw new AppError('NOT_FOUND');
  await container.blobStore.delete(key);
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
export async function saveOutputToDocuments(container: Container, userId: string, id: string): Promise<{ document: DocumentView; created: boolean }> {
  const row = await ownedOutput(container, { userId }, id);
  const earlier = await keptDocument(container, userId, row.savedDocumentId);
  if (earlier) return { document: earlier, created: false };
  try {
    const document = await storeDocument(container, userId, {
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
    const saved = err instanceof AlreadySaved ? await keptDocument(container, userId, err.documentId) : undefined;
    if (saved) return { document: saved, created: false };
    throw err;
  }
}

async function keptDocument(container: Container, userId: string, documentId: string | null): Promise<DocumentView | undefined> {
  const row = documentId ? await findDocument(container.db, userId, documentId) : undefined;
  return row && toDocumentView(row);
}

/** Already compressed: storing them again in the ZIP would only cost CPU. */
const STORED_TYPES = new Set(['image/jpeg', 'image/png', 'application/zip']);

/**
 * A streamed ZIP of every output of the batch's finished jobs. Entries are read one at a time from
 * the blob store; names follow the filename policy and are unique.
 */
export async function openBatchZip(container: Container, owner: Owner | undefined, batchId: string): Promise<{ filename: string; body: Readable }> {
  const found = owner ? await findBatch(container.db, owner, batchId, container.clock.now()) : undefined;
  if (!found) throw new AppError('NOT_FOUND');
  const outputs = found.jobs.filter((r) => r.job.status === 'succeeded').flatMap((r) => r.outputs);
  if (outputs.length === 0) throw new AppError('NOT_FOUND', undefined, 'No file of this batch is ready yet.');
  const zip = new ZipFile();
  const names = zipEntryNames(outputs.map((o) => o.filename));
  for (const [i, output] of outputs.entries()) {
    zip.addReadStreamLazy(names[i]!, { compress: !STORED_TYPES.has(output.contentType), mtime: output.createdAt }, (done) => {
      container.blobStore.get(output.blobKey).then((stream) => done(null, stream), (err: Error) => done(err, undefined as never));
    });
  }
  zip.end();
  return { filename: `${found.batch.tool}-batch.zip`, body: zip.outputStream as Readable };
}

/** Entry names under the filename policy, made unique with " (2)". */
export function zipEntryNames(filenames: string[]): string[] {
  const used = new Set<string>();
  return filenames.map((raw) => {
    const clean = safeFilename(raw, 'file');
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}
