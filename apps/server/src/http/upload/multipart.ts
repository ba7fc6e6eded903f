import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError, safeFilename } from '@wattle/shared';
import { spoolToTempFile } from '../../services/spool.ts';
import { guardBody, UPLOAD_IDLE_TIMEOUT_MS } from './body-guard.ts';

/**
 * The one multipart/form-data reader (busboy, never a buffered parse): documents, tool jobs and avatars
 * all come through it. Files go to private temp files (spoolDir) or, for small ones, into memory.
 */

/** Boundaries, part headers and the filename around one file: more than this over the limit cannot be a valid upload. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** Room for the text fields on top of the files when the body is counted. */
const MAX_FIELDS_BYTES = 256 * 1024;

export interface MultipartOptions {
  /** Each file is spooled to its own private file here; without it, files are read into memory. */
  spoolDir?: string;
  maxFileBytes: number;
  maxFiles: number;
  /** Over all files together; by default maxFileBytes for each of maxFiles. */
  maxTotalBytes?: number;
  maxFields?: number;
  maxFieldBytes?: number;
  /**
   * Called for each text field as it arrives, before later parts are read: throwing here refuses the
   * request without reading the rest of the upload (clients send the text fields first).
   */
  onField?: (name: string, value: string) => void | Promise<void>;
  /** A body that sends nothing for this long is refused with UPLOAD_STALLED. */
  idleTimeoutMs?: number;
}

export interface UploadedFile {
  field: string;
  /** Display name only (never a path or a key), under the filename policy; empty when none was sent. */
  filename: string;
  /** As the client declared it: a hint only, the content decides. */
  mimeType: string;
  size: number;
  /** The spooled file (with spoolDir). */
  path?: string;
  /** The file's bytes (without spoolDir). */
  bytes?: Buffer;
  /** Deletes the spooled file; safe to call more than once. */
  remove(): Promise<void>;
}

export type SpooledUpload = UploadedFile & { path: string };
export type BufferedUpload = UploadedFile & { bytes: Buffer };

export interface MultipartBody<F extends UploadedFile = UploadedFile> {
  fields: Record<string, string>;
  files: F[];
}

/**
 * Deletes the spooled files of a body all at once: one at a time, each waited its turn behind whatever
 * else the event loop was doing (the job the upload had just started), 0.1 s for 200 files.
 */
export async function removeUploads(files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => file.remove()));
}

const malformed = () => new AppError('BAD_REQUEST', undefined, { message: 'The upload was cut short or is not a valid form.' });

/**
 * Streams a multipart body with every limit enforced while reading: a file over maxFileBytes, or files
 * over maxTotalBytes, stop the upload with FILE_TOO_LARGE (before reading at all when Content-Length
 * already says so); a body that stops arriving, with UPLOAD_STALLED. Memory stays flat whatever the size.
 * On failure nothing spooled is kept; on success the caller removes the files.
 */
export function readMultipart(request: Request, options: MultipartOptions & { spoolDir: string }): Promise<MultipartBody<SpooledUpload>>;
export function readMultipart(request: Request, options: MultipartOptions & { spoolDir?: undefined }): Promise<MultipartBody<BufferedUpload>>;
export function readMultipart(request: Request, options: MultipartOptions): Promise<MultipartBody> {
  return read(request, options);
}

type OneFileOptions = Omit<MultipartOptions, 'maxFiles' | 'maxTotalBytes' | 'onField'>;

/** The one file of a request that sends one file (a document, an avatar); no file is BAD_REQUEST. */
export function readOneFile(request: Request, options: OneFileOptions & { spoolDir: string }): Promise<SpooledUpload>;
export function readOneFile(request: Request, options: OneFileOptions & { spoolDir?: undefined }): Promise<BufferedUpload>;
export async function readOneFile(request: Request, options: OneFileOptions): Promise<UploadedFile> {
  const { files } = await read(request, { maxFields: 10, maxFieldBytes: 1024, ...options, maxFiles: 1 });
  if (!files[0]) throw new AppError('BAD_REQUEST', undefined, { message: 'No file was sent.' });
  return files[0];
}

