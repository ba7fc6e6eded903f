import { join } from 'node:path';
import { EngineError, isEngineError, mapLimit, withJobDir, type EngineLimits } from '@wattle/pdf-engine';
import { AppError } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { BlobNotFoundError, FILES_AT_ONCE } from '../adapters/blob-store/blob-store.ts';
import { processWorkDir } from '../data-dir.ts';
import { engineRefusal } from '../domain/engine-refusal.ts';

/**
 * The one check a PDF passes before the server accepts it, for My Documents and for every input of a
 * tool job alike (decisions 135 and 145): the engines' budgets (bombs, pixel floods) and a real parse
 * (qpdf, pdf-lib as second opinion). A file qpdf can repair passes, as the tools repair it; one neither
 * can read is refused at once as PDF_CORRUPT naming the damaged part, instead of being accepted and
 * failing in its job. It runs through the executor, off the event loop where the policy says so.
 */

/**
 * The parse reads the whole file and starts qpdf: a few at a time, so twenty uploads at once cost the
 * memory and CPU of two, and the server's footprint does not grow with the number of uploads.
 */
const PARALLEL_PDF_CHECKS = 2;
const pdfCheckSlot = concurrencyLimit(PARALLEL_PDF_CHECKS);

/** Page count and encryption of a file that is known to start like a PDF; the engine's refusal as its coded error. */
export async function checkPdfStructure(
  container: Pick<Ports, 'executor'>,
  path: string,
  filename: string | undefined,
  limits?: Partial<EngineLimits>,
): Promise<{ pages: number | null; encrypted: boolean }> {
  try {
    const info = await pdfCheckSlot(() => container.executor.inspect(path, { limits }));
    return { pages: info.pages, encrypted: info.encrypted };
  } catch (err) {
    if (!isEngineError(err)) throw err;
    // The file's name tells the person which of the files they dropped is damaged or over a budget.
    throw engineRefusal(filename ? new EngineError(err.code, err.message, { ...err.details, filename }) : err);
  }
}

/**
 * A job's check spends at most this on each file's parse: what qpdf cannot read in that time is left to
 * the job, whose engines have the tool's own time (a merge of 200 files is not held up by one of them).
 */
export const JOB_INPUT_CHECK_MS = 5_000;

/** A PDF input of a tool job: an upload on disk, or a stored file (a document, an earlier output) by its key. */
export type JobPdf = { filename: string } & ({ path: string } | { blobKey: string });

/**
 * Every PDF of a job passes the check before it is accepted, uploads and stored files alike: a stored
 * document may predate the check, an output is another tool's result. Stored files are read into a
 * scratch folder first (a job's own files are linked there, not copied).
 */
export async function checkJobPdfs(container: Pick<Ports, 'executor' | 'blobStore' | 'dataDir'>, pdfs: readonly JobPdf[], msPerFile = JOB_INPUT_CHECK_MS): Promise<void> {
  const limits = { processTimeoutMs: msPerFile };
  const check = async (path: string, filename: string) => {
    try {
      await checkPdfStructure(container, path, filename, limits);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'ENGINE_TIMEOUT')) throw err;
    }
  };
  await withJobDir(processWorkDir(container.dataDir), (scratch) =>
    mapLimit(pdfs, FILES_AT_ONCE, async (pdf, index) => {
      if ('path' in pdf) return check(pdf.path, pdf.filename);
      const path = join(scratch, `input-${index}.pdf`);
      try {
        await container.blobStore.getFile(pdf.blobKey, path, { readOnly: true });
      } catch (err) {
        // A stored file gone from the store is the job's to report, as before this check.
        if (err instanceof BlobNotFoundError) return;
        throw err;
      }
      await check(path, pdf.filename);
    }),
  );
}

/** Runs at most `slots` tasks at once; the others wait their turn, first come first served. */
function concurrencyLimit(slots: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < slots) active++;
    else await new Promise<void>((start) => waiting.push(start)); // the finishing task hands over its slot
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
