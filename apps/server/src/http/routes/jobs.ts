import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { AppError, batchSchema, jobSchema, outputListQuerySchema, outputListSchema, savedOutputSchema, toolSubmissionSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { dataPaths } from '../../data-dir.ts';
import { checkRate, limitsFor, precheckTool, type Caller } from '../../services/tool-jobs/admission.ts';
import { deleteOwnOutput, listOwnOutputs, openBatchZip, openDownload, openJobZip, saveOutputToDocuments } from '../../services/tool-jobs/outputs.ts';
import { submit } from '../../services/tool-jobs/submission.ts';
import { getBatch, getJob, type JobView } from '../../services/tool-jobs/views.ts';
import { accountOwner, ensureOwner, requireAccount } from '../middleware/owner.ts';
import { readMultipart, removeUploads } from '../upload/multipart.ts';
import { attachment } from '../content-disposition.ts';
import type { AppEnv } from '../types.ts';
import { declaredRoutes, error, file, idParams, json, multipartBody, noContent } from '../api-contract.ts';

const SSE_POLL_MS = 500;
const SSE_MAX_MS = 15 * 60_000;
const SSE_PING_MS = 15_000;

/** The Content-Types the download route sends: each output's own, as the engines made it. */
const OUTPUT_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain; charset=utf-8',
  'application/json',
  // Files extracted from a PDF's attachments: sent as bytes whatever they claim to be.
  'application/octet-stream',
];

const submission = (description: string) => multipartBody(toolSubmissionSchema, { options: { contentType: 'application/json' }, fileIds: { contentType: 'application/json' } }, description);
const submitErrors = {
  400: error('VALIDATION_FAILED (details.fieldErrors) or BAD_REQUEST.'),
  401: error('UNAUTHORIZED: fileIds or batches without an account.'),
  404: error('NOT_FOUND: a fileIds entry is not one of your documents, or an outputIds entry not one of your unexpired outputs.'),
  413: error('FILE_TOO_LARGE, checked while streaming.'),
  415: error('UNSUPPORTED_FILE_TYPE: a file is not a type the tool accepts.'),
  422: error('PDF_CORRUPT (details.filename): a file named .pdf is damaged or is not a PDF.'),
  429: error('RATE_LIMITED (too many jobs an hour, or too much heavy work open) or QUEUE_FULL (with Retry-After).'),
  503: error('ENGINE_UNAVAILABLE: the tool cannot run on this server.'),
};
const jobParams = idParams('job');
const outputParams = idParams('output');
const batchParams = idParams('batch');
const expired = error('Not yours, or expired.');

/**
 * The tools' jobs, their outputs and batches (docs/api/jobs.md). Account holders are known by their
 * session; visitors by an anonymous session cookie made with their first job. Every id is scoped by
 * its owner: another caller's id answers 404.
 */
