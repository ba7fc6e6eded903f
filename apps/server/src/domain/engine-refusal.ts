import type { EngineError } from '@wattle/pdf-engine';
import { AppError, type ErrorDetails, type JobErrorDetails } from '@wattle/shared';

/**
 * The one mapping from an engine's refusal to the catalogue (decision 135), for every path that runs an
 * engine for a request (uploads, versions, jobs, the share viewer, previews): the engine's own code and
 * its precise message, the fields a VALIDATION_FAILED names, and what a budget or a damaged file says.
 * The codes are catalogue entries by construction (ENGINE_ERROR_CODES), so none of them becomes a 500.
 */
export function engineRefusal(err: EngineError): AppError {
  const message = { message: err.message };
  switch (err.code) {
    case 'VALIDATION_FAILED':
      return new AppError('VALIDATION_FAILED', engineFieldErrors(err.details) ?? { fieldErrors: {} }, message);
    case 'LIMIT_EXCEEDED':
      return new AppError('LIMIT_EXCEEDED', picked<ErrorDetails['LIMIT_EXCEEDED']>(err.details, ['limit', 'filename', 'page', 'pages', 'width', 'height', 'max']), message);
    case 'PDF_CORRUPT':
      return new AppError('PDF_CORRUPT', picked<ErrorDetails['PDF_CORRUPT']>(err.details, ['filename', 'part']), message);
    default:
      return new AppError(err.code, undefined, message);
  }
}

/** Only the named entries, each a string or a number: details are shown, so nothing else of the engine's travels. */
function picked<T>(details: Record<string, unknown> | undefined, keys: readonly string[]): T | undefined {
  const out: Record<string, string | number> = {};
  for (const key of keys) {
    const value = details?.[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return Object.keys(out).length > 0 ? (out as T) : undefined;
}

/**
 * The fields an engine VALIDATION_FAILED names, in the shape a refused request gives them
 * ({ fieldErrors: { "options.<path>": [message] } }), bounded so a failed job's row stays small
 * whatever the operations document held.
 */

const MAX_FIELDS = 50;
const MAX_PATH_CHARS = 200;
const MAX_MESSAGE_CHARS = 500;

/** The engine names fields as `{ fields: [{ path, message }] }` (edit) or `{ field, message }` (one field). */
export function engineFieldErrors(details: Record<string, unknown> | undefined): JobErrorDetails | undefined {
  const issues = Array.isArray(details?.fields) ? details.fields : details && 'field' in details ? [{ path: details.field, message: details.message }] : [];
  const fieldErrors: Record<string, string[]> = {};
  let kept = 0;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (kept === MAX_FIELDS) break;
    if (typeof issue?.path !== 'string' || typeof issue.message !== 'string') continue;
    const path = clip(`options.${issue.path}`, MAX_PATH_CHARS);
    (fieldErrors[path] ??= []).push(clip(issue.message, MAX_MESSAGE_CHARS));
    kept++;
  }
  return kept > 0 ? { fieldErrors } : undefined;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
