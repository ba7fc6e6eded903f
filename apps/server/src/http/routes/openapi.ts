import { Hono } from 'hono';
import {
  apiKeyListSchema,
  batchSchema,
  createApiKeySchema,
  createdApiKeySchema,
  componentJsonSchemas,
  componentName,
  componentRef,
  createLinkSchema,
  redactPreviewRequest,
  redactPreviewResponse,
  errorBodySchema,
  jobSchema,
  linkAnalyticsSchema,
  linkPageSchema,
  linkSchema,
  linkVisitPageSchema,
  outputListSchema,
  savedOutputSchema,
  toolOptionsComponent,
  TOOLS,
  toolsCatalogueSchema,
  toolSubmissionSchema,
  toolViewSchema,
  LIMIT_ROWS,
  PLAN_LIMITS,
  PLAN_NAMES,
  updateLinkSchema,
  spacesSchema,
  teamActivityPageSchema,
  teamSchema,
  transferTeamSchema,
  createWebhookSchema,
  DOCUMENT_SORTS,
  documentPageSchema,
  documentSchema,
  documentUploadSchema,
  WEBHOOK_EVENTS,
  webhookEventSchemas,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
  type ApiSchema,
} from '@wattle/shared';
import type { Container } from '../../container.ts';
import { sessionCookieName } from '../../auth/index.ts';
import { VISITOR_COOKIE } from '../../services/visitor-session.ts';
import { optionsSchema } from '../../services/tool-jobs/catalogue.ts';
import type { AppEnv } from '../types.ts';

/**
 * The OpenAPI 3.1 document of the public API, generated: every body's schema is a zod schema of
 * `@wattle/shared` (its api/ contracts, and each tool's options from the registry). This file only
 * says which route answers which schema, with what status, media type and words.
 */

type Schema = Record<string, unknown>;

const json = (schema: ApiSchema, description: string) => ({ description, content: { 'application/json': { schema: componentRef(schema) } } });
const error = (description: string) => json(errorBodySchema, description);
const idParam = (what: string) => ({ name: 'id', in: 'path', required: true, description: `The ${what}'s id.`, schema: { type: 'string', format: 'uuid' } });

/** The Content-Types the download route sends: each output's own, as the engines made it. */
const OUTPUT_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain; charset=utf-8',
  'application/json',
  // Files extracted from a PDF's attachments: sent as bytes whatever they claim to be.
  'application/octet-stream',
];
/** A body of each type as generators should type it: bytes are files, text is a string, the JSON reports (compare, PDF/A check) are objects. */
const fileBody = (type: string): Schema =>
  type === 'application/json' ? { type: 'object', description: 'A JSON report.' } : type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
const file = (types: string[], description: string) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: fileBody(type) }])),
});

/**
 * A request body's schema, written in place as a client sends it (a field with a default may be left
 * out): generators such as openapi-typescript make a defaulted field optional only there, never in
 * components.schemas, which describe answers.
 */
const inputSchemas = componentJsonSchemas('input');
const requestBodies = new Set<string>();
const requestRef = (schema: ApiSchema) => {
  const name = componentName(schema);
  requestBodies.add(name);
  return { title: name, ...inputSchemas[name] };
};

const submission = (description: string) => ({
  required: true,
  description,
  content: {
    'multipart/form-data': {
      schema: requestRef(toolSubmissionSchema),
      encoding: { options: { contentType: 'application/json' }, fileIds: { contentType: 'application/json' } },
    },
  },
});

const jsonBody = (schema: ApiSchema, description: string) => ({ required: true, description, content: { 'application/json': { schema: requestRef(schema) } } });
const pageParam = { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } };

/** Keys are made and revoked from a signed-in session only: a key cannot make more keys. */
const sessionOnly = [{ session: [] }];
const keyErrors = { 401: error('Sign in first.'), 403: error('FORBIDDEN: sent with an API key.') };

const documentErrors = { 401: error('Sign in or send an API key.') };

