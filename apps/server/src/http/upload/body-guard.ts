import type { Readable } from 'node:stream';
import { AppError } from '@wattle/shared';

/**
 * An upload that sends nothing for this long is cut off and its spool file removed: a live client,
 * even on a poor mobile link, sends something every few seconds.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

export interface BodyGuard {
  /** More than this, whatever Content-Length said (or with none), cannot be a valid upload. */
  maxBytes: number;
  tooLarge: () => AppError;
  idleTimeoutMs: number;
}

/**
 * Watches a request body as it streams: destroys it with `tooLarge()` once more than maxBytes have
 * arrived (a multipart preamble or epilogue counts toward no file's limit), or with UPLOAD_STALLED
 * once nothing has arrived for idleTimeoutMs. Attach after piping the body, so no bytes are missed.
 */
export function guardBody(body: Readable, guard: BodyGuard): void {
  let received = 0;
  const timer = setTimeout(() => body.destroy(new AppError('UPLOAD_STALLED')), guard.idleTimeoutMs);
  body.on('data', (chunk: Buffer) => {
    timer.refresh();
    received += chunk.length;
    if (received > guard.maxBytes) body.destroy(guard.tooLarge());
  });
  body.once('close', () => clearTimeout(timer));
}
