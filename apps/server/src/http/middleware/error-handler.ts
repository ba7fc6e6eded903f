import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isEngineError } from '@wattle/pdf-engine';
import { AppError, ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from '@wattle/shared';
import { ZodError } from 'zod';
import { engineRefusal } from '../../domain/engine-refusal.ts';
import { notJson } from '../validate.ts';
import type { AppEnv } from '../types.ts';

export function errorBody(c: Context<AppEnv>, code: ErrorCode, details?: unknown, message?: string): ErrorBody {
  return { error: { code, message: message ?? ERROR_CATALOGUE[code].message, requestId: c.get('requestId'), ...(details === undefined ? {} : { details }) } };
}

/** The envelope for an AppError, with its status and, when it says when to come back, Retry-After. */
export function appErrorResponse(c: Context<AppEnv>, err: AppError) {
  const res = c.json(errorBody(c, err.code, err.details, err.message), err.status as 400);
  if (err.retryAfter) res.headers.set('Retry-After', String(err.retryAfter));
  return res;
}

/** Turns every thrown error into the catalogue's shape (an engine's refusal as its code); unknown errors are logged and answered as INTERNAL. */
export function handleError(err: Error, c: Context<AppEnv>) {
  return appErrorResponse(c, asAppError(err, c));
}

function asAppError(err: Error, c: Context<AppEnv>): AppError {
  if (err instanceof AppError) return err;
  // Whichever path ran the engine, its refusal is the file's fault: its own code, never INTERNAL.
  if (isEngineError(err)) return engineRefusal(err);
  if (err instanceof ZodError) return new AppError('VALIDATION_FAILED', { fieldErrors: fieldErrors(err) });
  if (err instanceof HTTPException) {
    // A declared route's JSON body that does not parse: the same words as every other JSON route's.
    if (err.status === 400 && /JSON/.test(err.message)) return notJson();
    return new AppError(err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 404 ? 'NOT_FOUND' : err.status === 401 ? 'UNAUTHORIZED' : err.status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
  }
  c.get('logger')?.error({ err, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
  return new AppError('INTERNAL');
}

export function fieldErrors(err: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