export function jobsRoutes(container: Container) {
  const app = declaredRoutes();

  const callerOf = (c: Context<AppEnv>): Caller => ({ owner: c.get('owner'), ip: c.get('clientIp'), apiKeyId: c.get('apiKeyId') });

  /** Streams a multipart submission to private temp files (removed afterwards) and submits it. */
  async function receive(c: Context<AppEnv>, mode: 'job' | 'batch') {
    const caller = callerOf(c);
    if (mode === 'job') await checkRate(container, caller, 1);
    const limits = limitsFor(container, caller.owner);
    const body = await readMultipart(c.req.raw, {
      spoolDir: dataPaths(container.dataDir).toolUploadSpool,
      maxFileBytes: limits.maxFileBytes,
      maxTotalBytes: limits.maxTotalBytes,
      maxFiles: mode === 'job' ? limits.maxFiles : Math.max(1, limits.maxBatchInputs),
      onField: (name, value) => (name === 'tool' ? precheckTool(container, caller, value) : undefined),
    });
    try {
      return await submit(container, caller, body, mode, () => ensureOwner(container, c));
    } finally {
      await removeUploads(body.files);
    }
  }

  const createJobRoute = createRoute({
    method: 'post',
    path: '/v1/jobs',
    operationId: 'createJob',
    summary: 'Run a tool on uploads, stored documents and/or your earlier outputs',
    request: { body: submission('One job over all the files.') },
    responses: { 202: json(jobSchema, 'Queued.'), ...submitErrors },
  });
  app.openapi(createJobRoute, async (c) => c.json((await receive(c, 'job')).job, 202));

  const getJobRoute = createRoute({
    method: 'get',
    path: '/v1/jobs/{id}',
    operationId: 'getJob',
    summary: 'A job, its progress and outputs',
    request: { params: jobParams },
    responses: { 200: json(jobSchema, 'The job.'), 404: expired },
  });
  app.openapi(getJobRoute, async (c) => c.json(await getJob(container, c.get('owner'), c.req.valid('param').id), 200));

  const eventsRoute = createRoute({
    method: 'get',
    path: '/v1/jobs/{id}/events',
    operationId: 'jobEvents',
    summary: 'Job progress as Server-Sent Events',
    description: 'An `event: job` with the Job (components.schemas.Job) as data at once and on every change; the stream ends after the first terminal status.',
    request: { params: jobParams },
    responses: { 200: { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 404: expired },
  });
  app.openapi(eventsRoute, async (c) => {
    const owner = c.get('owner');
    const { id } = c.req.valid('param');
    const first = await getJob(container, owner, id);
    return streamSSE(c, async (stream) => {
      // Workers announce every change of every job (any owner): wake at once instead of at the next poll.
      let wake = () => {};
      const unsubscribe = container.events.onJobChanged((jobId) => {
        if (jobId === id) wake();
      });
      stream.onAbort(() => wake());
      const pause = () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SSE_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      try {
        await followJob(stream, first, pause, () => getJob(container, owner, id));
      } finally {
        unsubscribe();
      }
    });
  });

  const jobZipRoute = createRoute({
    method: 'get',
    path: '/v1/jobs/{id}/zip',
    operationId: 'downloadJobZip',
    summary: 'Every output of a finished job as one streamed ZIP',
    description: 'For jobs with several outputs (split, PDF to image); each output can still be downloaded on its own.',
    request: { params: jobParams },
    responses: { 200: file(['application/zip'], 'The ZIP.'), 404: error('Not yours, expired, or not finished with outputs.') },
  });
  app.openapi(jobZipRoute, async (c) => zipResponse(c, await openJobZip(container, c.get('owner'), c.req.valid('param').id)));

  const listOutputsRoute = createRoute({
    method: 'get',
    path: '/v1/outputs',
    operationId: 'listOutputs',
    summary: 'Your unexpired outputs, newest first (20 a page unless pageSize says otherwise)',
    request: { query: outputListQuerySchema },
    responses: { 200: json(outputListSchema, 'One page of outputs (none for a caller with no jobs yet).'), 400: error('VALIDATION_FAILED.') },
  });
  app.openapi(listOutputsRoute, async (c) => c.json(await listOwnOutputs(container, c.get('owner'), c.req.valid('query')), 200));

  const downloadRoute = createRoute({
    method: 'get',
    path: '/v1/outputs/{id}/download',
    operationId: 'downloadOutput',
    summary: 'An output’s bytes (attachment)',
    description: 'Allowed with the signed query of downloadUrl, or for the owner.',
    request: { params: outputParams, query: z.object({ expires: z.string().optional(), signature: z.string().optional() }) },
    responses: { 200: file(OUTPUT_MEDIA_TYPES, 'The file, with its own type (the output’s contentType).'), 404: error('Not yours, expired or a bad signature.') },
  });
  app.openapi(downloadRoute, async (c) => {
    const { output, size, body } = await openDownload(container, c.get('owner'), c.req.valid('param').id, c.req.valid('query'));
    c.header('Content-Type', output.contentType);
    c.header('Content-Length', String(size));
    c.header('Content-Disposition', attachment(output.filename));
    // Opened directly, the file still cannot run script or reach our origin's data; the signed URL never leaks.
    c.header('Content-Security-Policy', "sandbox; default-src 'none'");
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'private, no-store');
    return c.body(Readable.toWeb(body) as ReadableStream);
  });

  const saveRoute = createRoute({
    method: 'post',
    path: '/v1/outputs/{id}/save',
    operationId: 'saveOutput',
    summary: 'Save to My Documents (account holders, within quota)',
    description: 'Once per output: saving again, even at the same time, answers with the same document and charges nothing more.',
    middleware: [requireAccount],
    request: { params: outputParams },
    responses: {
      201: json(savedOutputSchema, 'Saved.'),
      200: json(savedOutputSchema, 'Already saved: the same document.'),
      401: error('Sign in first.'),
      404: expired,
      409: error('STORAGE_LIMIT_EXCEEDED.'),
    },
  });
  app.openapi(saveRoute, async (c) => {
    const { document, created } = await saveOutputToDocuments(container, accountOwner(c), c.req.valid('param').id);
    return created ? c.json({ document }, 201) : c.json({ document }, 200);
  });

  const deleteOutputRoute = createRoute({
    method: 'delete',
    path: '/v1/outputs/{id}',
    operationId: 'deleteOutput',
    summary: 'Delete an output now',
    request: { params: outputParams },
    responses: { 204: noContent('Deleted.'), 404: expired },
  });
  app.openapi(deleteOutputRoute, async (c) => {
    const owner = c.get('owner');
    if (!owner) throw new AppError('NOT_FOUND');
    await deleteOwnOutput(container, owner, c.req.valid('param').id);
    return c.body(null, 204);
  });

  const createBatchRoute = createRoute({
    method: 'post',
    path: '/v1/batches',
    operationId: 'createBatch',
    summary: 'One tool over many inputs, one job each (account holders)',
    middleware: [requireAccount],
    request: { body: submission('One job per file or document id.') },
    responses: { 202: json(batchSchema, 'Queued.'), ...submitErrors },
  });
  app.openapi(createBatchRoute, async (c) => c.json((await receive(c, 'batch')).batch, 202));

  const getBatchRoute = createRoute({
    method: 'get',
    path: '/v1/batches/{id}',
    operationId: 'getBatch',
    summary: 'A batch and its jobs',
    middleware: [requireAccount],
    request: { params: batchParams },
    responses: { 200: json(batchSchema, 'The batch.'), 401: error('Sign in first.'), 404: expired },
  });
  app.openapi(getBatchRoute, async (c) => c.json(await getBatch(container, c.get('owner'), c.req.valid('param').id), 200));

  const batchZipRoute = createRoute({
    method: 'get',
    path: '/v1/batches/{id}/zip',
    operationId: 'downloadBatchZip',
    summary: 'Every finished output of a batch as one streamed ZIP',
    middleware: [requireAccount],
    request: { params: batchParams },
    responses: { 200: file(['application/zip'], 'The ZIP.'), 401: error('Sign in first.'), 404: error('Not yours, expired, or nothing finished yet.') },
  });
  app.openapi(batchZipRoute, async (c) => zipResponse(c, await openBatchZip(container, c.get('owner'), c.req.valid('param').id)));

  return app;
}

