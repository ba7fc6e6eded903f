/**
 * Just enough of OpenAPI 3.1 to render the API page: operations grouped by tag, local $refs resolved,
 * and JSON Schemas summed up in a line ("integer, 72 to 300, default 150").
 */

export interface JsonSchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  items?: JsonSchemaNode;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  oneOf?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
  examples?: unknown[];
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchemaNode;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (OpenApiParameter & { $ref?: string })[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, { schema?: JsonSchemaNode }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchemaNode }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchemaNode>; parameters?: Record<string, OpenApiParameter> };
  tags?: { name: string; description?: string }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof METHODS)[number];

export interface Endpoint {
  id: string;
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
}

export interface EndpointGroup {
  tag: string;
  description?: string;
  endpoints: Endpoint[];
}

/** Operations in document order, grouped by their first tag (declared tags first). */
export function groupEndpoints(doc: OpenApiDocument): EndpointGroup[] {
  const groups = new Map<string, EndpointGroup>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, { tag: tag.name, description: tag.description, endpoints: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Endpoints';
      if (!groups.has(tag)) groups.set(tag, { tag, endpoints: [] });
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, '');
      groups.get(tag)!.endpoints.push({ id, method, path, operation });
    }
  }
  return [...groups.values()].filter((g) => g.endpoints.length > 0);
}

/** Follows a local `#/components/...` reference; anything else is returned as it is. */
export function resolveRef<T>(doc: OpenApiDocument, node: T & { $ref?: string }): T {
  const ref = node.$ref;
  if (!ref?.startsWith('#/')) return node;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  return (target as T | undefined) ?? node;
}

/** The name of a referenced schema ("Job" for "#/components/schemas/Job"). */
export function refName(node: JsonSchemaNode | undefined): string | undefined {
  return node?.$ref?.split('/').pop();
}

/** One line about a schema: its type, choices, bounds and default. */
export function summariseSchema(doc: OpenApiDocument, raw: JsonSchemaNode | undefined): string {
  if (!raw) return '';
  const name = refName(raw);
  const schema = resolveRef(doc, raw);
  const parts: string[] = [];
  if (schema.const !== undefined) parts.push(`always ${JSON.stringify(schema.const)}`);
  else if (schema.enum) parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  else if (schema.oneOf || schema.anyOf) parts.push((schema.oneOf ?? schema.anyOf)!.map((s) => summariseSchema(doc, s)).join(' or '));
  else {
    const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
    if (type === 'array') parts.push(`array of ${summariseSchema(doc, schema.items) || 'values'}`);
    else if (name) parts.push(name);
    else if (type) parts.push(schema.format ? `${type} (${schema.format})` : type);
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  if (schema.default !== undefined && typeof schema.default !== 'object') parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

/** The named properties of an object schema (resolving a $ref), for a fields table. */
export function schemaProperties(doc: OpenApiDocument, raw: JsonSchemaNode | undefined): { name: string; schema: JsonSchemaNode; required: boolean }[] {
  if (!raw) return [];
  const schema = resolveRef(doc, raw);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
}

const TOOL_OPTIONS_PREFIX = 'ToolOptions_';

/**
 * Each tool's options schema as the document declares it (components named ToolOptions_<tool>), split
 * into its variants when it is a union (e.g. split by ranges or every N pages).
 */
export function toolOptionSchemas(doc: OpenApiDocument): { toolId: string; variants: { label?: string; schema: JsonSchemaNode }[]; example?: unknown }[] {
  return Object.entries(doc.components?.schemas ?? {})
    .filter(([name]) => name.startsWith(TOOL_OPTIONS_PREFIX))
    .map(([name, schema]) => {
      const variants = (schema.oneOf ?? [schema]).map((variant) => resolveRef(doc, variant));
      return {
        toolId: name.slice(TOOL_OPTIONS_PREFIX.length),
        example: schema.examples?.[0],
        variants: variants.map((variant) => {
          const tag = Object.entries(variant.properties ?? {}).find(([, p]) => p.const !== undefined);
          return { label: tag && `${tag[0]}: ${JSON.stringify(tag[1].const)}`, schema: variant };
        }),
      };
    });
}
