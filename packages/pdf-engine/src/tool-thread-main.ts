/**
 * The tool thread (tool-thread.ts): runs tools and upload checks for the main thread, one message
 * each way. Loaded with Node's own type stripping.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { isEngineError } from './errors.ts';
import { inspectPdf } from './pdf/inspect.ts';
import { launchThrough } from './process/launcher.ts';
import { runTool } from './run-tool.ts';
import type { ThreadError, ToolThreadReply, ToolThreadRequest } from './tool-thread.ts';

// On Linux niceness belongs to the thread: this one yields the CPU to the server's event loop.
if (process.platform === 'linux') setPriority(19);
launchThrough((workerData as { launches: MessagePort }).launches);

const port = parentPort!;
const reply = (message: ToolThreadReply) => port.postMessage(message);
const aborts = new Map<number, AbortController>();

port.on('message', (request: ToolThreadRequest) => {
  if (request.type === 'abort') return aborts.get(request.id)?.abort();
  if (request.type === 'inspect') {
    const { id, path, limits } = request;
    return void inspectPdf(path, { limits }).then(
      (info) => reply({ type: 'inspected', id, info }),
      (error: unknown) => reply({ type: 'failed', id, error: crossing(error) }),
    );
  }
  const { id, toolId, params } = request;
  const controller = new AbortController();
  aborts.set(id, controller);
  runTool(toolId, { ...params, signal: controller.signal, onProgress: (fraction) => reply({ type: 'progress', id, fraction }) })
    .then(
      (outputs) => reply({ type: 'done', id, outputs }),
      (error: unknown) => reply({ type: 'failed', id, error: crossing(error) }),
    )
    .finally(() => aborts.delete(id));
});

function crossing(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause instanceof Error ? { message: error.cause.message, stack: error.cause.stack } : undefined;
  return { message: error.message, stack: error.stack, cause, ...(isEngineError(error) ? { code: error.code, details: error.details } : {}) };
}
