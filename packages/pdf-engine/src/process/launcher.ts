import { spawn, type ChildProcess } from 'node:child_process';
import type { MessagePort } from 'node:worker_threads';
import { SAFE_PATH } from './path.ts';
import type { LauncherReply, LauncherRequest } from './launcher-main.ts';
import { nodeProgram } from './node-program.ts';
import { findExecutable } from './which.ts';

/** What the launcher (launcher-main.ts) starts: a program and its argument array, never a shell. */
export interface Launch {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  maxOutputBytes: number;
}

export interface Launched {
  /** Resolves when the process has closed; rejects with `LaunchError` when it could not start. */
  result: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: Buffer; truncated: boolean }>;
  /** Kills the whole process group. */
  kill(): void;
}

/** The program could not be started, or the launcher stopped under it. */
export class LaunchError extends Error {}

/**
 * The launcher lives as long as this process and runs little JavaScript: V8's interpreter and baseline
 * compiler only, a 1 MB young generation, tuned for size. So it stays near its start size after thousands
 * of engines (46 to 52 MB after 4,000, against 47 to 74 MB with V8's defaults; performance log §126).
 */
const LAUNCHER_V8_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size', '--no-opt', '--no-maglev'];

let launcher: ChildProcess | undefined;
/** In the tool thread: the main thread's end, which starts engines in the process's one launcher. */
let mainThread: MessagePort | undefined;
let nextId = 1;
const waiting = new Map<number, { launcher: ChildProcess | MessagePort; resolve: (reply: Extract<LauncherReply, { type: 'closed' }>) => void; reject: (error: Error) => void }>();

/** The launcher's command: this Node, run small (above), its stripped code cached (node-program.ts). */
export function launcherCommand(): { file: string; args: string[]; env: Record<string, string> } {
  const program = nodeProgram('./launcher-main.ts');
  const node = [program.command, ...LAUNCHER_V8_FLAGS, ...program.args];
  const [file, ...args] = findExecutable('setpriv') ? ['setpriv', '--pdeathsig', 'KILL', '--', ...node] : node;
  return { file: file!, args, env: { PATH: SAFE_PATH, ...program.env } };
}

/**
 * The launcher, started on first use and again after it died. It dies with us: a parent-death signal
 * where setpriv can arrange it (a worker killed with -9), and its own exit when the IPC channel closes.
 */
function current(): ChildProcess {
  if (launcher?.connected) return launcher;
  const { file, args, env } = launcherCommand();
  const child = spawn(file, args, { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  child.on('message', answered);
  child.once('exit', () => {
    if (launcher === child) launcher = undefined;
    for (const [id, waiter] of waiting) {
      if (waiter.launcher !== child) continue;
      settle(id);
      waiter.reject(new LaunchError('The engine launcher stopped.'));
    }
  });
  // Sends to a launcher that just died fail here; its exit rejects what was waiting.
  child.on('error', () => {});
  launcher = child;
  holdOpen(false);
  return child;
}

/** The launcher keeps this process alive only while something of ours runs in it. */
function holdOpen(hold: boolean) {
  if (!launcher) return;
  if (hold) {
    launcher.ref();
    launcher.channel?.ref();
  } else {
    launcher.unref();
    launcher.channel?.unref();
  }
}

function settle(id: number) {
  waiting.delete(id);
  if (waiting.size === 0) holdOpen(false);
}

function answered(reply: LauncherReply) {
  const waiter = waiting.get(reply.id);
  if (!waiter) return;
  settle(reply.id);
  if (reply.type === 'failed') waiter.reject(new LaunchError(reply.message));
  else waiter.resolve(reply);
}

/** Where this thread's requests go: the launcher, or from the tool thread the main thread. */
function channel(): { to: ChildProcess | MessagePort; send(message: LauncherRequest): void } {
  const port = mainThread;
  if (port) return { to: port, send: (message) => port.postMessage(message) };
  const child = current();
  return {
    to: child,
    send: (message) => {
      if (child.connected) child.send(message);
    },
  };
}

/** Starts a program in the launcher. */
export function launch(request: Launch): Launched {
  const { to, send } = channel();
  const id = nextId++;
  const result = new Promise<Extract<LauncherReply, { type: 'closed' }>>((resolve, reject) => {
    waiting.set(id, { launcher: to, resolve, reject });
    holdOpen(true);
  }).then((reply) => ({ ...reply, stdout: asBuffer(reply.stdout), stderr: asBuffer(reply.stderr) }));
  send({ type: 'start', id, ...request });
  return { result, kill: () => send({ type: 'kill', id }) };
}

/**
 * The tool thread's side of serveLaunches: its engines start in the main thread's launcher, so the
 * process keeps one launcher however many threads start engines.
 */
export function launchThrough(port: MessagePort): void {
  mainThread = port;
  port.on('message', answered);
}

/**
 * The main thread's side: starts what the thread at the other end of `port` asks for, and answers.
 * Its engines die with the thread (the port closes): their timeouts and kills lived there.
 */
export function serveLaunches(port: MessagePort): void {
  const started = new Map<number, Launched>();
  port.once('close', () => {
    for (const launched of started.values()) launched.kill();
  });
  port.on('message', (request: LauncherRequest) => {
    if (request.type === 'kill') return started.get(request.id)?.kill();
    const { type: _type, id, ...launchRequest } = request;
    const launched = launch(launchRequest);
    started.set(id, launched);
    launched.result
      .then(
        // The reply carries the thread's id, not the one this launch had here.
        (closed) => port.postMessage({ ...closed, type: 'closed', id } satisfies LauncherReply),
        (error: Error) => port.postMessage({ type: 'failed', id, message: error.message } satisfies LauncherReply),
      )
      .finally(() => started.delete(id));
  });
}

const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** The launcher's process id while it runs (tests look for engines among its children). */
export function launcherPid(): number | undefined {
  return launcher?.connected ? launcher.pid : undefined;
}
