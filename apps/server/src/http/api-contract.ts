import { OpenAPIHono, z } from '@hono/zod-openapi';
import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { apiComponents, componentRef, errorBodySchema, type ApiSchema } from '@wattle/shared';
import type { AppEnv } from './types.ts';

/**
 * The pieces an /api/v1 route declaration is made of (`createRoute` of @hono/zod-openapi): the route's
 * zod request schemas validate its input and type `c.req.valid(...)`, and with its responses they make
 * its operation in the OpenAPI document, and its responses' schemas type what the handler may answer.
 */

// The generator names each shared contract by `$ref` instead of writing it out: components.schemas
// are `@wattle/shared`'s registry as zod itself writes them (openapi.ts).
for (const [id, schema] of apiComponents._idmap) zodToOpenAPIRegistry.add(schema, { _internal: { refId: id } });

/** An app whose routes are declared: a request that fails its schema is our VALIDATION_FAILED (the error handler turns the ZodError into it). */
export function declaredRoutes() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });
}

type Schema = Record<string, unknown>;

export const json = <T extends ApiSchema>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
export const error = (description: string) => json(errorBodySchema, description);
export const noContent = (description: string) => ({ description });

/** A body of each type as generators should type it: bytes are files, text is a string, the JSON reports (compare, PDF/A check) are objects. */
const fileBody = (type: string): Schema =>
  type === 'application/json' ? { type: 'object', description: 'A JSON report.' } : type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
export const file = (types: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: fileBody(type) }])),
});

/** `{id}` in a path: an uuid unless said otherwise (a tool's id is its name). Not checked here: an id that is no one's is 404 from the service. */
export const idParams = (what: string, format: 'uuid' | 'name' = 'uuid') =>
  z.object({ id: z.string().openapi({ description: `The ${what}'s id.`, ...(format === 'uuid' ? { format: 'uuid' } : {}) }) });

export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageQuery = z.object({ page });

/** A multipart body, read by our own streaming reader (http/upload): documented here, not validated, so not a zod schema. */
export const multipartBody = (schema: ApiSchema, encoding: Record<string, { contentType: string }>, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { 'multipart/form-data': { schema: componentRef(schema), encoding } },
});

/** A JSON body: validated by its zod schema before the handler runs. */
export const jsonBody = <T extends z.ZodType>(schema: T, description: string) => ({ required: true, description, content: { 'application/json': { schema } } });

/** Keys are made and revoked from a signed-in session only: a key cannot make more keys. */
export const sessionOnly = { security: [{ session: [] }], errors: { 401: error('Sign in first.'), 403: error('FORBIDDEN: sent with an API key.') } };
