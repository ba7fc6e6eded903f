import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../errors.ts';
import { childProcesses, parseProcessStat, processStat } from '../test/harness.ts';
import { launcherPid, serveLaunches } from './launcher.ts';
import { SAFE_PATH } from './path.ts';
import { liveCommandCount, runCommand, startCommand } from './run-command.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wattle-run-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Alive and not a zombie waiting to be reaped. */
const processExists = (pid: number) => (processStat(pid)?.state ?? 'Z') !== 'Z';

describe('runCommand', () => {
  it('kills what a tool thread started once the thread is gone (its port closed)', async () => {
    const { port1, port2 } = new MessageChannel();
    serveLaunches(port1);
    port2.postMessage({ type: 'start', id: 1, file: 'sleep', args: ['30'], cwd: dir, env: { PATH: SAFE_PATH }, maxOutputBytes: 1024 });
    const sleeping = () => childProcesses().filter((c) => c.command === 'sleep' && processExists(c.pid));
    await vi.waitUntil(() => sleeping().length === 1, { timeout: 5_000 });
    port2.close();
    await vi.waitUntil(() => sleeping().length === 0, { timeout: 5_000 });
  });

  it('runs without a shell, in the job dir, with a scrubbed environment and lower priority', async () => {
    process.env.WATTLE_SECRET = 'leak';
    const result = await runCommand({ command: 'sh', args: ['-c', 'echo "$HOME|$TMPDIR|$LANG|$PATH|${WATTLE_SECRET:-none}|$(pwd)|$(nice)|$X"; echo "$0"', '$(touch pwned)'], env: { X: 'extra' } }, { cwd: dir, timeoutMs: 10_000 });
    delete process.env.WATTLE_SECRET;
    const [line, arg0] = result.stdout.toString().trim().split('\n');
    expect(line).toBe(`${dir}|${dir}|C.UTF-8|/usr/local/bin:/usr/bin:/bin|none|${dir}|10|extra`);
    expect(arg0).toBe('$(touch pwned)');
    expect(result.exitCode).toBe(0);
  });

  // A session of its own would also be a scheduling group of its own (the kernel's autogroups), which
  // shares the CPU with ours by weight alone: an idle-only engine there takes its share like any other.
  it('runs a background engine only on idle CPU, in a process group of its own within our scheduling group', async () => {
    const result = await runCommand({ command: 'sh', args: ['-c', 'echo $$; cat /proc/self/stat; cat /proc/self/autogroup 2>/dev/null || true'] }, { cwd: dir, timeoutMs: 10_000, priority: 'background' });
    const [pid, stat, autogroup] = result.stdout.toString().split('\n');
    const { group, session, nice, policy } = parseProcessStat(stat!);
    expect({ group, session, nice, policy }).toEqual({
      group: Number(pid),
      session: processStat(process.pid)!.session,
      nice: 19,
      policy: 5, // SCHED_IDLE
    });
    // A kernel booted without autogroups leaves the file empty, for us and the engine alike.
    if (existsSync('/proc/self/autogroup')) expect(autogroup).toBe(readFileSync('/proc/self/autogroup', 'utf8').trimEnd());
  });

  it('runs a quick engine below the server, with the normal policy', async () => {
    const result = await runCommand({ command: 'cat', args: ['/proc/self/stat'] }, { cwd: dir, timeoutMs: 10_000, priority: 'quick' });
    const { nice, policy } = parseProcessStat(result.stdout.toString());
    expect({ nice, policy }).toEqual({ nice: 10, policy: 0 });
  });

  // Where the kernel gives huge pages only to those who ask (`madvise`, its default), the engine must ask.
  const hugePages = existsSync('/sys/kernel/mm/transparent_hugepage/enabled') ? readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8') : '';
  it.runIf(/\[(always|madvise)\]/.test(hugePages))("backs an engine's large buffers with huge pages", async () => {
    const allocate = 'b = bytearray(64 << 20); print(next(l for l in open("/proc/self/smaps_rollup") if l.startswith("AnonHugePages")))';
    const result = await runCommand({ command: 'python3', args: ['-c', allocate] }, { cwd: dir, timeoutMs: 10_000 });
    const kib = Number(/(\d+) kB/.exec(result.stdout.toString())?.[1]);
    expect(kib).toBeGreaterThanOrEqual(32 * 1024);
  });

  it('starts engines from the launcher, never from this process', async () => {
    const result = await runCommand({ command: 'sh', args: ['-c', 'echo $PPID'] }, { cwd: dir, timeoutMs: 10_000 });
    const parent = Number(result.stdout.toString().trim());
    expect(parent).toBe(launcherPid());
    expect(parent).not.toBe(process.pid);
  });

  it('resolves with the exit code of a program that fails', async () => {
    const result = await runCommand({ command: 'sh', args: ['-c', 'echo oops >&2; exit 3'] }, { cwd: dir, timeoutMs: 10_000 });
    expect(result.exitCode).toBe(3);
    expect(result.stderr.toString()).toBe('oops\n');
  });

  it('fails what ran in a launcher that died, its engines with it, and starts a new launcher', async () => {
    const running = startCommand({ command: 'sh', args: ['-c', 'echo $$; sleep 30'] }, { cwd: dir, timeoutMs: 60_000 });
    const first = (await runCommand({ command: 'true', args: [] }, { cwd: dir, timeoutMs: 10_000 }), launcherPid()!);
    const engine = childProcesses()[0]!.pid;
    process.kill(first, 'SIGKILL');
    await expect(running.result).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    expect(liveCommandCount()).toBe(0);
    // Not our child: its end gives no event here, so look until it is gone.
    await expect.poll(() => processExists(engine)).toBe(false);
    const again = await runCommand({ command: 'sh', args: ['-c', 'echo $PPID'] }, { cwd: dir, timeoutMs: 10_000 });
    expect(Number(again.stdout.toString().trim())).toBe(launcherPid());
    expect(launcherPid()).not.toBe(first);
  });

  it('kills the whole process group at the timeout', async () => {
    const error = await runCommand({ command: 'sh', args: ['-c', 'sleep 30 & echo $!; wait'] }, { cwd: dir, timeoutMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('ENGINE_TIMEOUT');
    expect(liveCommandCount()).toBe(0);
    expect(childProcesses()).toEqual([]);
  });

  it('reaps descendants left behind when the leader exits', async () => {
    const result = await runCommand({ command: 'sh', args: ['-c', 'sleep 30 > /dev/null 2>&1 & echo $!'] }, { cwd: dir, timeoutMs: 5000 });
    const grandchild = Number(result.stdout.toString().trim());
    await expect.poll(() => processExists(grandchild)).toBe(false);
  });

  it('caps captured output', async () => {
    const result = await runCommand({ command: 'head', args: ['-c', '5000000', '/dev/zero'] }, { cwd: dir, timeoutMs: 10_000, maxOutputBytes: 1000 });
    expect(result.stdout.length).toBe(1000);
    expect(result.truncated).toBe(true);
  });

  it('stops on abort with the abort reason', async () => {
    const controller = new AbortController();
    const running = startCommand({ command: 'sleep', args: ['30'] }, { cwd: dir, timeoutMs: 60_000, signal: controller.signal });
    controller.abort(new Error('job cancelled'));
    await expect(running.result).rejects.toThrow('job cancelled');
    expect(liveCommandCount()).toBe(0);
  });

  it('reports a missing program as ENGINE_UNAVAILABLE', async () => {
    await expect(runCommand({ command: 'wattle-no-such-engine', args: [] }, { cwd: dir, timeoutMs: 5000 })).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
  });

  it('isolates the network when asked', async () => {
    const result = await runCommand({ command: 'cat', args: ['/proc/net/dev'] }, { cwd: dir, timeoutMs: 5000, isolateNetwork: true });
    const interfaces = result.stdout.toString().split('\n').slice(2).filter(Boolean).map((l) => l.trim().split(':')[0]);
    expect(interfaces).toEqual(['lo']);
  });
});
