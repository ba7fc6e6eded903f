import type { Context } from 'hono';
import { detectFileType, previewRedactions } from '@wattle/pdf-engine';
import { AppError, claimsPdf } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { dataPaths, processWorkDir } from '../../data-dir.ts';
import { checkRate, limitsFor } from '../../services/tool-jobs/admission.ts';
import { readMultipart, removeUploads } from '../upload/multipart.ts';
import type { AppEnv } from '../types.ts';

/**
 * POST /api/v1/tools/redact/preview: what a redact job with these options would find, listed before
 * anything is removed (multipart: `options` as JSON, then the PDF). Counted against the caller's
 * jobs an hour, since it reads the whole document.
 */
export async function redactPreview(container: Container, c: Context<AppEnv>) {
  const owner = c.get('owner');
  await checkRate(container, { owner, ip: c.get('clientIp'), apiKeyId: c.get('apiKeyId') }, 1);
  const limits = limitsFor(container, owner);
  const body = await readMultipart(c.req.raw, { spoolDir: dataPaths(container.dataDir).toolUploadSpool, maxFileBytes: limits.maxFileBytes, maxFiles: 1 });
  try {
    const upload = body.files[0];
    if (!upload) throw new AppError('BAD_REQUEST', undefined, { message: 'No file was sent.' });
    if ((await detectFileType(upload.path)) !== 'pdf') {
      // As a job answers: a file named .pdf that is not one is a damaged PDF to the person.
      if (claimsPdf(upload.filename)) throw new AppError('PDF_CORRUPT', { filename: upload.filename });
      throw new AppError('UNSUPPORTED_FILE_TYPE', { filename: upload.filename, accepts: ['pdf'] });
    }
    let options: unknown = {};
    try {
      if (body.fields.options?.trim()) options = JSON.parse(body.fields.options);
    } catch {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { options: ['Options must be JSON.'] } });
    }
    const preview = await previewRedactions({
      input: { path: upload.path, filename: upload.filename },
      options,
      workDir: processWorkDir(container.dataDir),
      limits: { maxFileBytes: limits.maxFileBytes, maxPages: limits.maxPages },
      signal: c.req.raw.signal,
    });
    return c.json(preview, 200);
  } finally {
    await removeUploads(body.files);
  }
}
