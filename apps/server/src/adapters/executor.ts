import { stat } from 'node:fs/promises';
import { inspectPdf, inspectPdfInThread, runTool, runToolInThread, startToolThread, toolThreadRunning, type EngineLimits, type PdfInfo, type RunToolParams, type ToolOutput } from '@wattle/pdf-engine';
import { AppError, getTool, type ToolId } from '@wattle/shared';
import type { ExecutionPolicy } from '../config.ts';
import { poolInThread, poolOf, poolParallelism, poolPriority, type PoolId } from '../domain/tool-pools.ts';

/**
 * What one run may spend: the engine's limits (time a process, pages, bytes, pixels, decoded memory)
 * and the bytes a result may have. The share of the machine (priority, engines side by side) is the
 * tool's pool's, from the one pool table.
 */
export interface Budget {
  limits?: Omit<Partial<EngineLimits>, 'parallelism' | 'processPriority'>;
  /** A result larger than this fails the run with FILE_TOO_LARGE before anyone stores it. */
  maxOutputBytes?: number;
}

/** One tool on its inputs, as runTool takes it, less what the executor decides (limits, signal). */
export type Operation = Omit<RunToolParams, 'limits' | 'signal'> & { tool: ToolId };

/**
 * The one door to running an engine operation; callers never pick a thread or a priority themselves.
 * Under every policy the engines are processes started by the one launcher (docs/execution.md).
 */
export interface Executor {
  readonly policy: ExecutionPolicy;
  /** Runs the operation within its budget; aborting the signal stops it, its engines and temp files with it. */
  run(operation: Operation, budget: Budget, signal?: AbortSignal): Promise<ToolOutput[]>;
  /** The upload check of one PDF (`inspectPdf`: the budgets, then its structure), where the heavy pool's tools run. */
  inspect(path: string, budget: Pick<Budget, 'limits'>): Promise<PdfInfo>;
}

export function createExecutor(policy: ExecutionPolicy): Executor {
  /**
   * Whether this run goes to the tool thread. One that finds the thread down starts it for the next
   * ones and runs here: its start takes about a second, which a lone visitor's compress would wait for
   * (performance log §128), and a thread held up for good would add its 50 MB to the server at rest (decision 144).
   */
  const inThread = (pool: PoolId) => {
    const toThread = policy === 'thread' && poolInThread(pool);
    const running = toThread && toolThreadRunning();
    if (toThread && !running) startToolThread();
    return running;
  };
  return {
    policy,
    async run({ tool, ...params }, { limits, maxOutputBytes = Infinity }, signal) {
      const registered = getTool(tool);
      const pool = registered ? poolOf(registered) : 'light'; // an unknown tool is refused by runTool
      const outputs = await (inThread(pool) ? runToolInThread : runTool)(tool, {
        ...params,
        signal,
        limits: { ...limits, parallelism: poolParallelism(pool), processPriority: poolPriority(pool) },
      });
      for (const output of outputs) {
        if ((await stat(output.path)).size > maxOutputBytes) throw new AppError('FILE_TOO_LARGE', { filename: output.filename, maxBytes: maxOutputBytes });
      }
      return outputs;
    },
    // Its stream walk inflates every stream of the file, as a heavy tool's parsing would hold the loop.
    inspect: (path, { limits }) => (inThread('heavy') ? inspectPdfInThread : inspectPdf)(path, { limits }),
  };
}