const linkErrors = { 401: error('Sign in first.'), 404: error('Not yours, or its document was deleted.') };

const webhookErrors = { 401: error('Sign in or send an API key.'), 404: error('Not yours.') };
const webhookChanges = { 400: error('VALIDATION_FAILED (details.fieldErrors): the address must be https and public.') };
const deliveryIdParam = { name: 'deliveryId', in: 'path', required: true, description: 'The delivery’s id (its `webhook-id` header).', schema: { type: 'string', format: 'uuid' } };

const submitErrors = {
  400: error('VALIDATION_FAILED (details.fieldErrors) or BAD_REQUEST.'),
  401: error('UNAUTHORIZED: fileIds or batches without an account.'),
  404: error('NOT_FOUND: a fileIds entry is not one of your documents, or an outputIds entry not one of your unexpired outputs.'),
  413: error('FILE_TOO_LARGE, checked while streaming.'),
  415: error('UNSUPPORTED_FILE_TYPE: a file is not a type the tool accepts.'),
  422: error('PDF_CORRUPT (details.filename): a file named .pdf is damaged or is not a PDF.'),
  429: error('RATE_LIMITED (too many jobs an hour, or too much heavy work open) or QUEUE_FULL (with Retry-After).'),
  503: error('ENGINE_UNAVAILABLE: the tool cannot run on this server.'),
};

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

