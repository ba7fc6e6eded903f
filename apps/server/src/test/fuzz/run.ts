import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pdfFiles } from '@wattle/db';
import { ERROR_CATALOGUE, isErrorCode, TOOL_IDS } from '@wattle/shared';
import { startWorker } from '../../jobs/worker.ts';
import { cookieJarClient, type TestClient, type TestContext } from '../harness.ts';
import { jobForm, waitForJob } from '../jobs.ts';
import { serveOnLoopback } from '../sockets.ts';
import { signedInUser } from '../users.ts';
import { fuzzJson, fuzzJsonText, fuzzPdf, hostilePdfs, realPdfs, seeded, type FuzzFile, type Random } from './inputs.ts';

/**
 * The bomb-and-fuzz run (decision 140): seeded cases sent through the real HTTP server on loopback to
 * every tool, My Documents uploads (/api and /api/v1), the editor, chained stored documents, the
 * share viewer and the JSON endpoints, with broken multipart bodies too. Every answer is counted by
 * class; a 5xx, a 4xx without a catalogue code (or with another status than the catalogue's), and a
 * job that fails with a 5xx code are faults, each kept with the case that made it.
 */

export interface FuzzFault {
  case: number;
  target: string;
  input: string;
  status: number | string;
  body: string;
}

export interface FuzzCounts {
  cases: number;
  byClass: Record<string, number>;
  byCode: Record<string, number>;
  jobs: Record<string, number>;
  faults: FuzzFault[];
}

interface Fixture {
  ctx: TestContext;
  random: Random;
  real: FuzzFile[];
  hostile: FuzzFile[];
  account: TestClient;
  visitor: TestClient;
  /** A new reader of a shared link is a new client on the same server. */
  newClient: () => TestClient;
  jobs: { case: number; input: string; id: string; client: TestClient }[];
}

interface Sent {
  target: string;
  input: string;
  res: Response;
  client: TestClient;
}

type Target = (f: Fixture) => Promise<Sent>;

/**
 * A client with its own cookie jar that talks to the server over a real socket, a connection per
 * request: an answer sent before a large body is read closes its socket after the answer, which a
 * kept-alive client would reuse and see as a drop (named in decision 140).
 */
function loopbackClient(port: number, cookies = new Map<string, string>()): TestClient {
  return cookieJarClient((path, init) => {
    const headers = new Headers(init.headers);
    headers.set('connection', 'close');
    return fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers, redirect: 'manual' });
  }, cookies);
}

const PDF_TOOLS = TOOL_IDS.filter((id) => id !== 'edit');

/** The options the tools that have no defaults need, so the files reach their engines. */
const NEEDED_OPTIONS: Partial<Record<string, unknown>> = {
  split: { mode: 'every', every: 1 },
  organize: { order: '2,1' },
  'extract-pages': { pages: '1' },
  'remove-pages': { pages: '1' },
  watermark: { text: 'DRAFT' },
  crop: { cropTo: 'margins' },
  protect: { userPassword: 'Wattle#Gold2024' },
};

const pdfPart = (file: FuzzFile, name = 'in.pdf') => ({ name, bytes: file.bytes });

const toolJob: Target = async (f) => {
  const tool = f.random.pick(PDF_TOOLS);
  const files = Array.from({ length: 1 + f.random.int(3) }, () => fuzzPdf(f.random, f.real, f.hostile));
  const options = f.random.chance(0.3) ? { options: fuzzJson(f.random) } : NEEDED_OPTIONS[tool] ? { options: NEEDED_OPTIONS[tool] } : {};
  const client = f.random.chance(0.5) ? f.account : f.visitor;
  const res = await client.request('/api/v1/jobs', { method: 'POST', body: jobForm(tool, files.map((file) => pdfPart(file)), options) });
  return { target: `tool ${tool}`, input: files.map((x) => x.label).join(' + '), res, client };
};

const documentUpload: Target = async (f) => {
  const file = fuzzPdf(f.random, f.real, f.hostile);
  const path = f.random.pick(['/api/documents', '/api/v1/documents']);
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), 'upload.pdf');
  return { target: `upload ${path}`, input: file.label, res: await f.account.request(path, { method: 'POST', body }), client: f.account };
};

/** Operations the editor takes, with fields of random shape now and then. */
function fuzzOperation(random: Random): unknown {
  const page = random.pick([1, 2, 0, -1, 99999, 1.5]);
  const op = random.pick<Record<string, unknown>>([
    { type: 'text', page, x: 72, y: 72, text: 'Signed' },
    { type: 'rectangle', page, x: 10, y: 10, width: random.pick([100, 1e9, -5]), height: 50 },
    { type: 'rotate-page', page, angle: random.pick([90, 45]) },
    { type: 'delete-page', page },
    { type: 'reorder-pages', order: [2, 1, 1] },
    { type: 'insert-pdf', after: 1, file: random.pick([1, 2, 7]) },
    { type: 'whiteout', page, x: 0, y: 0, width: 10, height: 10 },
  ]);
  if (random.chance(0.3)) op[random.pick(Object.keys(op))] = fuzzJson(random);
  return op;
}

