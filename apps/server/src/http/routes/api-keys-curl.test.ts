import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyCurlExample } from '@wattle/shared';
import { startWorker } from '../../jobs/worker.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { makePdf } from '../../test/pdfs.ts';
import { serveOnLoopback, type LoopbackServer } from '../../test/sockets.ts';
import { signedInUser } from '../../test/users.ts';

const DOCUMENTED_ORIGIN = 'http://localhost:3000';
const docs = readFileSync(new URL('../../../../../docs/api/keys.md', import.meta.url), 'utf8');

/** The documented curl example (docs and the API page), run as written by bash and curl against a real server with a real key. */
describe('docs/api/keys.md: the curl example', () => {
  let ctx: TestContext;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let server: LoopbackServer;
  let dir: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    worker = await startWorker(ctx.container, { periodic: false });
    server = await serveOnLoopback(ctx.app.fetch);
    dir = mkdtempSync(join(tmpdir(), 'wattle-curl-'));
  });
  afterAll(async () => {
    await server?.close();
    await worker?.stop();
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('merges a.pdf and b.pdf into merged.pdf with the key', async () => {
    const { client } = await signedInUser(ctx);
    const { secret } = (await (await client.request('/api/v1/keys', { method: 'POST', json: { name: 'curl' } })).json()) as { secret: string };
    writeFileSync(join(dir, 'a.pdf'), await makePdf({ pages: 2 }));
    writeFileSync(join(dir, 'b.pdf'), await makePdf({ pages: 1 }));

    // The docs show the API page's example for the development server.
    expect(/```sh\n([\s\S]*?)```/.exec(docs)?.[1]).toBe(apiKeyCurlExample(DOCUMENTED_ORIGIN));
    // The reader pastes their key into the export line; here the environment holds it.
    const script = apiKeyCurlExample(`http://127.0.0.1:${server.port}`).replace(/^export WATTLE_KEY=.*$/m, '');
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, env: { PATH: process.env.PATH, WATTLE_KEY: secret } });

    expect(JSON.parse(stdout)).toMatchObject({ tool: 'merge', status: 'succeeded' });
    const merged = await PDFDocument.load(readFileSync(join(dir, 'merged.pdf')));
    expect(merged.getPageCount()).toBe(3);
    const [key] = ((await (await client.request('/api/v1/keys')).json()) as { items: { usage: unknown }[] }).items;
    expect(key!.usage).toEqual({ jobs: 1, pages: 3 });
  });
});
