import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from '@wattle/shared';
import { ZodError } from 'zod';
import type { AppEnv } from '../types.ts';

export function errorBody(c: Context<AppEnv>, code: ErrorCode, details?: unknown, message?: string): ErrorBody {
  return { error: { code, message: message ?? ERROR_CATALOGUE[code].message, requestId: c.get('requestId'), ...(details === undefined ? {} : { details }) } };
}

export function errorResponse(c: Context<AppEnv>, code: ErrorCode, details?: unknown, message?: string) {
  return c.json(errorBody(c, code, details, message), ERROR_CATALOGUE[code].status as 400);
}

/** Turns every thrown error into the catalogue's shape; unknown errors are logged and answered as INTERNAL. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) return errorResponse(c, err.code, err.details, err.message);
  if (err instanceof ZodError) return errorResponse(c, 'VALIDATION_FAILED', { fieldErrors: fieldErrors(err) });
  if (err instanceof HTTPException) {
    const code: ErrorCode = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 404 ? 'NOT_FOUND' : err.status === 401 ? 'UNAUTHORIZED' : err.status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
    return errorResponse(c, code);
  }
  c.get('logger')?.error({ err, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
  return errorResponse(c, 'INTERNAL');
}

export function fieldErrors(err: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
