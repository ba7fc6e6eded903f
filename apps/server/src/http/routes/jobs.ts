import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { AppError, outputListQuerySchema } from '@wattle/shared';
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
import { readQuery } from '../validate.ts';

const SSE_POLL_MS = 500;
const SSE_MAX_MS = 15 * 60_000;
const SSE_PING_MS = 15_000;

/**
 * The tools' jobs, their outputs and batches (docs/api/jobs.md). Account holders are known by their
 * session; visitors by an anonymous session cookie made with their first job. Every id is scoped by
 * its owner: another caller's id answers 404.
 */
export function jobsRoutes(container: Container) {
  const app = new Hono<AppEnv>();

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

  app.post('/v1/jobs', async (c) => c.json((await receive(c, 'job')).job, 202));

  app.get('/v1/jobs/:id', async (c) => c.json(await getJob(container, c.get('owner'), c.req.param('id'))));

  app.get('/v1/jobs/:id/events', async (c) => {
    const owner = c.get('owner');
    const id = c.req.param('id');
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

  app.get('/v1/jobs/:id/zip', async (c) => zipResponse(c, await openJobZip(container, c.get('owner'), c.req.param('id'))));

  app.get('/v1/outputs', async (c) => c.json(await listOwnOutputs(container, c.get('owner'), readQuery(c, outputListQuerySchema))));

  app.get('/v1/outputs/:id/download', async (c) => {
    const { output, size, body } = await openDownload(container, c.get('owner'), c.req.param('id'), {
      expires: c.req.query('expires'),
      signature: c.req.query('signature'),
    });
    c.header('Content-Type', output.contentType);
    c.header('Content-Length', String(size));
    c.header('Content-Disposition', attachment(output.filename));
    // Opened directly, the file still cannot run script or reach our origin's data; the signed URL never leaks.
    c.header('Content-Security-Policy', "sandbox; default-src 'none'");
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'private, no-store');
    return c.body(Readable.toWeb(body) as ReadableStream);
  });

  app.post('/v1/outputs/:id/save', requireAccount, async (c) => {
    const { document, created } = await saveOutputToDocuments(container, accountOwner(c), c.req.param('id'));
    return c.json({ document }, created ? 201 : 200);
  });

  app.delete('/v1/outputs/:id', async (c) => {
    const owner = c.get('owner');
    if (!owner) throw new AppError('NOT_FOUND');
    await deleteOwnOutput(container, owner, c.req.param('id'));
    return c.body(null, 204);
  });

  app.post('/v1/batches', requireAccount, async (c) => c.json((await receive(c, 'batch')).batch, 202));

  app.get('/v1/batches/:id', requireAccount, async (c) => c.json(await getBatch(container, c.get('owner'), c.req.param('id'))));

  app.get('/v1/batches/:id/zip', requireAccount, async (c) => zipResponse(c, await openBatchZip(container, c.get('owner'), c.req.param('id'))));

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
