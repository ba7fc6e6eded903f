import type { EngineLimits } from './limits.ts';
import { createOutputNamer } from './output-names.ts';
import type { DecodeBudget } from './pdf/stream-budget.ts';
import { runCommand, type CommandResult, type CommandSpec, type RunOptions } from './process/run-command.ts';

export interface ToolInput {
  /** Where the bytes are (server-generated name). */
  path: string;
  /** The user's file name: metadata only, used to name outputs. */
  filename: string;
}

export interface ToolOutput {
  path: string;
  filename: string;
  contentType: string;
  /** Page count of PDF outputs, as checked before returning. */
  pages?: number;
  /** What the user should know about a result that succeeded, e.g. that it is no longer PDF/A. */
  notes?: ToolNote[];
}

export interface ToolNote {
  /** REDACTED: what a redaction removed, and which pages became images. PAGES_REMOVED: how many pages a tool took out. PDFA_CHECKED: the PDF/A checks a result passed. PAGES_RECOGNISED: how many pages OCR read and left. */
  code: 'PDFA_NOT_KEPT' | 'REDACTED' | 'PAGES_REMOVED' | 'PDFA_CHECKED' | 'PAGES_RECOGNISED';
  /** Safe to show. */
  message: string;
}

/** What an operation gets besides its inputs and options: one job's dir, budgets and plumbing. */
export interface ToolContext {
  /** The job's private temp dir, removed when the job ends. */
  dir: string;
  limits: EngineLimits;
  budget: DecodeBudget;
  signal?: AbortSignal;
  /** The "remove active content" setting: a tool that encrypts its output removes it before, as nothing can after. */
  removeActiveContent: boolean;
  /** Fraction done, 0..1. */
  progress(fraction: number): void;
  /** Runs an engine in the job dir with the job's timeout and signal. */
  run(spec: CommandSpec, options?: Partial<Omit<RunOptions, 'cwd'>>): Promise<CommandResult>;
  /** Runs an engine whose result may turn out not to be wanted: stop() kills it and waits until it is gone. */
  start(spec: CommandSpec): StartedEngine;
  /** A unique path in the output dir for this file name. */
  output(filename: string): { path: string; filename: string };
  /** Throws the abort reason if the job was cancelled (between in-process steps). */
  checkAborted(): void;
}

export interface StartedEngine {
  result: Promise<CommandResult>;
  stop(): Promise<void>;
}

export function createContext(params: {
  dir: string;
  outputDir: string;
  limits: EngineLimits;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  removeActiveContent?: boolean;
}): ToolContext {
  const { dir, limits, signal } = params;
  let last = 0;
  const run: ToolContext['run'] = (spec, options) => runCommand(spec, { timeoutMs: limits.processTimeoutMs, priority: limits.processPriority, signal, ...options, cwd: dir });
  return {
    dir,
    limits,
    signal,
    removeActiveContent: params.removeActiveContent ?? false,
    budget: { remaining: limits.maxDecodedBytes },
    progress(fraction) {
      // Monotonic and clamped, so parallel steps never make the bar go backwards.
      const next = Math.min(1, Math.max(last, fraction));
      if (next > last) params.onProgress?.((last = next));
    },
    run,
    start(spec) {
      const stopped = new AbortController();
      const result = run(spec, { signal: signal ? AbortSignal.any([signal, stopped.signal]) : stopped.signal });
      result.catch(() => {}); // awaited by whoever wants it; a failure meanwhile must not go unhandled
      return {
        result,
        async stop() {
          stopped.abort();
          await result.catch(() => {});
        },
      };
    },
    output: createOutputNamer(params.outputDir),
    checkAborted() {
      signal?.throwIfAborted();
    },
  };
}