function zipResponse(c: Context<AppEnv>, { filename, body }: { filename: string; body: Readable }) {
  c.header('Content-Type', 'application/zip');
  c.header('Content-Disposition', attachment(filename));
  c.header('Cache-Control', 'private, no-store');
  return c.body(Readable.toWeb(body) as ReadableStream);
}

const isTerminal = (job: JobView) => job.status === 'succeeded' || job.status === 'failed';

/** Sends the job at once and on every change, a comment now and then, and ends after a terminal status. */
async function followJob(stream: SSEStreamingApi, job: JobView, pause: () => Promise<void>, reload: () => Promise<JobView>): Promise<void> {
  const started = Date.now();
  let sent = '';
  let lastWrite = 0;
  while (!stream.aborted) {
    const key = `${job.status}:${job.progress}`;
    if (key !== sent) {
      await stream.writeSSE({ event: 'job', data: JSON.stringify(job) });
      sent = key;
      lastWrite = Date.now();
    } else if (Date.now() - lastWrite > SSE_PING_MS) {
      await stream.write(': ping\n\n');
      lastWrite = Date.now();
    }
    if (isTerminal(job) || Date.now() - started > SSE_MAX_MS) return;
    await pause();
    try {
      job = await reload();
    } catch {
      return; // swept while watched
    }
  }
}