async function read(request: Request, options: MultipartOptions): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw new AppError('BAD_REQUEST', undefined, { message: 'Send the file as multipart/form-data.' });
  const { maxFileBytes, maxFiles, maxTotalBytes = maxFileBytes * maxFiles, maxFields = 20, maxFieldBytes = 64 * 1024 } = options;
  // The files, the framing of each part and the text fields: more than this cannot be a valid upload.
  const maxBodyBytes = maxTotalBytes + maxFiles * MULTIPART_OVERHEAD_BYTES + Math.min(maxFields * maxFieldBytes, MAX_FIELDS_BYTES);
  const tooLarge = () => new AppError('FILE_TOO_LARGE', { maxBytes: maxTotalBytes });
  if (Number(request.headers.get('content-length')) > maxBodyBytes) throw tooLarge();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send the filename's UTF-8 bytes as they are.
      defParamCharset: 'utf8',
      // One byte over: busboy reports 'limit' on reaching the size, not on passing it.
      limits: { fileSize: maxFileBytes + 1, files: maxFiles, fields: maxFields, fieldSize: maxFieldBytes, parts: maxFiles + maxFields + 1, headerPairs: 20 },
    });
  } catch {
    throw malformed();
  }

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  const files: Promise<UploadedFile>[] = [];
  const bodies: PassThrough[] = [];
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
      const reason = err instanceof AppError ? err : malformed();
      // Each file being written fails with the request, so its spool settles and removes what it wrote.
      for (const body of bodies) body.destroy(reason);
      void Promise.allSettled(files).then(async (results) => {
        await removeUploads(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
        reject(reason);
      });
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError('VALIDATION_FAILED', { fieldErrors: { [name]: ['This field is too long.'] } }));
      fields[name] = value;
      if (options.onField) fieldChain = fieldChain.then(() => options.onField!(name, value)).catch(fail);
    });

    parser.on('file', (field, file, info) => {
      if (settled) return void file.resume();
      // A nameless part keeps its empty name, so an empty file input is recognised below.
      const filename = info.filename ? safeFilename(formFilename(info.filename)) : '';
      // The spool gets its own stream: if it fails, busboy's stream is drained rather than destroyed,
      // since a destroyed busboy stream stalls the rest of the form.
      const body = new PassThrough();
      // Its failures reach us through the spool's promise; this keeps them from going uncaught.
      body.on('error', () => {});
      bodies.push(body);
      file.on('limit', () => fail(new AppError('FILE_TOO_LARGE', { filename, maxBytes: maxFileBytes })));
      file.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxTotalBytes) fail(tooLarge());
      });
      file.on('error', (err) => fail(err));
      body.on('close', () => {
        file.unpipe(body);
        file.resume();
      });
      file.pipe(body);
      const upload = { field, filename, mimeType: info.mimeType };
      const stored: Promise<UploadedFile> = options.spoolDir
        ? spoolToTempFile(body, options.spoolDir, maxFileBytes).then((spooled) => ({ ...upload, ...spooled }))
        : body.toArray().then((chunks: Buffer[]) => {
            const bytes = Buffer.concat(chunks);
            return { ...upload, bytes, size: bytes.length, remove: async () => {} };
          });
      stored.catch(fail);
      files.push(stored);
    });

    parser.on('filesLimit', () =>
      fail(
        maxFiles === 1
          ? new AppError('BAD_REQUEST', undefined, { message: 'Send one file per request.' })
          : new AppError('VALIDATION_FAILED', { fieldErrors: { files: [`Send at most ${maxFiles} files.`] } }),
      ),
    );
    parser.on('fieldsLimit', () => fail(new AppError('VALIDATION_FAILED', { fieldErrors: { _: ['Too many fields.'] } })));
    parser.on('partsLimit', () => fail(new AppError('VALIDATION_FAILED', { fieldErrors: { _: ['Too many parts.'] } })));
    parser.on('error', () => fail(malformed()));
    source.on('error', fail);
    parser.on('close', () => {
      void Promise.all([Promise.all(files), fieldChain]).then(([received]) => {
        if (settled) return;
        settled = true;
        // A browser's empty file input sends a nameless, empty part: it is not a file.
        resolve({ fields, files: received.filter((f) => !(f.size === 0 && f.filename === '')) });
      }, fail);
    });
    source.pipe(parser);
    guardBody(source, { maxBytes: maxBodyBytes, tooLarge, idleTimeoutMs: options.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS });
  });
}

/** Browsers escape a quote in a form's filename as %22 (WHATWG multipart/form-data encoding): undo it. */
function formFilename(raw: string): string {
  return raw.replace(/%22/g, '"');
}
