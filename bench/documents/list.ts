/**
 * GET /api/documents through the app with 100,000 files in one account: page and search latency, idle
 * and while the worker (in this process, as in the embedded default) runs compress and OCR jobs that
 * the bench keeps submitting through the API (BENCH_LOAD_JOBS at once, default 2).
 * PGlite in memory by default; set TEST_DATABASE_URL to a PostgreSQL server to run there instead.
 * BENCH_ROUNDS requests per case (default 200).
 *   npm run bench:documents            (both benches)
 *   bash scripts/server-node.sh bench/documents/list.ts    (this one)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { startWorker } from '../../apps/server/src/jobs/worker.ts';
import { createTestContext, type TestClient } from '../../apps/server/src/test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../apps/server/src/test/jobs.ts';
import { signedInUser } from '../../apps/server/src/test/users.ts';
import { scanPdf } from '../../packages/pdf-engine/src/test/fixtures.ts';
import { summary } from './stats.ts';

const FILES = 100_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const LOAD_JOBS = Number(process.env.BENCH_LOAD_JOBS ?? 2);

const ctx = await createTestContext();
try {
  const { client, user } = await signedInUser(ctx);
  const seedStart = performance.now();
  // One statement: names from a small vocabulary plus the row number, sizes 1–60 KB, one a minute back in time.
  await ctx.container.db.execute(sql`
    insert into pdf_files (user_id, filename, file_path, file_size, page_count, uploaded_at)
    select ${user.id},
           (array['Invoice', 'Receipt', 'Contract', 'Bank statement', 'Tax return', 'Payslip', 'Scan', 'Quote'])[1 + g % 8] || ' ' || g || '.pdf',
           'pdfs/' || ${user.id} || '/' || gen_random_uuid(),
           1024 + (g * 7919) % 60000,
           1 + g % 20,
           now() - make_interval(mins => g)
    from generate_series(1, ${FILES}) g`);
  await ctx.container.db.execute(sql`
    update usage_statistics set storage_limit = 1e12,
      storage_used = (select sum(file_size) from pdf_files where user_id = ${user.id} and not deleted),
      document_count = (select count(*) from pdf_files where user_id = ${user.id} and not deleted)
    where user_id = ${user.id}`);
  await ctx.container.db.execute(sql`vacuum analyze pdf_files`);
  console.log(`Seeded ${FILES.toLocaleString('en-AU')} files in one account in ${((performance.now() - seedStart) / 1000).toFixed(1)} s on ${ctx.container.database.kind}`);

  const cases: Array<[string, (i: number) => string]> = [
    ['baseline: GET /api/usage (session check + one row)', () => '/api/usage'],
    ['first page', () => '/api/documents?page=1'],
    ['random page', (i) => `/api/documents?page=${1 + ((i * 7919) % (FILES / 10))}`],
    ['last page', () => `/api/documents?page=${FILES / 10}`],
    ['search, common word ("invoice", 12.5% of files)', () => '/api/documents?search=invoice'],
    ['search, common word, page 500', () => '/api/documents?search=invoice&page=500'],
    ['search, rare ("statement 4242")', () => '/api/documents?search=statement%204242'],
    ['search, digits ("777")', () => '/api/documents?search=777'],
    ['search, no match', () => '/api/documents?search=zzzz'],
    ['search, every file (".pdf")', () => '/api/documents?search=.pdf'],
    ['search, every file, page 5,000', () => '/api/documents?search=.pdf&page=5000'],
  ];
  const measureAll = async () => {
    for (const [name, path] of cases) {
      const times: number[] = [];
      let total: number | undefined;
      for (let i = 0; i < ROUNDS + 10; i++) {
        const start = performance.now();
        const res = await client.request(path(i));
        const body = (await res.json()) as { total?: number };
        if (res.status !== 200) throw new Error(`${path(i)} answered ${res.status}`);
        if (i >= 10) times.push(performance.now() - start); // the first ten warm the caches
        total = body.total;
      }
      console.log(`  ${name.padEnd(52)} ${summary(times)}${total === undefined ? '' : `  total=${total.toLocaleString('en-AU')}`}`);
    }
  };
  console.log(`idle (load average ${loadavg()[0]!.toFixed(2)}):`);
  await measureAll();

  // The same requests while engines work: jobs of this user's, submitted and followed as the web does.
  const worker = await startWorker(ctx.container, { periodic: false });
  const scan = await scanPdf(3, 200);
  let loading = true;
  let jobsDone = 0;
  const keepBusy = async (tool: string) => {
    while (loading) {
      await runJob(client, tool, scan);
      jobsDone++;
    }
  };
  const load = Array.from({ length: LOAD_JOBS }, (_, i) => keepBusy(i % 2 ? 'ocr' : 'compress'));
  console.log(`while ${LOAD_JOBS} compress/OCR jobs run at a time (load average ${loadavg()[0]!.toFixed(2)}):`);
  const started = performance.now();
  await measureAll();
  loading = false;
  await Promise.all(load);
  console.log(`  (${jobsDone} jobs finished in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(2)})`);
  await worker.stop();
} finally {
  await ctx.close();
}

async function runJob(client: TestClient, tool: string, pdf: Buffer) {
  const res = await postJob(client, jobForm(tool, [{ name: 'scan.pdf', bytes: pdf }]));
  if (res.status !== 202) throw new Error(`${tool}: ${res.status} ${await res.text()}`);
  const job = await waitForJob(client, ((await res.json()) as { id: string }).id);
  if (job.status !== 'succeeded') throw new Error(`${tool} failed: ${JSON.stringify(job.error)}`);
}
