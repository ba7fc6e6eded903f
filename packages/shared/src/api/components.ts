import { z } from 'zod';

/**
 * The API's named shapes. A schema registered here becomes `components.schemas.<id>` of the OpenAPI
 * document, and other registered schemas refer to it by `$ref` instead of repeating it.
 */
export const apiComponents = z.registry<{ id: string; description?: string }>();

export type ApiSchema = z.ZodType;

/** Timestamps are always UTC ISO 8601, as `Date.toISOString()` writes them. */
export const timestamp = () => z.iso.datetime();

/** One page of a list: its items and where the page stands in the whole. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    items: z.array(item),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    pageSize: z.int().positive(),
  });

const COMPONENTS_PATH = '#/components/schemas/';

/** The component name of a registered schema (a body the OpenAPI document names). */
export function componentName(schema: ApiSchema): string {
  const id = apiComponents.get(schema)?.id;
  if (!id) throw new Error('Only schemas registered in apiComponents can name an OpenAPI body');
  return id;
}

export const componentRef = (schema: ApiSchema) => ({ $ref: `${COMPONENTS_PATH}${componentName(schema)}` });

/**
 * Every registered schema as JSON Schema (2020-12, as OpenAPI 3.1 takes it), referring to the others by $ref,
 * as `io` reads it: `output` for what the API answers, `input` for what a client sends (a field with a
 * default may be left out).
 */
export function componentJsonSchemas(io: 'input' | 'output' = 'output'): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(apiComponents, { io, uri: (id) => `${COMPONENTS_PATH}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [name, schema]));
}
