import { stat } from 'node:fs/promises';
import { holdToolThread, runTool, runToolInThread, type EngineLimits, type RunToolParams, type ToolOutput } from '@wattle/pdf-engine';
import { AppError, getTool, type ToolId } from '@wattle/shared';
import type { ExecutionPolicy } from '../config.ts';
import { poolInThread, poolOf, poolParallelism, poolPriority } from '../domain/tool-pools.ts';

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
  /** Gets ready for jobs (the worker's start): under `thread`, starts the tool thread and holds it. */
  start(): void;
  /** Lets go of what start held. */
  stop(): void;
}

export function createExecutor(policy: ExecutionPolicy): Executor {
  let release: (() => void) | undefined;
  return {
    policy,
    async run({ tool, ...params }, { limits, maxOutputBytes = Infinity }, signal) {
      const registered = getTool(tool);
      const pool = registered ? poolOf(registered) : 'light'; // an unknown tool is refused by runTool
      const inThread = policy === 'thread' && poolInThread(pool);
      const outputs = await (inThread ? runToolInThread : runTool)(tool, {
        ...params,
        signal,
        limits: { ...limits, parallelism: poolParallelism(pool), processPriority: poolPriority(pool) },
      });
      for (const output of outputs) {
        if ((await stat(output.path)).size > maxOutputBytes) throw new AppError('FILE_TOO_LARGE', { filename: output.filename, maxBytes: maxOutputBytes });
      }
      return outputs;
    },
    start() {
      if (policy === 'thread') release ??= holdToolThread();
    },
    stop() {
      release?.();
      release = undefined;
    },
  };
}
