import type { Readable } from 'node:stream';
import { AppError } from '@wattle/shared';

/**
 * An upload that sends nothing for this long is cut off and its spool file removed: a live client,
 * even on a poor mobile link, sends something every few seconds.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

/** Destroys the body with UPLOAD_STALLED once no bytes have arrived for idleMs. Attach after piping it. */
export function cutOffWhenIdle(body: Readable, idleMs: number): void {
  const timer = setTimeout(() => body.destroy(new AppError('UPLOAD_STALLED')), idleMs);
  body.on('data', () => timer.refresh());
  body.once('close', () => clearTimeout(timer));
}
