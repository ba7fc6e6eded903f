import { inspectPdf, isEngineError } from '@wattle/pdf-engine';
import { AppError } from '@wattle/shared';
import { engineRefusal } from '../domain/engine-refusal.ts';

/**
 * The one check a PDF passes before the server accepts it, for My Documents and for tool jobs alike
 * (decision 135): the engines' budgets (bombs, pixel floods) and a real parse (qpdf, pdf-lib as second
 * opinion). A file qpdf can repair passes, as the tools repair it; one neither can read is refused at
 * once as PDF_CORRUPT naming the damaged part, instead of being accepted and failing in its job.
 */

/**
 * The parse reads the whole file and starts qpdf: a few at a time, so twenty uploads at once cost the
 * memory and CPU of two, and the server's footprint does not grow with the number of uploads.
 */
const PARALLEL_PDF_CHECKS = 2;
const pdfCheckSlot = concurrencyLimit(PARALLEL_PDF_CHECKS);

/** Page count and encryption of a file that is known to start like a PDF; the engine's refusal as its coded error. */
export async function checkPdfStructure(path: string, filename: string | undefined): Promise<{ pages: number | null; encrypted: boolean }> {
  try {
    const info = await pdfCheckSlot(() => inspectPdf(path));
    return { pages: info.pages, encrypted: info.encrypted };
  } catch (err) {
    if (!isEngineError(err)) throw err;
    const refusal = engineRefusal(err);
    // The file's name tells the person which of the files they dropped is damaged.
    if (refusal.code === 'PDF_CORRUPT' && filename) throw new AppError('PDF_CORRUPT', { ...refusal.details, filename }, { message: refusal.message });
    throw refusal;
  }
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
