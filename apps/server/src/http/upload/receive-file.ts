import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '@wattle/shared';
import { spoolToTempFile, type SpooledFile } from '../../services/spool.ts';
import { guardBody, UPLOAD_IDLE_TIMEOUT_MS } from './body-guard.ts';

export interface ReceivedFile extends SpooledFile {
  filename: string;
  /** As the client declared it: a hint only, the content decides. */
  mimeType: string;
}

/** Boundaries, part headers and the filename around one file: more than this over the limit cannot be a valid upload. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const notMultipart = () => new AppError('BAD_REQUEST', undefined, { message: 'Send the file as multipart/form-data.' });
const malformed = () => new AppError('BAD_REQUEST', undefined, { message: 'The upload was cut short or is not a valid form.' });

/**
 * Streams the one file of a multipart/form-data body (busboy, never a buffered parse) into a private
 * temp file, refusing it with FILE_TOO_LARGE as soon as it (or the body around it) passes the limit, or
 * before reading at all when Content-Length already says so; and with UPLOAD_STALLED once nothing has
 * arrived for idleTimeoutMs.
 * Resolves once the whole form has arrived; the caller removes the file.
 */
export async function receiveFile(
  request: Request,
  { idleTimeoutMs = UPLOAD_IDLE_TIMEOUT_MS, ...options }: { tempDir: string; maxFileBytes: number; idleTimeoutMs?: number },
): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw notMultipart();
  const maxBodyBytes = options.maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const tooLarge = () => new AppError('FILE_TOO_LARGE', { maxBytes: options.maxFileBytes });
  if (Number(request.headers.get('content-length')) > maxBodyBytes) throw tooLarge();

  let parser: busboy.Busboy;
  try {
    // One byte over the limit, because busboy reports 'limit' on reaching it, not on passing it.
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send the filename's UTF-8 bytes as they are.
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: options.maxFileBytes + 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 20 },
    });
  } catch {
    throw notMultipart();
  }

  let spool: Promise<ReceivedFile> | undefined;
  let extraFiles = false;
  let rejectEarly: (err: unknown) => void = () => {};
  const failedEarly = new Promise<never>((_, reject) => (rejectEarly = reject));

  parser.on('file', (_field, file, info) => {
    if (spool) return void file.resume();
    // The spool gets its own stream: if it fails, busboy's stream is drained rather than destroyed,
    // since a destroyed busboy stream stalls the rest of the form.
    const body = new PassThrough();
    // Its failures reach us through the spool's promise; this keeps pipe() from rethrowing them.
    body.on('error', () => {});
    file.on('limit', () => body.destroy(new AppError('FILE_TOO_LARGE', { maxBytes: options.maxFileBytes })));
    file.on('error', (err) => body.destroy(err));
    body.on('close', () => {
      file.unpipe(body);
      file.resume();
    });
    file.pipe(body);
    spool = spoolToTempFile(body, options.tempDir, options.maxFileBytes).then((spooled) => ({ ...spooled, filename: formFilename(info.filename), mimeType: info.mimeType }));
    spool.catch(rejectEarly);
  });
  parser.on('filesLimit', () => (extraFiles = true));

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  source.on('error', (err) => parser.destroy(err));
  const formDone = finished(parser);
  formDone.catch(() => {});
  source.pipe(parser);
  guardBody(source, { maxBytes: maxBodyBytes, tooLarge, idleTimeoutMs });

  try {
    await Promise.race([formDone, failedEarly]);
  } catch (err) {
    source.unpipe(parser);
    source.resume();
    await spool?.then((f) => f.remove(), () => {});
    throw err instanceof AppError ? err : malformed();
  }
  if (!spool) throw new AppError('BAD_REQUEST', undefined, { message: 'No file was sent.' });
  const file = await spool.catch((err) => {
    throw err instanceof AppError ? err : malformed();
  });
  if (extraFiles) {
    await file.remove();
    throw new AppError('BAD_REQUEST', undefined, { message: 'Send one file per request.' });
  }
  return file;
}

/** Browsers escape a quote in a form's filename as %22 (WHATWG multipart/form-data encoding): undo it. */
function formFilename(raw: string | undefined): string {
  return (raw ?? '').replace(/%22/g, '"');
}