function withEveryOperationsAnswers(paths: Record<string, Record<string, Schema>>): Record<string, Record<string, Schema>> {
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

/** Every documented route, method and operation; a test checks it against the routes the app serves. */
export const API_PATHS: Record<string, Record<string, Schema>> = {
  '/api/v1/tools': {
    get: { operationId: 'listTools', summary: 'The tool registry, with the caller’s limits', responses: { 200: json(toolsCatalogueSchema, 'The tools.') } },
  },
  '/api/v1/tools/{id}': {
    get: { operationId: 'getTool', summary: 'One tool', parameters: [{ ...idParam('tool'), schema: { type: 'string' } }], responses: { 200: json(toolViewSchema, 'The tool.'), 404: error('No such tool.') } },
  },
  '/api/v1/tools/redact/preview': {
    post: {
      operationId: 'previewRedaction',
      summary: 'What a redact job would remove, listed before anything is removed',
      description: 'Each match of the texts, patterns and presets with its page and boxes (points from the bottom-left of the page as shown). Send the boxes of the matches to remove as `areas` to redact only those. Counts as a job against the rate limit.',
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: requestRef(redactPreviewRequest), encoding: { options: { contentType: 'application/json' }, file: { contentType: 'application/pdf' } } } },
      },
      responses: {
        200: json(redactPreviewResponse, 'The matches.'),
        400: error('VALIDATION_FAILED (details.fieldErrors) or BAD_REQUEST (no file).'),
        413: error('FILE_TOO_LARGE.'),
        415: error('UNSUPPORTED_FILE_TYPE: not a PDF.'),
        422: error('PDF_ENCRYPTED, PDF_CORRUPT or LIMIT_EXCEEDED (too many matches, or a pattern that runs too long).'),
        429: error('RATE_LIMITED.'),
      },
    },
  },
  '/api/v1/jobs': {
    post: { operationId: 'createJob', summary: 'Run a tool on uploads, stored documents and/or your earlier outputs', requestBody: submission('One job over all the files.'), responses: { 202: json(jobSchema, 'Queued.'), ...submitErrors } },
  },
  '/api/v1/jobs/{id}': {
    get: { operationId: 'getJob', summary: 'A job, its progress and outputs', parameters: [idParam('job')], responses: { 200: json(jobSchema, 'The job.'), 404: error('Not yours, or expired.') } },
  },
  '/api/v1/jobs/{id}/events': {
    get: {
      operationId: 'jobEvents',
      summary: 'Job progress as Server-Sent Events',
      description: 'An `event: job` with the Job (components.schemas.Job) as data at once and on every change; the stream ends after the first terminal status.',
      parameters: [idParam('job')],
      responses: { 200: { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 404: error('Not yours, or expired.') },
    },
  },
  '/api/v1/jobs/{id}/zip': {
    get: {
      operationId: 'downloadJobZip',
      summary: 'Every output of a finished job as one streamed ZIP',
      description: 'For jobs with several outputs (split, PDF to image); each output can still be downloaded on its own.',
      parameters: [idParam('job')],
      responses: { 200: file(['application/zip'], 'The ZIP.'), 404: error('Not yours, expired, or not finished with outputs.') },
    },
  },
  '/api/v1/outputs': {
    get: {
      operationId: 'listOutputs',
      summary: 'Your unexpired outputs, newest first (20 a page unless pageSize says otherwise)',
      parameters: [pageParam, { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } }],
      responses: { 200: json(outputListSchema, 'One page of outputs (none for a caller with no jobs yet).'), 400: error('VALIDATION_FAILED.') },
    },
  },
  '/api/v1/outputs/{id}': {
    delete: { operationId: 'deleteOutput', summary: 'Delete an output now', parameters: [idParam('output')], responses: { 204: { description: 'Deleted.' }, 404: error('Not yours, or expired.') } },
  },
  '/api/v1/outputs/{id}/download': {
    get: {
      operationId: 'downloadOutput',
      summary: 'An output’s bytes (attachment)',
      description: 'Allowed with the signed query of downloadUrl, or for the owner.',
      parameters: [idParam('output'), { name: 'expires', in: 'query', schema: { type: 'string' } }, { name: 'signature', in: 'query', schema: { type: 'string' } }],
      responses: { 200: file(OUTPUT_MEDIA_TYPES, 'The file, with its own type (the output’s contentType).'), 404: error('Not yours, expired or a bad signature.') },
    },
  },
  '/api/v1/outputs/{id}/save': {
    post: {
      operationId: 'saveOutput',
      summary: 'Save to My Documents (account holders, within quota)',
      description: 'Once per output: saving again, even at the same time, answers with the same document and charges nothing more.',
      parameters: [idParam('output')],
      responses: {
        201: json(savedOutputSchema, 'Saved.'),
        200: json(savedOutputSchema, 'Already saved: the same document.'),
        401: error('Sign in first.'),
        404: error('Not yours, or expired.'),
        409: error('STORAGE_LIMIT_EXCEEDED.'),
      },
    },
  },
  '/api/v1/documents': {
    get: {
      operationId: 'listDocuments',
      summary: 'My Documents: your stored PDFs, newest first unless sort and order say otherwise (20 a page)',
      parameters: [
        pageParam,
        { name: 'search', in: 'query', description: 'Only names containing this, ignoring case.', schema: { type: 'string', maxLength: 255 } },
        { name: 'sort', in: 'query', schema: { type: 'string', enum: [...DOCUMENT_SORTS], default: 'date' } },
        { name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' } },
      ],
      responses: { 200: json(documentPageSchema, 'One page of documents.'), 400: error('VALIDATION_FAILED.'), ...documentErrors },
    },
    post: {
      operationId: 'uploadDocument',
      summary: 'Store a PDF in My Documents, within your storage quota',
      requestBody: { required: true, content: { 'multipart/form-data': { schema: requestRef(documentUploadSchema), encoding: { file: { contentType: 'application/pdf' } } } } },
      responses: {
        201: json(documentSchema, 'Stored.'),
        400: error('BAD_REQUEST: no file.'),
        ...documentErrors,
        409: error('STORAGE_LIMIT_EXCEEDED.'),
        413: error('FILE_TOO_LARGE, checked while streaming.'),
        415: error('UNSUPPORTED_FILE_TYPE: not a PDF.'),
        422: error('PDF_CORRUPT: damaged, or not a PDF.'),
        429: error('RATE_LIMITED: too many uploads a minute.'),
      },
    },
  },
  '/api/v1/documents/{id}': {
    get: { operationId: 'getDocument', summary: 'One of your documents', parameters: [idParam('document')], responses: { 200: json(documentSchema, 'The document.'), 404: error('Not yours, or deleted.') } },
    delete: {
      operationId: 'deleteDocument',
      summary: 'Delete a document: it leaves My Documents and stops counting against your storage at once',
      parameters: [idParam('document')],
      responses: { 204: { description: 'Deleted.' }, 404: error('Not yours, or deleted.') },
    },
  },
  '/api/v1/documents/{id}/download': {
    get: {
      operationId: 'downloadDocument',
      summary: 'A document’s current version (attachment)',
      parameters: [idParam('document')],
      responses: { 200: file(['application/pdf'], 'The PDF.'), 404: error('Not yours, or deleted.') },
    },
  },
  '/api/v1/batches': {
    post: { operationId: 'createBatch', summary: 'One tool over many inputs, one job each (account holders)', requestBody: submission('One job per file or document id.'), responses: { 202: json(batchSchema, 'Queued.'), ...submitErrors } },
  },
  '/api/v1/batches/{id}': {
    get: { operationId: 'getBatch', summary: 'A batch and its jobs', parameters: [idParam('batch')], responses: { 200: json(batchSchema, 'The batch.'), 401: error('Sign in first.'), 404: error('Not yours, or expired.') } },
  },
  '/api/v1/batches/{id}/zip': {
    get: { operationId: 'downloadBatchZip', summary: 'Every finished output of a batch as one streamed ZIP', parameters: [idParam('batch')], responses: { 200: file(['application/zip'], 'The ZIP.'), 401: error('Sign in first.'), 404: error('Not yours, expired, or nothing finished yet.') } },
  },
  '/api/v1/links': {
    get: {
      operationId: 'listLinks',
      summary: 'Your share links, newest first (20 a page)',
      parameters: [
        { name: 'documentId', in: 'query', description: 'Only the links of this document.', schema: { type: 'string', format: 'uuid' } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
      ],
      responses: { 200: json(linkPageSchema, 'One page of links.'), 400: error('VALIDATION_FAILED.'), 401: error('Sign in first.') },
    },
    post: {
      operationId: 'createLink',
      summary: 'Share one of your documents by a secret link',
      description: 'The link opens the document’s current version. Its `url` is the only way in: send it to the people who should read the document.',
      requestBody: jsonBody(createLinkSchema, 'The document and the link’s settings.'),
      responses: { 201: json(linkSchema, 'Created.'), 400: error('VALIDATION_FAILED (details.fieldErrors).'), ...linkErrors },
    },
  },
  '/api/v1/links/{id}': {
    get: { operationId: 'getLink', summary: 'One share link', parameters: [idParam('link')], responses: { 200: json(linkSchema, 'The link.'), ...linkErrors } },
    patch: {
      operationId: 'updateLink',
      summary: 'Change a link’s settings',
      parameters: [idParam('link')],
      requestBody: jsonBody(updateLinkSchema, 'Only the fields sent change.'),
      responses: { 200: json(linkSchema, 'The changed link.'), 400: error('VALIDATION_FAILED (details.fieldErrors).'), ...linkErrors },
    },
    delete: { operationId: 'deleteLink', summary: 'Delete a link and its visits', parameters: [idParam('link')], responses: { 204: { description: 'Deleted.' }, ...linkErrors } },
  },
  '/api/v1/links/{id}/revoke': {
    post: {
      operationId: 'revokeLink',
      summary: 'Turn a link off for good',
      description: 'Its address answers 410 LINK_GONE from now on; the link stays in your list as revoked.',
      parameters: [idParam('link')],
      responses: { 200: json(linkSchema, 'The revoked link.'), ...linkErrors },
    },
  },
  '/api/v1/links/{id}/visits': {
    get: {
      operationId: 'listLinkVisits',
      summary: 'Who opened a link, newest first (20 a page)',
      description: 'A viewer’s address appears only when the link asked for one and they confirmed it; the country only when the server has a local country database.',
      parameters: [idParam('link'), { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } }],
      responses: { 200: json(linkVisitPageSchema, 'One page of visits.'), 400: error('VALIDATION_FAILED.'), ...linkErrors },
    },
  },
  '/api/v1/links/{id}/analytics': {
    get: {
      operationId: 'getLinkAnalytics',
      summary: 'A link’s visits, unique viewers and reading time, in total and per page',
      parameters: [idParam('link')],
      responses: { 200: json(linkAnalyticsSchema, 'The totals.'), ...linkErrors },
    },
  },
  '/api/v1/keys': {
    get: {
      operationId: 'listApiKeys',
      summary: 'Your API keys, newest first, with their usage',
      security: sessionOnly,
      responses: { 200: json(apiKeyListSchema, 'The keys (revoked ones marked).'), ...keyErrors },
    },
    post: {
      operationId: 'createApiKey',
      summary: 'Make an API key',
      description: 'The answer holds the whole key (`secret`) this once; only its prefix is shown afterwards. Send it as `Authorization: Bearer <secret>`.',
      security: sessionOnly,
      requestBody: jsonBody(createApiKeySchema, 'A name and an optional expiry.'),
      responses: { 201: json(createdApiKeySchema, 'Created.'), 400: error('VALIDATION_FAILED (details.fieldErrors).'), ...keyErrors },
    },
  },
  '/api/v1/keys/{id}': {
    delete: {
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key at once',
      description: 'Its next request answers 401; the key stays in your list as revoked.',
      security: sessionOnly,
      parameters: [idParam('key')],
      responses: { 204: { description: 'Revoked.' }, ...keyErrors, 404: error('Not yours, or already revoked.') },
    },
  },
  '/api/v1/webhooks': {
    get: { operationId: 'listWebhooks', summary: 'Your webhooks, newest first', responses: { 200: json(webhookListSchema, 'The webhooks.'), 401: webhookErrors[401] } },
    post: {
      operationId: 'createWebhook',
      summary: 'Send events to an address (at most 10 webhooks)',
      description:
        'Each event is POSTed as JSON `{ type, timestamp, data }` with Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), signed with `secret`, shown in this answer only. A failed delivery (no 2xx within 10 s; redirects are not followed) is retried after 10 s, 1 min, 5 min, 30 min and 2 h.',
      requestBody: jsonBody(createWebhookSchema, 'The address and the events.'),
      responses: { 201: json(webhookWithSecretSchema, 'Created, with its secret.'), ...webhookChanges, 401: webhookErrors[401], 409: error('CONFLICT: you have 10 webhooks already.') },
    },
  },
  '/api/v1/webhooks/{id}': {
    get: { operationId: 'getWebhook', summary: 'One webhook', parameters: [idParam('webhook')], responses: { 200: json(webhookSchema, 'The webhook.'), ...webhookErrors } },
    patch: {
      operationId: 'updateWebhook',
      summary: 'Change a webhook’s address or events, or turn it on or off',
      parameters: [idParam('webhook')],
      requestBody: jsonBody(updateWebhookSchema, 'Only the fields sent change.'),
      responses: { 200: json(webhookSchema, 'The changed webhook.'), ...webhookChanges, ...webhookErrors },
    },
    delete: { operationId: 'deleteWebhook', summary: 'Delete a webhook and its deliveries', parameters: [idParam('webhook')], responses: { 204: { description: 'Deleted.' }, ...webhookErrors } },
  },
  '/api/v1/webhooks/{id}/rotate-secret': {
    post: {
      operationId: 'rotateWebhookSecret',
      summary: 'Give a webhook a new signing secret',
      description: 'The answer carries the new secret, shown this once; the old one stops signing at once.',
      parameters: [idParam('webhook')],
      responses: { 200: json(webhookWithSecretSchema, 'The webhook with its new secret.'), ...webhookErrors },
    },
  },
  '/api/v1/webhooks/{id}/deliveries': {
    get: {
      operationId: 'listWebhookDeliveries',
      summary: 'A webhook’s deliveries, newest first (20 a page)',
      parameters: [idParam('webhook'), { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } }],
      responses: { 200: json(webhookDeliveryPageSchema, 'One page of deliveries.'), 400: error('VALIDATION_FAILED.'), ...webhookErrors },
    },
  },
  '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend': {
    post: {
      operationId: 'resendWebhookDelivery',
      summary: 'Send a delivery again now, with a fresh run of retries',
      description: 'The same `webhook-id`, so a receiver that has it already can drop it.',
      parameters: [idParam('webhook'), deliveryIdParam],
      responses: { 202: json(webhookDeliverySchema, 'Queued.'), ...webhookErrors },
    },
  },
  '/api/v1/spaces': {
    get: {
      operationId: 'listSpaces',
      summary: 'Where your requests act (Personal or the selected team), and your teams',
      description: 'Teams are made, joined and selected through /api/auth/organization/* (better-auth); every /api/v1 route then acts in the selected team.',
      security: sessionOnly,
      responses: { 200: json(spacesSchema, 'The spaces.'), ...keyErrors },
    },
  },
  '/api/v1/team': {
    get: {
      operationId: 'getTeam',
      summary: 'The selected team: members, pending invitations (for admins) and storage',
      responses: { 200: json(teamSchema, 'The team.'), 401: error('Sign in or send an API key.'), 404: error('In the personal space, or no longer a member.') },
    },
  },
  '/api/v1/team/activity': {
    get: {
      operationId: 'listTeamActivity',
      summary: 'Who uploaded, edited, shared, deleted and changed what in the team, newest first (kept 90 days)',
      parameters: [
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      ],
      responses: { 200: json(teamActivityPageSchema, 'One page of the log.'), 400: error('VALIDATION_FAILED.'), 401: error('Sign in or send an API key.'), 404: error('In the personal space, or no longer a member.') },
    },
  },
  '/api/v1/team/transfer': {
    post: {
      operationId: 'transferTeam',
      summary: 'Hand the team to another member (owner only); you stay on as an admin',
      security: sessionOnly,
      requestBody: jsonBody(transferTeamSchema, 'The membership id of the new owner.'),
      responses: { 204: { description: 'Transferred.' }, 400: error('VALIDATION_FAILED.'), ...keyErrors, 403: error('FORBIDDEN: not the owner, or sent with an API key.'), 404: error('No such member of the selected team.') },
    },
  },
  '/api/v1/openapi.json': {
    get: { operationId: 'openapi', summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } } } },
  },
};

