/**
 * The engine launcher: a small Node process (node builtins only, run with type stripping) that starts
 * every engine for its parent over IPC. Forking a process costs in proportion to the forking process's
 * memory (2.5 ms from 50 MB, 39 ms from 660 MB, the event loop blocked throughout), so the big API and
 * worker process never forks itself. Each engine leads its own process group; the group is killed when
 * asked, when the leader exits (descendants would hold the pipes), and when the parent goes away.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';

export type LauncherRequest =
  | { type: 'start'; id: number; file: string; args: string[]; cwd: string; env: Record<string, string>; maxOutputBytes: number; niceness: number }
  | { type: 'kill'; id: number };

export type LauncherReply =
  | { type: 'closed'; id: number; exitCode: number | null; signal: NodeJS.Signals | null; stdout: Uint8Array; stderr: Uint8Array; truncated: boolean }
  | { type: 'failed'; id: number; message: string };

const running = new Map<number, ChildProcess>();

function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * A new session is also a new autogroup where the kernel has them: its processes share one CPU weight
 * against every other session's, whatever their own niceness, so a nice-19 engine alone in its group
 * would weigh as much as the whole server. The group gets the engine's niceness (spawn returns once the
 * child is in its session; the engine's own `nice` sets the process's).
 */
function lowerSessionGroup(pid: number, niceness: number) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // no autogroups here (cgroups decide), or the engine has already gone
  }
}

const reply = (message: LauncherReply) => process.send?.(message);

function start(request: Extract<LauncherRequest, { type: 'start' }>) {
  const child = spawn(request.file, request.args, { cwd: request.cwd, env: request.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(request.id, child);
  if (child.pid !== undefined) lowerSessionGroup(child.pid, request.niceness);
  const out = collector(request.maxOutputBytes);
  const err = collector(request.maxOutputBytes);
  child.stdout?.on('data', out.push);
  child.stderr?.on('data', err.push);
  child.once('exit', () => killGroup(child));
  let settled = false;
  child.once('error', (error) => {
    if (settled) return;
    settled = true;
    running.delete(request.id);
    reply({ type: 'failed', id: request.id, message: error.message });
  });
  child.once('close', (exitCode, signal) => {
    if (settled) return;
    settled = true;
    running.delete(request.id);
    reply({ type: 'closed', id: request.id, exitCode, signal, stdout: out.buffer(), stderr: err.buffer(), truncated: out.truncated || err.truncated });
  });
}

/** Keeps the first `cap` bytes of a stream; the rest is read and dropped. */
function collector(cap: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  const state = {
    truncated: false,
    push: (chunk: Buffer) => {
      const room = cap - size;
      if (chunk.length > room) state.truncated = true;
      if (room <= 0) return;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(kept);
      size += kept.length;
    },
    buffer: () => Buffer.concat(chunks),
  };
  return state;
}

process.on('message', (request: LauncherRequest) => {
  if (request.type === 'start') return start(request);
  const child = running.get(request.id);
  if (child) killGroup(child);
});

// The parent is gone (stopped, crashed, killed): its engines go with it.
process.on('disconnect', () => {
  for (const child of running.values()) killGroup(child);
  process.exit(0);
});
