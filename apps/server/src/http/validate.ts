import type { Context } from 'hono';
import { AppError } from '@wattle/shared';

/** Any zod schema. For the routes outside /api/v1; those inside declare their input (`http/api-contract.ts`). */
interface Parser<T> {
  parse(data: unknown): T;
}

/** Reads a JSON body and validates it; a malformed body is a 400, never a 500. */
export async function readJson<T>(c: Context, schema: Parser<T>): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw notJson();
  }
  return schema.parse(body);
}

export const notJson = () => new AppError('BAD_REQUEST', undefined, { message: 'The request body must be JSON.' });

export function readQuery<T>(c: Context, schema: Parser<T>): T {
  return schema.parse(c.req.query());
}
