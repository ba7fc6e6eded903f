import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolId } from '@wattle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineError } from './errors.ts';
import { launcherPid } from './process/launcher.ts';
import { runTool } from './run-tool.ts';
import { scanPdf, textPdf } from './test/fixtures.ts';
import { childProcesses, processStat } from './test/harness.ts';
import { runToolInThread, startToolThread, toolThreadRunning } from './tool-thread.ts';

let root: string;
let runs = 0;
/** This thread's niceness before any tool thread started. */
let ownNiceness: number;
beforeAll(async () => {
  ownNiceness = processStat('self')!.nice;
  root = await mkdtemp(join(tmpdir(), 'wattle-tool-thread-'));
  await writeFile(join(root, 'text.pdf'), await textPdf(3));
  await writeFile(join(root, 'scan.pdf'), await scanPdf(3, 300, (n) => `Invoice ${1000 + n} Wattle Pty Ltd`));
  await writeFile(join(root, 'not.pdf'), 'not a PDF at all');
});
afterEach(() => vi.useRealTimers());
afterAll(() => rm(root, { recursive: true, force: true }));

/** A run's params on one of the files above, in dirs of its own. */
async function params(file: string, options: unknown = {}) {
  const dir = join(root, `run-${++runs}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  return { inputs: [{ path: join(root, file), filename: file }], options, workDir: dir, outputDir: join(dir, 'out') };
}
const cmdline = (pid: string) => readFileSync(`/proc/${pid}/cmdline`, 'latin1');
const jobDirs = async (p: { workDir: string }) => (await readdir(p.workDir)).filter((name) => name !== 'out');

async function runBoth(tool: ToolId, file: string, options: unknown) {
  const [here, there] = [await params(file, options), await params(file, options)];
  const progress: number[] = [];
  const [inProcess, inThread] = await Promise.all([runTool(tool, here), runToolInThread(tool, { ...there, onProgress: (f) => progress.push(f) })]);
  return { inProcess, inThread, progress, dirs: [here, there] };
}

describe('runToolInThread', () => {
  it('makes what runTool makes here, reports progress, and leaves no temp dir', async () => {
    const { inProcess, inThread, progress, dirs } = await runBoth('pdf-to-image', 'text.pdf', { dpi: 72, format: 'png' });
    expect(inThread.map(({ filename, contentType, pages }) => ({ filename, contentType, pages }))).toEqual(inProcess.map(({ filename, contentType, pages }) => ({ filename, contentType, pages })));
    for (const [i, output] of inThread.entries()) expect(await readFile(output.path)).toEqual(await readFile(inProcess[i]!.path));
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const dir of dirs) expect(await jobDirs(dir)).toEqual([]);
  });

  it("starts the thread's engines in this process's one launcher, each answer reaching the engine's own caller", async () => {
    // Engines started here and from the thread at once: the launcher numbers them its own way.
    const both = await Promise.all([runBoth('compress', 'scan.pdf', {}), runBoth('pdf-to-image', 'text.pdf', { dpi: 72 })]);
    for (const { inProcess, inThread } of both) expect(inThread.map((o) => o.filename)).toEqual(inProcess.map((o) => o.filename));
    const launchers = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && processStat(entry)?.ppid === process.pid && cmdline(entry).includes('launcher-main'));
    expect(launchers).toEqual([String(launcherPid())]);
  });

  it('runs at the lowest niceness, while this thread keeps its own', async () => {
    await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    const niceness = readdirSync('/proc/self/task').map((task) => processStat(`self/task/${task}`)!.nice);
    expect(niceness).toContain(19);
    expect(processStat('self')!.nice).toBe(ownNiceness);
  });

  it("fails with the tool's own error code, message and details", async () => {
    const [here, there] = await Promise.all([runTool('compress', await params('not.pdf')).catch((e: unknown) => e), runToolInThread('compress', await params('not.pdf')).catch((e: unknown) => e)]);
    expect(here).toBeInstanceOf(EngineError);
    expect(there).toBeInstanceOf(EngineError);
    const { code, message, details } = there as EngineError;
    expect({ code, message, details }).toEqual({ code: (here as EngineError).code, message: (here as EngineError).message, details: (here as EngineError).details });
  });

  it('stops the tool when the signal aborts, and settles once its engines and temp files are gone', async () => {
    const controller = new AbortController();
    const run = await params('scan.pdf', { language: 'eng' });
    const reason = new Error('cancelled by the visitor');
    const ocr = runToolInThread('ocr', { ...run, signal: controller.signal, onProgress: () => controller.abort(reason) });
    await expect(ocr).rejects.toBe(reason);
    expect(childProcesses().filter((c) => c.command === 'tesseract')).toEqual([]);
    expect(await jobDirs(run)).toEqual([]);
  });

  it('stops the thread after 30 s without a tool, and starts it again for the next one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    vi.advanceTimersByTime(29_000);
    expect(toolThreadRunning()).toBe(true);
    vi.advanceTimersByTime(1_000);
    await vi.waitUntil(() => !toolThreadRunning(), { interval: 20, timeout: 5_000 });
    vi.useRealTimers();
    const [output] = await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    expect(output?.pages).toBe(3);
    expect(toolThreadRunning()).toBe(true);
  });

  it('starts the thread without a tool, runs the next tool there, and stops it 30 s after that tool', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    vi.advanceTimersByTime(30_000);
    await vi.waitUntil(() => !toolThreadRunning(), { interval: 20, timeout: 5_000 });
    startToolThread();
    expect(toolThreadRunning()).toBe(true);
    vi.advanceTimersByTime(29_000);
    const [output] = await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    expect(output?.pages).toBe(3);
    vi.advanceTimersByTime(29_000);
    expect(toolThreadRunning()).toBe(true);
    vi.advanceTimersByTime(1_000);
    await vi.waitUntil(() => !toolThreadRunning(), { interval: 20, timeout: 5_000 });
  });

  it('runs a tool sent as the idle thread is stopping in a new thread', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    vi.advanceTimersByTime(30_000);
    vi.useRealTimers();
    const [output] = await runToolInThread('rotate', await params('text.pdf', { angle: 90 }));
    expect(output?.pages).toBe(3);
  });
});
