import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '@wattle/shared';

/** Reads a JSON body and validates it; a malformed body is a 400, never a 500. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', undefined, 'The request body must be JSON.');
  }
  return schema.parse(body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}
