import { availableParallelism } from 'node:os';
import { getTool, type ToolId } from '@wattle/shared';
import { createContext, type ToolInput, type ToolOutput } from './context.ts';
import { detectEngines, missingEngines } from './engines.ts';
import { EngineError, isEngineError } from './errors.ts';
import { withJobDir } from './job-dir.ts';
import { DEFAULT_LIMITS, type EngineLimits } from './limits.ts';
import { OPERATIONS } from './operations.ts';
import { removeActiveContentFromFile } from './pdf/active-content.ts';
import { PDF_TYPE } from './pdf/write.ts';

export interface RunToolParams {
  inputs: readonly ToolInput[];
  /** Raw options (e.g. parsed JSON); validated here with the tool's schema, defaults applied. */
  options: unknown;
  /** Parent for the job's private temp dir (created inside, removed when done). */
  workDir: string;
  /** Where outputs are written; names derive from the input names, never repeated. */
  outputDir: string;
  /** Fraction done, 0..1, never decreasing. */
  onProgress?: (fraction: number) => void;
  /** Aborting kills the engines; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  limits?: Partial<EngineLimits>;
  /** The "remove active content" setting: scripts and automatic actions leave every PDF output (decision 134). */
  removeActiveContent?: boolean;
}

/**
 * Runs one tool. Resolves with checked outputs, or rejects with an EngineError (a catalogue
 * code) — or with the abort reason when `signal` fired. Temp files and processes never outlive it.
 */
export async function runTool(toolId: ToolId, params: RunToolParams): Promise<ToolOutput[]> {
  const tool = getTool(toolId as string);
  if (!tool) throw new EngineError('VALIDATION_FAILED', `Unknown tool ${String(toolId)}.`, { field: 'tool' });
  const parsed = tool.options.safeParse(params.options ?? {});
  if (!parsed.success) {
    throw new EngineError('VALIDATION_FAILED', 'Some options are not valid.', {
      fields: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  if (params.inputs.length < tool.minFiles || params.inputs.length > tool.maxFiles) {
    throw new EngineError('VALIDATION_FAILED', `This tool takes ${tool.minFiles === tool.maxFiles ? tool.minFiles : `${tool.minFiles} to ${tool.maxFiles}`} file(s).`, {
      field: 'files',
    });
  }
  const missing = missingEngines(tool.id, await detectEngines());
  if (missing.length > 0) throw new EngineError('ENGINE_UNAVAILABLE', 'This tool is not available right now.', { missing });

  const limits: EngineLimits = { ...DEFAULT_LIMITS, ...params.limits };
  if (limits.parallelism <= 0) limits.parallelism = availableParallelism();
  params.signal?.throwIfAborted();
  return withJobDir(params.workDir, async (dir) => {
    const ctx = createContext({ dir, outputDir: params.outputDir, limits, signal: params.signal, onProgress: params.onProgress, removeActiveContent: params.removeActiveContent });
    try {
      const outputs = await (OPERATIONS[tool.id] as (i: typeof params.inputs, o: unknown, c: typeof ctx) => Promise<ToolOutput[]>)(
        params.inputs,
        parsed.data,
        ctx,
      );
      if (params.removeActiveContent) {
        for (const output of outputs) if (output.contentType === PDF_TYPE) await removeActiveContentFromFile(output.path);
      }
      ctx.progress(1);
      return outputs;
    } catch (error) {
      if (params.signal?.aborted) throw params.signal.reason;
      if (isEngineError(error)) throw error;
      // Parsers throw all sorts on hostile input; the caller gets a code, the cause stays for logs.
      throw tool.accepts.includes('pdf')
        ? new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.', undefined, { cause: error })
        : new EngineError('UNSUPPORTED_FILE_TYPE', 'This file could not be read.', undefined, { cause: error });
    }
  });
}
