import { randomUUID } from 'node:crypto';
import { detectFileType, mapLimit } from '@wattle/pdf-engine';
import { AppError, claimsPdf, INPUT_KINDS, type InputKind, type Tool } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { FILES_AT_ONCE } from '../../adapters/blob-store/blob-store.ts';
import type { CallerLimits } from '../../domain/caller-limits.ts';
import { accountOwnerOf, type Owner } from '../../domain/owner.ts';
import { isHeavyPool, poolOf, poolQueue } from '../../domain/tool-pools.ts';
import { countApiKeyUsage } from '../../repositories/api-keys.ts';
import { insertBatch } from '../../repositories/batches.ts';
import { findOwnedDocuments } from '../../repositories/documents.ts';
import { findOwnedOutput } from '../../repositories/outputs.ts';
import { insertJob, lockPoolSubmissions, type JobRecord, type NewJob, type NewJobInput } from '../../repositories/jobs.ts';
import { checkJobPdfs } from '../pdf-check.ts';
import { jobCache } from './job-cache.ts';
import { assertOpenJobRoom, checkRate, limitsFor, visitorIpOf, type Caller } from './admission.ts';
import { readSubmissionForm, type UploadBody } from './submission-form.ts';
import { getBatch, getJob, type BatchView, type JobView } from './views.ts';

/**
 * Submitting tool work: the form is validated, the caller admitted, the inputs checked by content,
 * then the uploads are stored and the rows and queue entries committed in one transaction.
 */

interface Input {
  filename: string;
  size: number;
  kind: InputKind;
  /** An upload on local disk, to be stored under the job's own key. */
  path?: string;
  /** A stored document: its key is read, never copied or deleted. */
  documentId?: string;
  blobKey?: string;
  /** An output of the caller's: copied under the job's own key, since the output expires on its own. */
  copyOf?: string;
}

/**
 * Validates a multipart submission all at once and, when it is sound, makes its jobs: one job with
 * every input, or (batch) one job per input. Nothing is left behind when any step fails.
 */
export async function submit(
  container: Pick<Ports, 'config' | 'dataDir' | 'clock' | 'db' | 'blobStore' | 'events' | 'queue' | 'authSecret' | 'executor'>,
  caller: Caller,
  body: UploadBody,
  mode: 'job' | 'batch',
  /** The caller's owner, made on first use (a visitor's session starts with their first job). */
  ensureOwner: () => Promise<Owner>,
): Promise<{ job?: JobView; batch?: BatchView }> {
  const limits = limitsFor(container, caller.owner);
  // The route ran precheckTool as the tool field arrived; the caps on open heavy work, which count
  // every job of a batch, are settled under a lock as the jobs are committed (createJobs).
  const { tool, options, fileIds, outputIds } = await readSubmissionForm(container, caller, body, mode);

  const account = accountOwnerOf(caller.owner);
  const documents = account ? await findOwnedDocuments(container.db, account, fileIds) : [];
  if (documents.length !== fileIds.length) throw new AppError('NOT_FOUND');
  const outputs = await Promise.all(outputIds.map((id) => caller.owner && findOwnedOutput(container.db, caller.owner, id, container.clock.now())));

  const inputs: Input[] = [];
  const kinds = await mapLimit(body.files, FILES_AT_ONCE, (file) => detectFileType(file.path));
  for (const [index, file] of body.files.entries()) {
    const kind = kinds[index];
    if (!kind || !tool.accepts.includes(kind)) {
      if (kind !== 'pdf' && tool.accepts.includes('pdf') && claimsPdf(file.filename)) throw new AppError('PDF_CORRUPT', { filename: file.filename });
      throw new AppError('UNSUPPORTED_FILE_TYPE', { filename: file.filename, accepts: tool.accepts });
    }
    inputs.push({ filename: file.filename, size: file.size, kind, path: file.path });
  }
  for (const id of fileIds) {
    const doc = documents.find((d) => d.id === id)!;
    const kind = kindOfMime(doc.contentType);
    if (!kind || !tool.accepts.includes(kind)) throw new AppError('UNSUPPORTED_FILE_TYPE', { filename: doc.filename, accepts: tool.accepts });
    if (doc.size > limits.maxFileBytes) throw new AppError('FILE_TOO_LARGE', { filename: doc.filename, maxBytes: limits.maxFileBytes });
    inputs.push({ filename: doc.filename, size: doc.size, kind, documentId: doc.id, blobKey: doc.blobKey });
  }
  for (const output of outputs) {
    if (!output) throw new AppError('NOT_FOUND');
    const kind = kindOfMime(output.contentType);
    if (!kind || !tool.accepts.includes(kind)) throw new AppError('UNSUPPORTED_FILE_TYPE', { filename: output.filename, accepts: tool.accepts });
    if (output.size > limits.maxFileBytes) throw new AppError('FILE_TOO_LARGE', { filename: output.filename, maxBytes: limits.maxFileBytes });
    inputs.push({ filename: output.filename, size: output.size, kind, copyOf: output.blobKey });
  }

  // A damaged PDF or one over the budgets is refused before it is accepted, not failed in its job.
  await checkJobPdfs(
    container,
    inputs.flatMap((input) => (input.kind !== 'pdf' ? [] : [{ filename: input.filename, ...(input.path ? { path: input.path } : { blobKey: (input.blobKey ?? input.copyOf)! }) }])),
  );
  if (mode === 'batch') await checkRate(container, caller, inputs.length);
  // The edit tool edits its first PDF: a stored document named in fileIds is the one edited, and the
  // uploaded PDFs are the pages it inserts (decision 072).
  if (tool.id === 'edit') inputs.sort((a, b) => Number(b.documentId !== undefined) - Number(a.documentId !== undefined));
  const groups = mode === 'job' ? [inputs] : inputs.map((input) => [input]);
  const batchId = mode === 'batch' ? randomUUID() : null;
  const owner = await ensureOwner();
  const ids = await createJobs(container, owner, caller.apiKeyId ?? null, visitorIpOf(caller), tool, options, groups, batchId, limits);

  if (batchId) return { batch: await getBatch(container, owner, batchId) };
  return { job: await getJob(container, owner, ids[0]!) };
}

