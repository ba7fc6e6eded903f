import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  componentJsonSchemas,
  componentRef,
  errorBodySchema,
  LIMIT_ROWS,
  PLAN_LIMITS,
  PLAN_NAMES,
  toolOptionsComponent,
  TOOLS,
  WEBHOOK_EVENTS,
  webhookEventSchemas,
} from '@wattle/shared';
import type { Container } from '../../container.ts';
import { sessionCookieName } from '../../auth/index.ts';
import { VISITOR_COOKIE } from '../../services/visitor-session.ts';
import { optionsSchema } from '../../services/tool-jobs/catalogue.ts';
import { declaredRoutes } from '../api-contract.ts';
import type { AppEnv } from '../types.ts';

/**
 * The OpenAPI 3.1 document of the public API, generated: its paths from the routes' declarations
 * (`createRoute`), every body's schema a zod schema of `@wattle/shared` (its api/ contracts, and each
 * tool's options from the registry), its webhooks from the registered events.
 */

type Schema = Record<string, unknown>;
type Paths = Record<string, Record<string, Schema>>;

const error = (description: string) => ({ description, content: { 'application/json': { schema: componentRef(errorBodySchema) } } });

/**
 * What any /api/v1 operation may answer, whatever it does: the API key middleware and its rate limit
 * run before every route. Added to each operation's own answers (or to its words for the same status).
 */
const EVERY_OPERATION: Record<string, Schema> = {
  400: error('BAD_REQUEST: an API key sent together with a session or visitor cookie.'),
  401: error('UNAUTHORIZED: the API key is not valid (unknown, revoked or expired), or not sent as `Authorization: Bearer <key>`.'),
  429: {
    ...error('RATE_LIMITED: more requests a minute than an API key may make.'),
    headers: { 'Retry-After': { description: 'Seconds until the limit lets the next request through.', schema: { type: 'integer', minimum: 0 } } },
  },
};

function withEveryOperationsAnswers(paths: Paths): Paths {
  const answered = (responses: Record<string, Schema>) => {
    const merged = { ...responses };
    for (const [status, common] of Object.entries(EVERY_OPERATION)) {
      const own = merged[status];
      merged[status] = own ? { ...common, ...own, description: `${own.description as string} Or ${common.description as string}` } : common;
    }
    return merged;
  };
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(Object.entries(operations).map(([method, operation]) => [method, { ...operation, responses: answered(operation.responses as Record<string, Schema>) }])),
    ]),
  );
}

/**
 * Request bodies written in place as a client sends them (a field with a default may be left out):
 * generators such as openapi-typescript make a defaulted field optional only there, never in
 * components.schemas, which describe answers. Returns the components only requests name.
 */
function writeRequestBodiesInPlace(paths: Paths): Set<string> {
  const inputSchemas = componentJsonSchemas('input');
  const requestOnly = new Set<string>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {};
      for (const media of Object.values(content)) {
        const ref = media.schema.$ref;
        if (typeof ref !== 'string') continue;
        const name = ref.split('/').pop()!;
        requestOnly.add(name);
        media.schema = { title: name, ...inputSchemas[name] };
      }
    }
  }
  return requestOnly;
}

/** The `webhooks` section: one POST per event, its body the registered event schema. */
const WEBHOOKS = Object.fromEntries(
  WEBHOOK_EVENTS.map((event) => [
    event,
    {
      post: {
        operationId: `webhook_${event}`,
        summary: `Sent to your webhooks that asked for ${event}`,
        description: 'Signed with Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s, or it is tried again.',
        requestBody: { required: true, content: { 'application/json': { schema: componentRef(webhookEventSchemas[event]) } } },
        responses: { 200: { description: 'Received; any 2xx will do.' } },
      },
    },
  ]),
);

const withoutDialect = ({ $schema: _dialect, ...rest }: Schema) => rest;

/** components.schemas: the registered contracts (referring to each other by $ref) and each tool's options. */
const componentSchemas = (requestOnly: Set<string>): Record<string, Schema> => ({
  ...Object.fromEntries(Object.entries(componentJsonSchemas()).filter(([name]) => !requestOnly.has(name))),
  ...Object.fromEntries(TOOLS.map((tool) => [toolOptionsComponent(tool.id), { title: `${tool.name} options`, ...withoutDialect(optionsSchema(tool)) }])),
});

/** The shared limits table in Markdown: what GET /api/v1/tools's `limits` hold for each kind of caller. */
function limitsTable(): string {
  const { visitor, free } = PLAN_LIMITS;
  const rows = LIMIT_ROWS.map((row) => `| ${row.label} | ${row.show(visitor[row.key])} | ${row.show(free[row.key])} |`);
  return [`| | ${PLAN_NAMES.visitor} | ${PLAN_NAMES.free} |`, '|---|---|---|', ...rows].join('\n');
}

let document: Schema | undefined;

/** The OpenAPI 3.1 document of the routes declared on `declared`, every tool's options schema and the webhooks. */
export function openApiDocument(container: Container, declared: OpenAPIHono<AppEnv>): Schema {
  if (document) return document;
  const generated = declared.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Wattle PDF API',
      version: container.version,
      description:
        'PDF tools as jobs: send files, follow the job, download the results. Errors are `{ error: { code, message, requestId, details? } }`. ' +
        'Scripts authenticate with an API key (Settings → API keys) sent as `Authorization: Bearer <key>`: the request acts as the key’s owner, with no cookies.\n\n' +
        `Limits (an API key has its owner's):\n\n${limitsTable()}`,
    },
    servers: [{ url: container.config.publicUrl }],
    security: [{}, { session: [] }, { visitor: [] }, { apiKey: [] }],
    tags: [{ name: 'tools' }],
  }) as unknown as Schema & { paths: Paths };
  const requestOnly = writeRequestBodiesInPlace(generated.paths);
  document = {
    ...generated,
    paths: withEveryOperationsAnswers(generated.paths),
    webhooks: WEBHOOKS,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(container.config.publicUrl), description: 'An account holder’s session.' },
        visitor: { type: 'apiKey', in: 'cookie', name: VISITOR_COOKIE, description: 'A visitor’s anonymous session, set by the first job.' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key made under Settings → API keys, as `Authorization: Bearer <key>`. It acts as its owner (the person, or the team it was made in) on every /api/v1 route except /api/v1/keys, /api/v1/spaces and /api/v1/team/transfer; never send it with cookies (400). A team key stops working when its maker is no longer an admin of the team.',
        },
      },
      schemas: componentSchemas(requestOnly),
    },
  };
  return document;
}

/** GET /api/v1/openapi.json: the document of the routes declared on `declared`. */
export function openApiRoutes(container: Container, declared: OpenAPIHono<AppEnv>) {
  const app = declaredRoutes();
  const route = createRoute({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'openapi',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
  });
  app.openapi(route, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument(container, declared), 200);
  });
  return app;
}