const edit: Target = async (f) => {
  const operations = Array.from({ length: 1 + f.random.int(4) }, () => fuzzOperation(f.random));
  const files = Array.from({ length: f.random.int(3) }, () => fuzzPdf(f.random, f.real, f.hostile));
  const fileIds = files.length === 0 || f.random.chance(0.3) ? [await storedDocument(f, fuzzPdf(f.random, f.real, f.hostile))] : undefined;
  const res = await f.account.request('/api/v1/jobs', { method: 'POST', body: jobForm('edit', files.map((file) => pdfPart(file)), { options: { operations }, fileIds }) });
  return { target: 'edit', input: `${JSON.stringify(operations).slice(0, 200)} on ${files.map((x) => x.label).join(' + ') || 'a stored document'}`, res, client: f.account };
};

/** A good document stored through the API, whose stored bytes then become `file` (as if damaged on disk). */
async function storedDocument(f: Fixture, file: FuzzFile): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(f.real[0]!.bytes)], { type: 'application/pdf' }), 'stored.pdf');
  const res = await f.account.request('/api/documents', { method: 'POST', body });
  if (res.status !== 201) throw new Error(`storing a document: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const [row] = await f.ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.id, id));
  await f.ctx.container.blobStore.put(row!.filePath, Readable.from([file.bytes]));
  return id;
}

const chainedTool: Target = async (f) => {
  const file = fuzzPdf(f.random, f.real, f.hostile);
  const tool = f.random.pick(PDF_TOOLS);
  const options = NEEDED_OPTIONS[tool] ? { options: NEEDED_OPTIONS[tool] } : {};
  const res = await f.account.request('/api/v1/jobs', { method: 'POST', body: jobForm(tool, [], { ...options, fileIds: [await storedDocument(f, file)] }) });
  return { target: `chained ${tool}`, input: file.label, res, client: f.account };
};

const shareViewer: Target = async (f) => {
  const file = fuzzPdf(f.random, f.real, f.hostile);
  const documentId = await storedDocument(f, file);
  const link = await f.account.request('/api/v1/links', { method: 'POST', json: { documentId } });
  if (link.status !== 201) return { target: 'share link', input: file.label, res: link, client: f.account };
  const token = ((await link.json()) as { url: string }).url.split('/s/')[1]!;
  const reader = f.newClient();
  const visit = await reader.request(`/api/s/${token}/visits`, { method: 'POST', json: {} });
  if (visit.status !== 201) return { target: 'share visit', input: file.label, res: visit, client: reader };
  const path = f.random.pick([`/api/s/${token}/pages/${f.random.pick([1, 2, 0, 99999])}?width=${f.random.pick([800, 1, 100000])}`, `/api/s/${token}/download`, `/api/s/${token}`]);
  return { target: `share ${path.replace(token, ':token').split('?')[0]}`, input: file.label, res: await reader.request(path), client: reader };
};

const JSON_ENDPOINTS = ['/api/v1/links', '/api/s/no-such-token/visits', '/api/s/no-such-token/email-code', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/v1/tools/redact/preview', '/api/v1/webhooks', '/api/documents/00000000-0000-4000-8000-000000000000/versions'];

const malformedJson: Target = async (f) => {
  const path = f.random.pick(JSON_ENDPOINTS);
  const text = fuzzJsonText(f.random);
  const contentType = f.random.pick(['application/json', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded']);
  const res = await f.account.request(path, { method: 'POST', headers: { 'content-type': contentType }, body: text });
  return { target: `json ${path}`, input: `${contentType}: ${text.slice(0, 80)}`, res, client: f.account };
};

/** Multipart bodies no browser sends. */
function brokenMultipart(random: Random, pdf: Buffer): { contentType: string; body: Buffer; label: string } {
  const b = 'fuzzboundary';
  const part = (headers: string, data: Buffer | string) => Buffer.concat([Buffer.from(`--${b}\r\n${headers}\r\n\r\n`, 'latin1'), Buffer.from(data), Buffer.from('\r\n')]);
  const end = Buffer.from(`--${b}--\r\n`);
  const filename = random.pick(['../../etc/passwd', 'a\u0000b.pdf', `${'x'.repeat(5000)}.pdf`, '\u202efdp.exe', '', 'CON.pdf', '"quoted".pdf', '\r\nX-Injected: 1']);
  const filePart = (name = filename) => part(`Content-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf`, pdf);
  const tool = part('Content-Disposition: form-data; name="tool"', 'compress');
  return random.pick([
    () => ({ label: 'no boundary', contentType: 'multipart/form-data', body: Buffer.concat([tool, filePart('a.pdf'), end]) }),
    () => ({ label: 'another boundary', contentType: 'multipart/form-data; boundary=other', body: Buffer.concat([tool, filePart('a.pdf'), end]) }),
    () => ({ label: 'huge part headers', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([tool, part(`Content-Disposition: form-data; name="files"; filename="a.pdf"\r\nX-Junk: ${'j'.repeat(1024 * 1024)}`, pdf), end]) }),
    () => ({ label: 'many parts', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([tool, ...Array.from({ length: 5000 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')), filePart('a.pdf'), end]) }),
    () => ({ label: `filename ${JSON.stringify(filename.slice(0, 20))}`, contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([tool, filePart(), end]) }),
    () => ({ label: 'no closing boundary', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([tool, filePart('a.pdf').subarray(0, 200)]) }),
    () => ({ label: 'no disposition', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.concat([tool, part('Content-Type: application/pdf', pdf), end]) }),
    () => ({ label: 'junk', contentType: `multipart/form-data; boundary=${b}`, body: Buffer.from(pdf.subarray(0, 4096)) }),
  ])();
}

const malformedMultipart: Target = async (f) => {
  const path = f.random.pick(['/api/v1/jobs', '/api/documents', '/api/v1/batches', '/api/v1/tools/redact/preview']);
  const { label, contentType, body } = brokenMultipart(f.random, f.real[f.random.int(f.real.length)]!.bytes);
  const client = path === '/api/v1/jobs' && f.random.chance(0.5) ? f.visitor : f.account;
  const res = await client.request(path, { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) });
  return { target: `multipart ${path}`, input: label, res, client };
};

/** How often each target is chosen: files to tools most, the rest evenly. */
const TARGETS: Target[] = [toolJob, toolJob, toolJob, documentUpload, edit, chainedTool, shareViewer, malformedJson, malformedMultipart];

const classOf = (status: number) => `${Math.floor(status / 100)}xx`;

export async function runFuzz(ctx: TestContext, options: { seed: number; cases: number; everyProducer?: boolean }): Promise<FuzzCounts> {
  const dir = await mkdtemp(join(tmpdir(), 'wattle-fuzz-'));
  const worker = await startWorker(ctx.container, { periodic: false });
  const server = await serveOnLoopback(ctx.app.fetch);
  const counts: FuzzCounts = { cases: options.cases, byClass: {}, byCode: {}, jobs: {}, faults: [] };
  const add = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);
  try {
    const account = loopbackClient(server.port, (await signedInUser(ctx)).client.cookies);
    const f: Fixture = {
      ctx,
      random: seeded(options.seed),
      real: await realPdfs(dir, options),
      hostile: await hostilePdfs(),
      account,
      visitor: loopbackClient(server.port),
      newClient: () => loopbackClient(server.port),
      jobs: [],
    };
    for (let n = 1; n <= options.cases; n++) {
      const sent = await f.random.pick(TARGETS)(f).catch((err: Error) => err);
      if (sent instanceof Error) {
        // The server closed the connection without an answer: as much a fault as a 5xx.
        add(counts.byClass, 'no answer');
        counts.faults.push({ case: n, target: 'unknown', input: 'unknown', status: 'no answer', body: String(sent.cause ?? sent.message) });
        continue;
      }
      const body = await sent.res.text();
      add(counts.byClass, classOf(sent.res.status));
      const fault = (status: number | string) => counts.faults.push({ case: n, target: sent.target, input: sent.input, status, body: body.slice(0, 500) });
      if (sent.res.status >= 500) fault(sent.res.status);
      if (sent.res.status >= 400) {
        const code = codeOf(body);
        add(counts.byCode, code ?? 'no code');
        if (!code || ERROR_CATALOGUE[code].status !== sent.res.status) fault(sent.res.status);
      }
      if (sent.res.status === 202 && sent.target.match(/^(tool|edit|chained)/)) f.jobs.push({ case: n, input: `${sent.target}: ${sent.input}`, id: (JSON.parse(body) as { id: string }).id, client: sent.client });
    }
    for (const job of f.jobs) {
      const done = await waitForJob(job.client, job.id);
      const code = done.status === 'failed' ? (done.error?.code ?? 'no code') : done.status;
      add(counts.jobs, code);
      if (done.status === 'failed' && (!isErrorCode(code) || ERROR_CATALOGUE[code].status >= 500)) {
        counts.faults.push({ case: job.case, target: 'job', input: job.input, status: code, body: JSON.stringify(done.error).slice(0, 500) });
      }
    }
    return counts;
  } finally {
    await server.close();
    await worker.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function codeOf(body: string): keyof typeof ERROR_CATALOGUE | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return isErrorCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
