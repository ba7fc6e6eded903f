import { MessageChannel, Worker } from 'node:worker_threads';
import type { ToolId } from '@wattle/shared';
import type { ToolOutput } from './context.ts';
import { EngineError, type EngineErrorCode } from './errors.ts';
import type { EngineLimits } from './limits.ts';
import type { PdfInfo } from './pdf/inspect.ts';
import { serveLaunches } from './process/launcher.ts';
import type { RunToolParams } from './run-tool.ts';

/** How long the thread waits for its next tool (or upload check) before it stops and gives its memory back. */
const IDLE_MS = 30_000;

/** What runTool takes, less what cannot cross to the thread (its callbacks travel as messages). */
type ThreadParams = Omit<RunToolParams, 'onProgress' | 'signal'>;

export type ToolThreadRequest =
  | { type: 'run'; id: number; toolId: ToolId; params: ThreadParams }
  | { type: 'inspect'; id: number; path: string; limits?: Partial<EngineLimits> }
  | { type: 'abort'; id: number };

export type ToolThreadReply =
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'done'; id: number; outputs: ToolOutput[] }
  | { type: 'inspected'; id: number; info: PdfInfo }
  | { type: 'failed'; id: number; error: ThreadError };

/** An error as it crosses back: an EngineError keeps its code and details; the cause is kept for logs. */
export interface ThreadError {
  message: string;
  stack?: string;
  code?: EngineErrorCode;
  details?: Record<string, unknown>;
  cause?: { message: string; stack?: string };
}

interface Run {
  /** The thread it was sent to. */
  thread: Worker;
  resolve(result: ToolOutput[] | PdfInfo): void;
  reject(error: unknown): void;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  stopListening(): void;
}

let thread: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;
const runs = new Map<number, Run>();

/**
 * runTool in the tool thread: the same tool, options, limits and outputs, with its JavaScript (parsing,
 * assembling the result) and its garbage off the server's event loop, at the thread's lowest niceness
 * (tool-thread-main.ts), so quick jobs and requests take the CPU first (performance log §128). Aborting the
 * signal stops the tool there; the promise settles once its engines and temp files are gone.
 */
export function runToolInThread(toolId: ToolId, params: RunToolParams): Promise<ToolOutput[]> {
  params.signal?.throwIfAborted();
  const { onProgress, signal, ...threadParams } = params;
  return sendToThread<ToolOutput[]>((id) => ({ type: 'run', id, toolId, params: threadParams }), { onProgress, signal });
}

/**
 * inspectPdf in the tool thread: the upload check's stream walk (which inflates every stream) and
 * pdf-lib's second opinion run off the server's event loop; qpdf starts through the one launcher as ever.
 */
export function inspectPdfInThread(path: string, options: { limits?: Partial<EngineLimits> } = {}): Promise<PdfInfo> {
  return sendToThread<PdfInfo>((id) => ({ type: 'inspect', id, path, limits: options.limits }), {});
}

function sendToThread<T extends ToolOutput[] | PdfInfo>(request: (id: number) => ToolThreadRequest, { onProgress, signal }: Pick<RunToolParams, 'onProgress' | 'signal'>): Promise<T> {
  const worker = current();
  clearTimeout(idle);
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => worker.postMessage({ type: 'abort', id } satisfies ToolThreadRequest);
    signal?.addEventListener('abort', onAbort, { once: true });
    runs.set(id, { thread: worker, resolve: resolve as Run['resolve'], reject, onProgress, signal, stopListening: () => signal?.removeEventListener('abort', onAbort) });
    worker.postMessage(request(id));
  });
}

/** Whether the thread is up: a tool sent to it now starts at once. */
export const toolThreadRunning = (): boolean => thread !== undefined;

/**
 * Starts the thread without a tool, for the tools to come: a caller that would not wait the second its
 * start takes runs this tool itself meanwhile (decision 144). With no tool it stops after 30 s, as ever.
 */
export function startToolThread(): void {
  if (thread) return;
  current();
  if (runs.size === 0) idleFor(IDLE_MS);
}

/** The thread, started on first use and again after it stopped (idle) or died. */
function current(): Worker {
  if (thread) return thread;
  const { port1, port2 } = new MessageChannel();
  serveLaunches(port1);
  // No --import of the server's loader: the thread's code is TypeScript Node strips itself.
  const worker = new Worker(new URL('./tool-thread-main.ts', import.meta.url), { execArgv: [], workerData: { launches: port2 }, transferList: [port2] });
  worker.on('message', (reply: ToolThreadReply) => {
    const run = runs.get(reply.id);
    if (!run) return;
    if (reply.type === 'progress') return run.onProgress?.(reply.fraction);
    settle(reply.id);
    if (reply.type === 'done') run.resolve(reply.outputs);
    else if (reply.type === 'inspected') run.resolve(reply.info);
    else run.reject(run.signal?.aborted ? run.signal.reason : revived(reply.error));
  });
  // An error that ends the thread fails what ran there, not the server.
  let crash: Error | undefined;
  worker.on('error', (error) => (crash = error));
  worker.once('exit', () => {
    port1.close();
    if (thread === worker) thread = undefined;
    for (const [id, run] of runs) {
      if (run.thread !== worker) continue;
      settle(id);
      run.reject(new Error('The tool thread stopped.', { cause: crash }));
    }
  });
  worker.unref();
  thread = worker;
  return worker;
}

function settle(id: number) {
  runs.get(id)?.stopListening();
  runs.delete(id);
  if (runs.size > 0) return;
  idleFor(IDLE_MS);
}

function idleFor(ms: number) {
  clearTimeout(idle);
  idle = setTimeout(stop, ms).unref();
}

/** Lets the thread go; a tool sent from now on starts a new one. */
function stop() {
  const stopping = thread;
  thread = undefined;
  void stopping?.terminate();
}

function revived(error: ThreadError): Error {
  const cause = error.cause ? Object.assign(new Error(error.cause.message), { stack: error.cause.stack }) : undefined;
  const revivedError = error.code ? new EngineError(error.code, error.message, error.details, { cause }) : new Error(error.message, { cause });
  if (error.stack) revivedError.stack = error.stack;
  return revivedError;
}
