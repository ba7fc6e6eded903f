/**
 * The engine launcher: a small Node process (node builtins only, run with type stripping) that starts
 * every engine for its parent over IPC. Forking a process costs in proportion to the forking process's
 * memory (2.5 ms from 50 MB, 39 ms from 660 MB, the event loop blocked throughout), so the big API and
 * worker process never forks itself. Each engine leads its own process group (its first wrapper makes
 * it; run-command.ts); the group is killed when asked, when the leader exits (descendants would hold
 * the pipes), and when the parent goes away.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type LauncherRequest =
  | { type: 'start'; id: number; file: string; args: string[]; cwd: string; env: Record<string, string>; maxOutputBytes: number }
  | { type: 'kill'; id: number };

export type LauncherReply =
  | { type: 'closed'; id: number; exitCode: number | null; signal: NodeJS.Signals | null; stdout: Uint8Array; stderr: Uint8Array; truncated: boolean }
  | { type: 'failed'; id: number; message: string };

const running = new Map<number, ChildProcess>();

/** The engine's group, and the engine itself in case it is killed before its wrapper has made the group. */
function killGroup(child: ChildProcess) {
  if (child.pid === undefined) return;
  for (const target of [-child.pid, child.pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

const reply = (message: LauncherReply) => process.send?.(message);

function start(request: Extract<LauncherRequest, { type: 'start' }>) {
  const child = spawn(request.file, request.args, { cwd: request.cwd, env: request.env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(request.id, child);
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
