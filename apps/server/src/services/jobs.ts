import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { detectFileType, missingEngines } from '@wattle/pdf-engine';
import { AppError, getTool, INPUT_KINDS, isUuid, TOOLS, type InputKind, type Tool } from '@wattle/shared';
import { z } from 'zod';
import type { Container } from '../container.ts';
import { callerLimits, OPEN_JOBS_RETRY_AFTER_SECONDS, VISITOR_OPEN_HEAVY_JOBS_PER_IP, VISITOR_OPEN_JOBS_PER_POOL, type CallerLimits } from '../domain/caller-limits.ts';
import { isHeavyPool, poolOf, poolQueue, POOLS, type PoolId } from '../domain/tool-pools.ts';
import {
  countOpenJobs,
  countQueuedJobs,
  findBatch,
  findJob,
  findOwnedDocuments,
  findPreferredPageSize,
  insertBatch,
  insertJob,
  lockPoolSubmissions,
  type BatchRow,
  type JobRecord,
  type NewJob,
  type NewJobInput,
  type Owner,
  type Queryable,
} from '../repositories/jobs.ts';
import { outputView, type OutputView } from './outputs.ts';
import { takeFromRateLimit } from './rate-limit.ts';

/** Who is asking: an account, or a visitor (whose session may not exist yet). */
export interface Caller {
  userId?: string;
  visitorSessionId?: string;
  ip: string;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobView {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
  batchId: string | null;
  inputs: { filename: string; size: number }[];
  error?: { code: string; message: string };
  outputs: OutputView[];
}

export interface BatchView {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
  counts: Record<'total' | JobStatus, number>;
  jobs: JobView[];
  zipUrl: string;
}

export const limitsFor = (container: Container, caller: Pick<Caller, 'userId'>): CallerLimits => callerLimits(container.config, !!caller.userId);

export function ownerOf(caller: Caller): Owner | undefined {
  if (caller.userId) return { userId: caller.userId };
  return caller.visitorSessionId ? { visitorSessionId: caller.visitorSessionId } : undefined;
}

export function toolAvailable(container: Container, tool: Tool): boolean {
  return missingEngines(tool.id, container.engines()).length === 0;
}

/** Tools that answer ENGINE_UNAVAILABLE on this machine (for the start-up log). */
export const unavailableTools = (container: Container) => TOOLS.filter((tool) => !toolAvailable(container, tool)).map((tool) => tool.id);

/** Counts `n` jobs against the caller's per-minute allowance (per account, or per IP for visitors). */
export async function checkRate(container: Container, caller: Caller, n: number): Promise<void> {
  const key = caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`;
  await takeFromRateLimit(container, key, n, limitsFor(container, caller).jobsPerMinute);
}

/**
 * Refusals that make reading the upload pointless, checked as soon as the `tool` field arrives: the
 * tool's engine is missing, its pool already has a full queue, or the caller already has as much heavy
 * work open as allowed. An unknown tool is left for the full validation, which reports it with
 * everything else.
 */
export async function precheckTool(container: Container, caller: Caller, toolId: string, adding = 1): Promise<void> {
  const tool = getTool(toolId);
  if (!tool) return;
  if (!toolAvailable(container, tool)) throw new AppError('ENGINE_UNAVAILABLE', { engine: tool.engine });
  if ((await countQueuedJobs(container.db, poolOf(tool))) >= container.config.JOB_QUEUE_CAP) throw new AppError('QUEUE_FULL', { retryAfter: 30 });
  await assertOpenJobRoom(container.db, limitsFor(container, caller), ownerOf(caller), visitorIpOf(caller), poolOf(tool), adding);
}

const HEAVY_POOLS = POOLS.filter(isHeavyPool);

/** Visitors are also counted by address, since a new cookie is free. */
const visitorIpOf = (caller: Caller) => (caller.userId ? undefined : caller.ip);

/**
 * Refuses `adding` more jobs of a heavy pool past the caps on open work: the caller's own
 * (RATE_LIMITED: per account or visitor session, and per visitor IP), then every visitor's share of
 * the pool (QUEUE_FULL).
 */
async function assertOpenJobRoom(db: Queryable, limits: CallerLimits, owner: Owner | undefined, visitorIp: string | undefined, pool: PoolId, adding: number): Promise<void> {
  if (!isHeavyPool(pool)) return;
  const open = await countOpenJobs(db, HEAVY_POOLS, { owner, visitorIp, pool });
  const details = { retryAfter: OPEN_JOBS_RETRY_AFTER_SECONDS };
  if (open.owner + adding > limits.maxOpenHeavyJobs) throw new AppError('RATE_LIMITED', details);
  if (visitorIp === undefined) return;
  if (open.visitorIp + adding > VISITOR_OPEN_HEAVY_JOBS_PER_IP) throw new AppError('RATE_LIMITED', details);
  if (open.poolVisitors + adding > VISITOR_OPEN_JOBS_PER_POOL[pool]) throw new AppError('QUEUE_FULL', details);
}

export interface UploadBody {
  fields: Record<string, string>;
  files: { field: string; filename: string; path: string; size: number }[];
}

const fileIdsSchema = z.array(z.string().refine(isUuid)).max(100);

interface Input {
  filename: string;
  size: number;
  kind: InputKind;
  /** An upload on local disk, to be stored under the job's own key. */
  path?: string;
  /** A stored document: its key is read, never copied or deleted. */
  documentId?: string;
  blobKey?: string;
}

/**
 * Validates a multipart submission all at once and, when it is sound, makes its jobs: one job with
 * every input, or (batch) one job per input. The uploads are stored, the rows and the pg-boss jobs
 * commit in one transaction, and nothing is left behind when any step fails.
 */
export async function submit(
  container: Container,
  caller: Caller,
  body: UploadBody,
  mode: 'job' | 'batch',
  /** The caller's owner identity, made on first use (a visitor's session starts with their first job). */
  ensureOwner: () => Promise<Owner>,
): Promise<{ job?: JobView; batch?: BatchView }> {
  const limits = limitsFor(container, caller);
  const fieldErrors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (fieldErrors[key] ??= []).push(message);

  const tool = getTool(body.fields.tool ?? '');
  if (!tool) add('tool', body.fields.tool ? 'There is no tool with this id.' : 'Choose a tool.');

  let rawOptions: unknown = {};
  if (body.fields.options !== undefined && body.fields.options.trim() !== '') {
    try {
      rawOptions = JSON.parse(body.fields.options);
    } catch {
      add('options', 'Options must be JSON.');
    }
  }
  let options: unknown;
  if (tool && !fieldErrors.options) {
    const parsed = tool.options.safeParse(await withAccountDefaults(container, caller, tool, rawOptions));
    if (parsed.success) options = parsed.data;
    else for (const issue of parsed.error.issues) add(['options', ...issue.path].join('.'), issue.message);
  }

  let fileIds: string[] = [];
  if (body.fields.fileIds !== undefined && body.fields.fileIds.trim() !== '') {
    if (!caller.userId) throw new AppError('UNAUTHORIZED');
    try {
      const parsed = fileIdsSchema.safeParse(JSON.parse(body.fields.fileIds));
      if (parsed.success) fileIds = [...new Set(parsed.data)];
      else add('fileIds', 'Give a JSON array of at most 100 document ids.');
    } catch {
      add('fileIds', 'Give a JSON array of document ids.');
    }
  }
  for (const file of body.files) if (file.field !== 'files') add(file.field, 'Send files in the "files" field.');

  const count = body.files.length + fileIds.length;
  if (tool && mode === 'job' && (count < tool.minFiles || count > tool.maxFiles)) {
    add('files', tool.minFiles === tool.maxFiles ? `This tool takes ${tool.minFiles} file${tool.minFiles === 1 ? '' : 's'}.` : `This tool takes ${tool.minFiles} to ${tool.maxFiles} files.`);
  }
  if (tool && mode === 'batch') {
    if (!batchable(tool)) add('tool', 'This tool combines several files, so it cannot run as a batch.');
    if (count < 1 || count > limits.maxBatchInputs) add('files', `A batch takes 1 to ${limits.maxBatchInputs} files.`);
  }
  if (Object.keys(fieldErrors).length > 0 || !tool) throw new AppError('VALIDATION_FAILED', { fieldErrors });

  await precheckTool(container, caller, tool.id, mode === 'job' ? 1 : count);

  const documents = caller.userId ? await findOwnedDocuments(container.db, caller.userId, fileIds) : [];
  if (documents.length !== fileIds.length) throw new AppError('NOT_FOUND');

  const inputs: Input[] = [];
  for (const file of body.files) {
    const kind = await detectFileType(file.path);
    if (!kind || !tool.accepts.includes(kind)) throw new AppError('UNSUPPORTED_FILE_TYPE', { filename: file.filename, accepts: tool.accepts });
    inputs.push({ filename: file.filename, size: file.size, kind, path: file.path });
  }
  for (const id of fileIds) {
    const doc = documents.find((d) => d.id === id)!;
    const kind = kindOfMime(doc.contentType);
    if (!kind || !tool.accepts.includes(kind)) throw new AppError('UNSUPPORTED_FILE_TYPE', { filename: doc.filename, accepts: tool.accepts });
    if (doc.size > limits.maxFileBytes) throw new AppError('FILE_TOO_LARGE', { filename: doc.filename, maxBytes: limits.maxFileBytes });
    inputs.push({ filename: doc.filename, size: doc.size, kind, documentId: doc.id, blobKey: doc.blobKey });
  }

  if (mode === 'batch') await checkRate(container, caller, inputs.length);
  const groups = mode === 'job' ? [inputs] : inputs.map((input) => [input]);
  const batchId = mode === 'batch' ? randomUUID() : null;
  const owner = await ensureOwner();
  const ids = await createJobs(container, owner, visitorIpOf(caller), tool, options, groups, batchId, limits);

  if (batchId) return { batch: await getBatch(container, owner, batchId) };
  return { job: await getJob(container, owner, ids[0]!) };
}

/** One input per job: tools that combine files (merge) cannot run as a batch. */
export const batchable = (tool: Tool) => tool.minFiles <= 1;

async function withAccountDefaults(container: Container, caller: Caller, tool: Tool, raw: unknown): Promise<unknown> {
  // image-to-pdf's paper size defaults to the account's preferred page size.
  if (tool.id !== 'image-to-pdf' || !caller.userId || !raw || typeof raw !== 'object' || 'pageSize' in raw) return raw;
  const preferred = await findPreferredPageSize(container.db, caller.userId);
  return preferred ? { ...raw, pageSize: preferred } : raw;
}

function kindOfMime(mime: string): InputKind | undefined {
  return (Object.keys(INPUT_KINDS) as InputKind[]).find((k) => INPUT_KINDS[k].mime === mime);
}

async function createJobs(
  container: Container,
  owner: Owner,
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
  const owners = { userId: owner.userId ?? null, visitorSessionId: owner.visitorSessionId ?? null };
  const planned = groups.map((group) => ({ id: randomUUID(), group }));
  const storedKeys: string[] = [];
  try {
    const rows: { job: NewJob; inputs: Omit<NewJobInput, 'jobId'>[] }[] = [];
    for (const [batchPosition, { id, group }] of planned.entries()) {
      const inputs: Omit<NewJobInput, 'jobId'>[] = [];
      for (const [position, input] of group.entries()) {
        let blobKey = input.blobKey;
        if (input.path) {
          blobKey = `jobs/${id}/input-${position}`;
          await container.blobStore.put(blobKey, createReadStream(input.path));
          storedKeys.push(blobKey);
        }
        inputs.push({ position, filename: input.filename, blobKey: blobKey!, documentId: input.documentId ?? null, size: input.size, kind: input.kind });
      }
      rows.push({ job: { id, ...owners, visitorIp: visitorIp ?? null, batchId, batchPosition: batchId ? batchPosition : null, tool: tool.id, options: options as object, pool, createdAt: now, expiresAt }, inputs });
    }
    await container.db.transaction(async (tx) => {
      // The early check counted without a lock: racing submissions are settled here, one at a time.
      if (isHeavyPool(pool)) {
        await lockPoolSubmissions(tx, pool);
        await assertOpenJobRoom(tx, limits, owner, visitorIp, pool, rows.length);
      }
      if (batchId) await insertBatch(tx, { id: batchId, ...owners, tool: tool.id, createdAt: now, expiresAt });
      for (const { job, inputs } of rows) {
        await insertJob(tx, job, inputs);
        await container.queue.send(poolQueue(pool), { jobId: job.id }, { tx });
      }
    });
    return planned.map((p) => p.id);
  } catch (err) {
    await Promise.all(storedKeys.map((key) => container.blobStore.delete(key).catch(() => {})));
    throw err;
  }
}

// ── Reading ───────────────────────────────────────────────────────────────────

function jobView(container: Container, { job, inputs, outputs }: JobRecord): JobView {
  return {
    id: job.id,
    tool: job.tool,
    status: job.status as JobStatus,
    progress: job.progress,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt.toISOString(),
    batchId: job.batchId,
    inputs: inputs.map((i) => ({ filename: i.filename, size: i.size })),
    ...(job.status === 'failed' ? { error: { code: job.errorCode ?? 'INTERNAL', message: job.errorMessage ?? 'The job failed.' } } : {}),
    outputs: job.status === 'succeeded' ? outputs.map((o) => outputView(container, o)) : [],
  };
}

export async function getJob(container: Container, owner: Owner | undefined, id: string): Promise<JobView> {
  const record = owner ? await findJob(container.db, owner, id, container.clock.now()) : undefined;
  if (!record) throw new AppError('NOT_FOUND');
  return jobView(container, record);
}

export function batchView(container: Container, batch: BatchRow, records: JobRecord[]): BatchView {
  const jobs = records.map((r) => jobView(container, r));
  const counts = { total: jobs.length, queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const job of jobs) counts[job.status]++;
  const open = counts.queued + counts.running;
  const status: JobStatus = open > 0 ? (counts.queued === jobs.length ? 'queued' : 'running') : counts.succeeded > 0 ? 'succeeded' : 'failed';
  return {
    id: batch.id,
    tool: batch.tool,
    status,
    progress: jobs.length ? Math.floor(jobs.reduce((sum, j) => sum + (j.status === 'failed' ? 100 : j.progress), 0) / jobs.length) : 0,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: open === 0 ? (batch.finishedAt ?? latest(jobs))?.toISOString() ?? null : null,
    expiresAt: batch.expiresAt.toISOString(),
    counts,
    jobs,
    zipUrl: `/api/v1/batches/${batch.id}/zip`,
  };
}

const latest = (jobs: JobView[]) => {
  const times = jobs.map((j) => (j.finishedAt ? Date.parse(j.finishedAt) : 0));
  return times.length ? new Date(Math.max(...times)) : undefined;
};

export async function getBatch(container: Container, owner: Owner | undefined, id: string): Promise<BatchView> {
  const found = owner ? await findBatch(container.db, owner, id, container.clock.now()) : undefined;
  if (!found) throw new AppError('NOT_FOUND');
  return batchView(container, found.batch, found.jobs);
}