const withoutDialect = ({ $schema: _dialect, ...rest }: Schema) => rest;

/** components.schemas: the registered contracts (referring to each other by $ref) and each tool's options. */
const componentSchemas = (): Record<string, Schema> => ({
  ...Object.fromEntries(Object.entries(componentJsonSchemas()).filter(([name]) => !requestBodies.has(name))),
  ...Object.fromEntries(TOOLS.map((tool) => [toolOptionsComponent(tool.id), { title: `${tool.name} options`, ...withoutDialect(optionsSchema(tool)) }])),
});

let document: Schema | undefined;

/** The shared limits table in Markdown: what GET /api/v1/tools's `limits` hold for each kind of caller. */
function limitsTable(): string {
  const { visitor, free } = PLAN_LIMITS;
  const rows = LIMIT_ROWS.map((row) => `| ${row.label} | ${row.show(visitor[row.key])} | ${row.show(free[row.key])} |`);
  return [`| | ${PLAN_NAMES.visitor} | ${PLAN_NAMES.free} |`, '|---|---|---|', ...rows].join('\n');
}

/** The OpenAPI 3.1 document of the public API: the routes above and every tool's options schema. */
export function openApiDocument(container: Container): Schema {
  document ??= {
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
    paths: withEveryOperationsAnswers(API_PATHS),
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
      schemas: componentSchemas(),
    },
  };
  return document;
}

export function openApiRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.get('/v1/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument(container));
  });
  return app;
}
