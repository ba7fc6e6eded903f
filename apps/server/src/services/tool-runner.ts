import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inspectPdf, mapLimit, EngineError, type EngineLimits } from '@wattle/pdf-engine';
import type { ToolId } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { FILES_AT_ONCE } from '../adapters/blob-store/blob-store.ts';
import { processWorkDir } from '../data-dir.ts';
import type { NewJobOutput } from '../repositories/outputs.ts';
import type { Budget } from '../adapters/executor.ts';

export interface ToolRun {
  jobId: string;
  tool: ToolId;
  options: unknown;
  /** ownCopy: the blob is the job's own (an upload, or an output copied for it), not a stored document. */
  inputs: { blobKey: string; filename: string; ownCopy: boolean }[];
  limits: NonNullable<Budget['limits']>;
  /** Strip scripts and automatic actions from the PDFs made (decision 134). */
  removeActiveContent: boolean;
  /** A PDF output larger than this fails the job before it is stored (an edit that becomes a document's version). */
  maxOutputBytes?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Runs a tool on a job's inputs through the executor and stores what it made under keys derived
 * from the job id (jobs/{jobId}/{n}-{name}), so a retried attempt overwrites instead of adding. The
 * job's scratch dir is removed however it ends.
 */
export async function runToolForJob(container: Pick<Ports, 'dataDir' | 'blobStore' | 'executor'>, run: ToolRun): Promise<NewJobOutput[]> {
  const dir = join(processWorkDir(container.dataDir), run.jobId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'in'), { recursive: true, mode: 0o700 });
  await mkdir(join(dir, 'out'), { mode: 0o700 });
  try {
    const inputs = await mapLimit(run.inputs, FILES_AT_ONCE, async (input, index) => {
      const path = join(dir, 'in', String(index));
      // The job's own blobs are handed over as they are (no engine writes to its inputs); a stored
      // document is opened into a copy (decision 137), so not even a faulty engine could change it.
      await container.blobStore.getFile(input.blobKey, path, { readOnly: input.ownCopy });
      return { path, filename: input.filename };
    });
    const outputs = await container.executor.run(
      { tool: run.tool, inputs, options: run.options, workDir: dir, outputDir: join(dir, 'out'), onProgress: run.onProgress, removeActiveContent: run.removeActiveContent },
      { limits: run.limits, maxOutputBytes: run.maxOutputBytes },
      run.signal,
    );
    if (outputs.length === 0) throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this file.');
    // Registered together afterwards (one INSERT, in the job's completion).
    return await mapLimit(outputs, FILES_AT_ONCE, async (output, position): Promise<NewJobOutput> => {
      const pages = await checkedPages(output, run.limits);
      const blobKey = `jobs/${run.jobId}/${position}-${keySafe(output.filename)}`;
      const { size } = await container.blobStore.putFile(blobKey, output.path);
      return { position, filename: output.filename, blobKey, contentType: output.contentType, size, pages, notes: output.notes ?? [] };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An output is only called done when it has bytes and, for a PDF, pages a parser can count. */
async function checkedPages(output: { path: string; filename: string; contentType: string; pages?: number }, limits: Partial<EngineLimits>): Promise<number | null> {
  const { size } = await stat(output.path);
  if (size === 0) throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this file.');
  if (output.contentType !== 'application/pdf') return null;
  if (output.pages !== undefined) {
    if (output.pages < 1) throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this file.');
    return output.pages;
  }
  const info = await inspectPdf(output.path, { limits });
  if (info.passwordRequired) return null; // a protected result: its pages are behind the password
  if (!info.pages) throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this file.');
  return info.pages;
}

/** The key's last segment from a display name: safe characters only, bounded. */
function keySafe(filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(-80);
  return safe || 'output';
}
