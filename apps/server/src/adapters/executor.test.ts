import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToolInThread, toolThreadRunning } from '@wattle/pdf-engine';
import { flateBombPdf, scanPdf, textPdf } from '@wattle/pdf-engine/test/fixtures';
import { AppError, type ToolId } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from './executor.ts';

let root: string;
let runs = 0;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wattle-executor-'));
  await writeFile(join(root, 'text.pdf'), await textPdf(2));
  await writeFile(join(root, 'scan.pdf'), await scanPdf(1, 150, () => 'Invoice 1001 Wattle Pty Ltd'));
  await writeFile(join(root, 'bomb.pdf'), await flateBombPdf(1));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function operation(tool: ToolId, file: string, options: unknown = {}) {
  const dir = join(root, `run-${++runs}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  return { tool, inputs: [{ path: join(root, file), filename: file }], options, workDir: dir, outputDir: join(dir, 'out') };
}

/**
 * CPU ticks spent so far by this process's threads at niceness 19: the tool thread lowers itself to
 * it first (tool-thread-main.ts), and no other thread of this process runs there.
 */
function toolThreadTicks(): number {
  let ticks = 0;
  for (const task of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[16]) === 19) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

describe('executor', () => {
  it('under the thread policy runs a heavy tool in the tool thread, and one that finds it down here while it starts', async () => {
    const executor = createExecutor('thread');
    expect(toolThreadRunning()).toBe(false);
    const [first] = await executor.run(await operation('compress', 'scan.pdf'), {});
    expect(first?.contentType).toBe('application/pdf');
    expect(toolThreadRunning()).toBe(true);
    // Once the thread has loaded (it has answered a tool), the next heavy tool runs there.
    await runToolInThread('rotate', await operation('rotate', 'text.pdf', { angle: 90 }));
    const started = toolThreadTicks();
    const [second] = await executor.run(await operation('compress', 'scan.pdf'), {});
    expect(second?.contentType).toBe('application/pdf');
    expect(toolThreadTicks()).toBeGreaterThan(started);
  });

  it('under the inline policy runs the same tool on this thread', async () => {
    const executor = createExecutor('inline');
    const before = toolThreadTicks();
    const [output] = await executor.run(await operation('compress', 'scan.pdf'), {});
    expect(output?.contentType).toBe('application/pdf');
    expect(toolThreadTicks()).toBe(before);
  });

  it('under the thread policy checks an upload in the tool thread, where a bomb is refused with its code; inline, on this thread', async () => {
    const thread = createExecutor('thread');
    // The thread is up and has loaded (it has answered a tool).
    await runToolInThread('rotate', await operation('rotate', 'text.pdf', { angle: 90 }));
    const started = toolThreadTicks();
    // The stream walk inflates the bomb's stream up to the budget before refusing it: CPU the thread spends.
    await expect(thread.inspect(join(root, 'bomb.pdf'), {})).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxStreamBytes' } });
    expect(toolThreadTicks()).toBeGreaterThan(started);
    expect(await thread.inspect(join(root, 'text.pdf'), {})).toMatchObject({ pages: 2, encrypted: false });

    const inline = createExecutor('inline');
    const before = toolThreadTicks();
    await expect(inline.inspect(join(root, 'bomb.pdf'), {})).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(toolThreadTicks()).toBe(before);
  });

  it('fails a result larger than the budget with FILE_TOO_LARGE, and keeps one within it', async () => {
    const executor = createExecutor('inline');
    const refused = await executor.run(await operation('rotate', 'text.pdf', { angle: 90 }), { maxOutputBytes: 100 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FILE_TOO_LARGE', details: { maxBytes: 100 } });
    const [kept] = await executor.run(await operation('rotate', 'text.pdf', { angle: 90 }), { maxOutputBytes: 10_000_000 });
    expect(kept?.pages).toBe(2);
  });

  it('refuses to start once the signal has aborted, with its reason', async () => {
    const executor = createExecutor('thread');
    const controller = new AbortController();
    const reason = new Error('the job lost its claim');
    controller.abort(reason);
    await expect(executor.run(await operation('compress', 'scan.pdf'), {}, controller.signal)).rejects.toBe(reason);
  });
});
