import type { JobErrorDetails } from '@wattle/shared';

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
