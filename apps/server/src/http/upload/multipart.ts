import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError, safeFilename } from '@wattle/shared';
import { guardBody, UPLOAD_IDLE_TIMEOUT_MS } from './body-guard.ts';
import { MULTIPART_OVERHEAD_BYTES } from './receive-file.ts';

export interface UploadedFile {
  field: string;
  /** Display name only (never a path or a key), under the filename policy. */
  filename: string;
  path: string;
  size: number;
}

export interface MultipartLimits {
  /** Directory the files are written to; the caller creates and removes it. */
  dir: string;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFiles: number;
  maxFieldBytes?: number;
  maxFields?: number;
  /**
   * Called for each text field as it arrives, before later parts are read: throwing here refuses the
   * request without reading the rest of the upload (clients send the text fields first).
   */
  onField?: (name: string, value: string) => void | Promise<void>;
  /** A body that sends nothing for this long is refused with UPLOAD_STALLED. */
  idleTimeoutMs?: number;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Streams a multipart body to disk with the limits enforced while reading: a file over its limit or a
 * body over the total stops the upload with FILE_TOO_LARGE; memory stays flat whatever the size.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new AppError('BAD_REQUEST', undefined, { message: 'Send the files as multipart/form-data.' });
  }
  // Framing of every part, plus the text fields, on top of the files.
  const maxBodyBytes = limits.maxTotalBytes + (limits.maxFiles + 4) * MULTIPART_OVERHEAD_BYTES + 256 * 1024;
  const tooLarge = () => new AppError('FILE_TOO_LARGE', { maxBytes: limits.maxTotalBytes });
  if (Number(request.headers.get('content-length') ?? NaN) > maxBodyBytes) throw tooLarge();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: {
        // One byte over: busboy reports 'limit' on reaching the size, not on passing it.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles + 1,
        fields: limits.maxFields ?? 20,
        fieldSize: limits.maxFieldBytes ?? 64 * 1024,
        parts: limits.maxFiles + (limits.maxFields ?? 20) + 1,
      },
    });
  } catch {
    throw new AppError('BAD_REQUEST', undefined, { message: 'The multipart body is not valid.' });
  }

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  let total = 0;
  let fieldChain = Promise.resolve();

  return new Promise<MultipartBody>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners('file');
      // Ends the file being written, so its pipeline settles and lets go of the spool file.
      parser.destroy();
      reject(err);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError('VALIDATION_FAILED', { fieldErrors: { [name]: ['This field is too long.'] } }));
      fields[name] = value;
      if (limits.onField) fieldChain = fieldChain.then(() => limits.onField!(name, value)).catch((err) => fail(err));
    });

    parser.on('file', (field, stream, info) => {
      if (settled) return stream.resume();
      // A nameless part keeps its empty name, so an empty file input is recognised below.
      const filename = info.filename ? safeFilename(info.filename) : '';
      const path = join(limits.dir, `upload-${files.length}`);
      const file: UploadedFile = { field, filename, path, size: 0 };
      files.push(file);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          file.size += chunk.length;
          total += chunk.length;
          if (total > limits.maxTotalBytes) return done(new AppError('FILE_TOO_LARGE', { maxBytes: limits.maxTotalBytes }));
          done(null, chunk);
        },
      });
      stream.on('limit', () => fail(new AppError('FILE_TOO_LARGE', { filename, maxBytes: limits.maxFileBytes })));
      writes.push(
        pipeline(stream, counter, createWriteStream(path, { mode: 0o600 })).catch((err) => {
          fail(err instanceof AppError ? err : new AppError('BAD_REQUEST', undefined, { message: 'The upload was interrupted.' }));
        }),
      );
    });

    parser.on('filesLimit', () => fail(new AppError('VALIDATION_FAILED', { fieldErrors: { files: [`Send at most ${limits.maxFiles} files.`] } })));
    parser.on('fieldsLimit', () => fail(new AppError('VALIDATION_FAILED', { fieldErrors: { _: ['Too many fields.'] } })));
    parser.on('partsLimit', () => fail(new AppError('VALIDATION_FAILED', { fieldErrors: { _: ['Too many parts.'] } })));
    parser.on('error', () => fail(new AppError('BAD_REQUEST', undefined, { message: 'The multipart body is not valid.' })));
    source.on('error', (err) => fail(err instanceof AppError ? err : new AppError('BAD_REQUEST', undefined, { message: 'The upload was interrupted.' })));
    parser.on('close', () => {
      void Promise.all([...writes, fieldChain]).then(() => {
        if (settled) return;
        settled = true;
        // A browser's empty file input sends a nameless, empty part: it is not a file.
        resolve({ fields, files: files.filter((f) => !(f.size === 0 && f.filename === '')) });
      });
    });
    source.pipe(parser);
    guardBody(source, { maxBytes: maxBodyBytes, tooLarge, idleTimeoutMs: limits.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS });
  });
}
