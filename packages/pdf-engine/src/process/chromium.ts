import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { printEngine } from './commands.ts';
import type { PaperFormat, PrintFailure, PrintJob } from './print-job.ts';
import { ENGINE_NICENESS } from './run-command.ts';
import { findExecutable } from './which.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The print engine keeps its own time (its failure says what ran out); the launcher's kill is the backstop. */
const ENGINE_GRACE_MS = 5000;

export interface PrintOptions {
  /** The page to open, under DOCUMENT_ORIGIN, e.g. /index.html. */
  entry: string;
  /** The document's files by path (no leading slash); every other request is refused. */
  files: ReadonlyMap<string, { body: Buffer; contentType: string }>;
  format: PaperFormat;
}

/**
 * Prints a document with Debian's Chromium and no way out: the browser runs in an empty network
 * namespace (`unshare --net`: not even the host's loopback is there), every request it makes is
 * answered from `files` or aborted, JavaScript is off (no fetch, no websocket, no script that never
 * ends) and the proxy points nowhere. The print engine (print-main.ts) drives it; the job's time
 * budget closes the browser.
 */
export async function printDocument(ctx: ToolContext, options: PrintOptions): Promise<Buffer> {
  if (!(await detectEngines()).networkIsolation) throw new EngineError('ENGINE_UNAVAILABLE', 'Web pages cannot be converted without network isolation here.');
  const dir = join(ctx.dir, 'print');
  await mkdir(join(dir, 'files'), { recursive: true });
  const browser = join(dir, 'chromium.sh');
  // Playwright starts it in a session of its own, which is also a scheduling group: the group takes the
  // niceness of the job's engines (run-command.ts). Run as root, the browser would raise its
  // own priority and its group's again (we saw both back at 0), so it runs without CAP_SYS_NICE. The
  // group is out of the launcher's reach, so the browser dies with its print engine: it quits when its
  // DevTools pipe closes, and pdeathsig covers a browser too busy to notice.
  const keepsPriority = process.getuid?.() === 0 ? '--bounding-set -sys_nice ' : '';
  const dies = findExecutable('setpriv') ? `setpriv --pdeathsig KILL ${keepsPriority}-- ` : '';
  await writeFile(browser, `#!/bin/sh\n{ echo ${ENGINE_NICENESS[ctx.limits.processPriority]} > /proc/self/autogroup; } 2>/dev/null\nexec ${dies}unshare --net -- ${CHROMIUM} "$@"\n`);
  await chmod(browser, 0o700);
  const files = await Promise.all(
    [...options.files].map(async ([path, { body, contentType }], index) => {
      const file = join(dir, 'files', String(index));
      await writeFile(file, body);
      return { path, file, contentType };
    }),
  );
  // Chromium keeps a socket in its temp folder, and a socket's path may be only 107 bytes long: under a
  // long data dir the job's folder is too deep, so the browser gets a short one, removed here whatever
  // becomes of its engine.
  const temp = await mkdtemp(join(tmpdir(), 'wattle-print-'));
  try {
    const job: PrintJob = { entry: options.entry, files, format: options.format, browser, temp, output: join(dir, 'document.pdf'), timeoutMs: ctx.limits.processTimeoutMs };
    await writeFile(join(dir, 'print.json'), JSON.stringify(job));
    const result = await ctx.run(printEngine(join(dir, 'print.json')), { timeoutMs: job.timeoutMs + ENGINE_GRACE_MS });
    if (result.exitCode !== 0) {
      const failure = printFailure(result.stdout);
      throw new EngineError(failure?.code ?? 'ENGINE_UNAVAILABLE', failure?.message ?? 'Chromium could not print the web page.');
    }
    return await readFile(job.output);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

function printFailure(stdout: Buffer): PrintFailure | undefined {
  try {
    const failure = JSON.parse(stdout.toString('utf8')) as Partial<PrintFailure>;
    return (failure.code === 'ENGINE_TIMEOUT' || failure.code === 'ENGINE_UNAVAILABLE') && typeof failure.message === 'string' ? (failure as PrintFailure) : undefined;
  } catch {
    return undefined;
  }
}
