import type { EnginePriority } from './process/run-command.ts';

/** Budgets checked before work starts; the server passes smaller ones for visitors. */
export interface EngineLimits {
  /** Bytes per input file. */
  maxFileBytes: number;
  /** Pages per input and per output document. */
  maxPages: number;
  /** Pixels per image, per image XObject and per rendered page (width x height). */
  maxPixels: number;
  /** Decoded bytes of one PDF stream (Flate bombs). */
  maxStreamBytes: number;
  /** Decoded bytes of all streams of a job. */
  maxDecodedBytes: number;
  /** Unpacked bytes of an Office/ODF zip (zip bombs). */
  maxUnpackedBytes: number;
  /** Entries in an Office/ODF zip. */
  maxZipEntries: number;
  /** Wall time of one engine process. */
  processTimeoutMs: number;
  /** Engine processes one job runs at once (OCR pages); defaults to the number of cores. */
  parallelism: number;
  /** How the engine processes a job starts share the CPU: a heavy pool's engines yield the cores to quick jobs (run-command.ts). */
  processPriority: EnginePriority;
}

export const DEFAULT_LIMITS: Readonly<EngineLimits> = Object.freeze({
  maxFileBytes: 200 * 1024 * 1024,
  maxPages: 2000,
  maxPixels: 100_000_000,
  maxStreamBytes: 256 * 1024 * 1024,
  maxDecodedBytes: 2 * 1024 * 1024 * 1024,
  maxUnpackedBytes: 512 * 1024 * 1024,
  maxZipEntries: 10_000,
  processTimeoutMs: 120_000,
  parallelism: 0,
  processPriority: 'quick',
});