function kindOfMime(contentType: string): InputKind | undefined {
  const mime = contentType.split(';')[0]!.trim(); // an output's text/plain carries its charset
  return (Object.keys(INPUT_KINDS) as InputKind[]).find((k) => INPUT_KINDS[k].mime === mime);
}

async function createJobs(
  container: Pick<Ports, 'clock' | 'db' | 'blobStore' | 'events' | 'queue'>,
  owner: Owner,
  apiKeyId: string | null,
  visitorIp: string | undefined,
  tool: Tool,
  options: unknown,
  groups: Input[][],
  batchId: string | null,
  limits: CallerLimits,
): Promise<string[]> {
  // Started outside the transaction: on PGlite, starting inside it would wait on the transaction itself.
  await container.queue.start();
  const now = container.clock.now();
  const expiresAt = new Date(now.getTime() + limits.retentionMinutes * 60_000);
  const pool = poolOf(tool);
  const planned = groups.map((group) => ({ id: randomUUID(), group }));
  const storedKeys: string[] = [];
  try {
    const rows: { job: NewJob; inputs: Omit<NewJobInput, 'jobId'>[] }[] = [];
    const toStore: { key: string; input: Input }[] = [];
    for (const [batchPosition, { id, group }] of planned.entries()) {
      const inputs = group.map((input, position): Omit<NewJobInput, 'jobId'> => {
        let blobKey = input.blobKey!;
        if (input.path || input.copyOf) toStore.push({ key: (blobKey = `jobs/${id}/input-${position}`), input });
        return { position, filename: input.filename, blobKey, documentId: input.documentId ?? null, size: input.size, kind: input.kind };
      });
      rows.push({ job: { id, visitorIp: visitorIp ?? null, apiKeyId, batchId, batchPosition: batchId ? batchPosition : null, tool: tool.id, options: options as object, pool, createdAt: now, expiresAt }, inputs });
    }
    await mapLimit(toStore, FILES_AT_ONCE, async ({ key, input }) => {
      // An upload's spooled file is moved into the store, not copied (200 files to merge).
      if (input.path) await container.blobStore.putFile(key, input.path);
      else await container.blobStore.put(key, await container.blobStore.get(input.copyOf!));
      storedKeys.push(key);
    });
    const commit = () =>
      container.db.transaction(async (tx) => {
        // The early check counted without a lock: racing submissions are settled here, one at a time.
        if (isHeavyPool(pool)) {
          await lockPoolSubmissions(tx, pool);
          await assertOpenJobRoom(tx, limits, owner, visitorIp, pool, rows.length);
        }
        if (batchId) await insertBatch(tx, owner, { id: batchId, tool: tool.id, createdAt: now, expiresAt });
        const records: JobRecord[] = [];
        for (const { job, inputs } of rows) {
          records.push(await insertJob(tx, owner, job, inputs));
          await container.queue.send(poolQueue(pool), { jobId: job.id }, { tx });
        }
        if (apiKeyId) await countApiKeyUsage(tx, apiKeyId, { jobs: rows.length });
        return records;
      });
    await jobCache(container).keepNew(planned.map((p) => p.id), commit);
    return planned.map((p) => p.id);
  } catch (err) {
    await Promise.all(storedKeys.map((key) => container.blobStore.delete(key).catch(() => {})));
    throw err;
  }
}
