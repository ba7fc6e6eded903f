import { availableParallelism } from 'node:os';
import type { Tool } from '@wattle/shared';
import type { EnginePriority } from '@wattle/pdf-engine';

/**
 * Tools run in pools, one pg-boss queue each, so a burst of conversions never starves quick page
 * edits and the heavy engines stay within the cores: at most one LibreOffice conversion per core,
 * and one OCR job per worker (its pages already use every core).
 */
export const POOLS = ['light', 'heavy', 'office', 'ocr'] as const;
export type PoolId = (typeof POOLS)[number];

export function poolOf(tool: Pick<Tool, 'engine' | 'heavy'>): PoolId {
  if (tool.engine === 'libreoffice') return 'office';
  if (tool.engine === 'tesseract') return 'ocr';
  return tool.heavy ? 'heavy' : 'light';
}

export const poolQueue = (pool: PoolId) => `tools-${pool}`;

/** Pools whose jobs take seconds to minutes of a core: the open-job caps apply to them. */
export const isHeavyPool = (pool: PoolId): pool is Exclude<PoolId, 'light'> => pool !== 'light';
/** Jobs whose attempts all ended in a crash or a lost heartbeat land here to be marked failed. */
export const DEAD_LETTER_QUEUE = 'tools-dead';

/** Attempts after the first; only crashes and timeouts are retried, never a document's own fault. */
export const RETRY_LIMIT = 2;

export const CORES = Math.max(1, availableParallelism());

/** Jobs of a pool one worker process runs at once. */
export function poolConcurrency(pool: PoolId, cores = CORES): number {
  switch (pool) {
    case 'light':
      return cores * 2;
    case 'heavy':
    case 'office':
      return cores;
    case 'ocr':
      return 1;
  }
}

/**
 * How the engines a pool's jobs start share the CPU. The heavy pools' engines run only on CPU time
 * nothing else wants, so a quick job's engine and the server take a core from them at once.
 */
export const poolPriority = (pool: PoolId): EnginePriority => (pool === 'light' ? 'quick' : 'background');

/**
 * Pools whose tools run in the tool thread (runToolInThread) under EXECUTION_POLICY=thread, at the lowest
 * niceness: their parsing, result assembly and garbage then stay off the event loop that answers
 * requests and runs quick jobs (adapters/executor.ts). Office's listeners belong to the main thread, and its JavaScript is a small
 * part of a conversion.
 */
export const poolInThread = (pool: PoolId): boolean => pool === 'heavy' || pool === 'ocr';

/**
 * Engine processes one job of the pool may run side by side (OCR's pages, compress's images, PDF to
 * image's pages): a heavy job may have every core, because its engines yield them to quick jobs
 * (poolPriority). Office conversions are one LibreOffice each.
 */
export function poolParallelism(pool: PoolId, cores = CORES): number {
  return pool === 'ocr' || pool === 'heavy' ? cores : 1;
}
