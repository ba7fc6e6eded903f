import { Hono } from 'hono';
import { ENGINE_ERROR_CODES } from '@wattle/pdf-engine';
import { ERROR_CATALOGUE, INPUT_KINDS, OUTPUT_KINDS, TOOL_CATEGORIES, TOOLS, type Tool } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { sessionCookieName } from '../../auth/index.ts';
import { VISITOR_COOKIE } from '../../services/visitor-session.ts';
import type { AppEnv } from '../types.ts';
import { optionsSchema } from './tools.ts';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const optionsRef = (tool: Tool) => ref(`ToolOptions_${tool.id}`);
const json = (schema: Schema, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(ref('Error'), description);
const idParam = (what: string) => ({ name: 'id', in: 'path', required: true, description: `The ${what}'s id.`, schema: { type: 'string', format: 'uuid' } });

const ISO = { type: 'string', format: 'date-time' };

/** The Content-Types the download route sends: each output's own, as the engines made it. */
const OUTPUT_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain; charset=utf-8',
];
const file = (types: string[], description: string) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
});

/**
 * The session cookie's name as better-auth makes it from our settings (auth/index.ts): our prefix,
 * and "__Secure-" in front when the public URL is https.
 */
const STATUS = { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] };

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
          message: { type: 'string', description: 'Safe to show to a person.' },
          requestId: { type: 'string' },
          details: { description: 'For VALIDATION_FAILED: { fieldErrors: { "<field>": string[] } }.' },
        },
      },
    },
  },
  Limits: {
    type: 'object',
    description: "The caller's limits: visitors get smaller ones than account holders.",
    properties: {
      maxFileBytes: { type: 'integer' },
      maxTotalBytes: { type: 'integer' },
      maxPages: { type: 'integer' },
      jobsPerMinute: { type: 'integer' },
      retentionMinutes: { type: 'integer' },
    },
  },
  Tool: {
    type: 'object',
    properties: {
      id: { type: 'string', enum: TOOLS.map((t) => t.id) },
      name: { type: 'string' },
      description: { type: 'string' },
      category: { type: 'string', enum: TOOL_CATEGORIES.map((c) => c.id) },
      accepts: { type: 'array', items: { type: 'string', enum: Object.keys(INPUT_KINDS) }, description: 'Decided by the content, not the name.' },
      acceptMime: { type: 'array', items: { type: 'string' } },
      acceptExtensions: { type: 'array', items: { type: 'string' } },
      minFiles: { type: 'integer' },
      maxFiles: { type: 'integer' },
      output: { type: 'string', enum: [...OUTPUT_KINDS] },
      engine: { type: 'string' },
      available: { type: 'boolean', description: 'False when the engine is missing: jobs answer ENGINE_UNAVAILABLE.' },
      batchable: { type: 'boolean' },
      options: { type: 'object', description: "JSON Schema of the tool's options (also under components.schemas.ToolOptions_<id>)." },
    },
  },
  Output: {
    type: 'object',
    required: ['id', 'filename', 'contentType', 'size', 'notes', 'downloadUrl', 'expiresAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      filename: { type: 'string' },
      contentType: { type: 'string' },
      size: { type: 'integer' },
      pages: { type: ['integer', 'null'] },
      notes: {
        type: 'array',
        description: "What changed beyond the tool's purpose, e.g. PDFA_NOT_KEPT: the result is no longer PDF/A.",
        items: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
      },
      downloadUrl: { type: 'string', description: 'Relative and signed: works without cookies until expiresAt.' },
      expiresAt: ISO,
    },
  },
  Job: {
    type: 'object',
    required: ['id', 'tool', 'status', 'progress', 'createdAt', 'finishedAt', 'outputs'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      tool: { type: 'string' },
      status: STATUS,
      progress: { type: 'integer', minimum: 0, maximum: 100 },
      createdAt: ISO,
      finishedAt: { ...ISO, type: ['string', 'null'] },
      expiresAt: ISO,
      batchId: { type: ['string', 'null'], format: 'uuid' },
      inputs: { type: 'array', items: { type: 'object', properties: { filename: { type: 'string' }, size: { type: 'integer' } } } },
      error: {
        type: 'object',
        description: 'Only when failed.',
        properties: { code: { type: 'string', enum: [...new Set([...ENGINE_ERROR_CODES, 'NOT_FOUND', 'INTERNAL'])] }, message: { type: 'string' } },
      },
      outputs: { type: 'array', items: ref('Output') },
    },
  },
  Batch: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      tool: { type: 'string' },
      status: { ...STATUS, description: 'succeeded: every job finished and at least one succeeded.' },
      progress: { type: 'integer', minimum: 0, maximum: 100 },
      createdAt: ISO,
      finishedAt: { ...ISO, type: ['string', 'null'] },
      expiresAt: ISO,
      counts: { type: 'object', properties: Object.fromEntries(['total', 'queued', 'running', 'succeeded', 'failed'].map((k) => [k, { type: 'integer' }])) },
      jobs: { type: 'array', items: ref('Job') },
      zipUrl: { type: 'string' },
    },
  },
};

function submission(description: string) {
  return {
    required: true,
    description,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['tool'],
          properties: {
            tool: { type: 'string', enum: TOOLS.map((t) => t.id), description: 'Send before the files.' },
            options: {
              type: 'string',
              contentMediaType: 'application/json',
              contentSchema: { oneOf: TOOLS.map(optionsRef) },
              description: "JSON text of the chosen tool's options (ToolOptions_<tool>); omitted means the defaults.",
            },
            files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: 'In order; the content decides the type.' },
            fileIds: {
              type: 'string',
              contentMediaType: 'application/json',
              contentSchema: { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: 100 },
              description: "JSON array of the account's stored document ids (after the uploaded files).",
            },
          },
        },
        encoding: { options: { contentType: 'application/json' }, fileIds: { contentType: 'application/json' } },
      },
    },
  };
}

const savedDocument = { type: 'object', properties: { document: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, filename: { type: 'string' } } } } };

const submitErrors = {
  400: error('VALIDATION_FAILED (details.fieldErrors) or BAD_REQUEST.'),
  401: error('UNAUTHORIZED: fileIds or batches without an account.'),
  404: error('NOT_FOUND: a fileIds entry is not one of your documents.'),
  413: error('FILE_TOO_LARGE, checked while streaming.'),
  415: error('UNSUPPORTED_FILE_TYPE: a file is not a type the tool accepts.'),
  429: error('RATE_LIMITED (too many jobs a minute, or too much heavy work open) or QUEUE_FULL (with Retry-After).'),
  503: error('ENGINE_UNAVAILABLE: the tool cannot run on this server.'),
};

/** Every documented route, method and operation; a test checks it against the routes the app serves. */
export const API_PATHS: Record<string, Record<string, Schema>> = {
  '/api/v1/tools': {
    get: { operationId: 'listTools', summary: 'The tool registry, with the caller’s limits', responses: { 200: json({ type: 'object', properties: { categories: { type: 'array' }, limits: ref('Limits'), tools: { type: 'array', items: ref('Tool') } } }, 'The tools.') } },
  },
  '/api/v1/tools/{id}': {
    get: { operationId: 'getTool', summary: 'One tool', parameters: [{ ...idParam('tool'), schema: { type: 'string' } }], responses: { 200: json(ref('Tool'), 'The tool.'), 404: error('No such tool.') } },
  },
  '/api/v1/jobs': {
    post: { operationId: 'createJob', summary: 'Run a tool on uploads and/or stored documents', requestBody: submission('One job over all the files.'), responses: { 202: json(ref('Job'), 'Queued.'), ...submitErrors } },
  },
  '/api/v1/jobs/{id}': {
    get: { operationId: 'getJob', summary: 'A job, its progress and outputs', parameters: [idParam('job')], responses: { 200: json(ref('Job'), 'The job.'), 404: error('Not yours, or expired.') } },
  },
  '/api/v1/jobs/{id}/events': {
    get: {
      operationId: 'jobEvents',
      summary: 'Job progress as Server-Sent Events',
      description: 'An `event: job` with the Job as data at once and on every change; the stream ends after the first terminal status.',
      parameters: [idParam('job')],
      responses: { 200: { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 404: error('Not yours, or expired.') },
    },
  },
  '/api/v1/outputs': {
    get: { operationId: 'listOutputs', summary: 'Your unexpired outputs, newest first', responses: { 200: json({ type: 'object', properties: { outputs: { type: 'array', items: { allOf: [ref('Output'), { type: 'object', properties: { jobId: { type: 'string' }, tool: { type: 'string' }, createdAt: ISO, savedDocumentId: { type: ['string', 'null'] } } }] } } } }, 'The outputs.') } },
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
      responses: { 201: json(savedDocument, 'Saved.'), 200: json(savedDocument, 'Already saved: the same document.'), 401: error('Sign in first.'), 404: error('Not yours, or expired.'), 409: error('STORAGE_LIMIT_EXCEEDED.') },
    },
  },
  '/api/v1/batches': {
    post: { operationId: 'createBatch', summary: 'One tool over many inputs, one job each (account holders)', requestBody: submission('One job per file or document id.'), responses: { 202: json(ref('Batch'), 'Queued.'), ...submitErrors } },
  },
  '/api/v1/batches/{id}': {
    get: { operationId: 'getBatch', summary: 'A batch and its jobs', parameters: [idParam('batch')], responses: { 200: json(ref('Batch'), 'The batch.'), 401: error('Sign in first.'), 404: error('Not yours, or expired.') } },
  },
  '/api/v1/batches/{id}/zip': {
    get: { operationId: 'downloadBatchZip', summary: 'Every finished output of a batch as one streamed ZIP', parameters: [idParam('batch')], responses: { 200: file(['application/zip'], 'The ZIP.'), 401: error('Sign in first.'), 404: error('Not yours, expired, or nothing finished yet.') } },
  },
  '/api/v1/openapi.json': {
    get: { operationId: 'openapi', summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } } } },
  },
};

let document: Schema | undefined;

/** The OpenAPI 3.1 document of the public API: the routes above and every tool's options schema. */
export function openApiDocument(container: Container): Schema {
  document ??= {
    openapi: '3.1.0',
    info: {
      title: 'Wattle PDF API',
      version: container.version,
      description: 'PDF tools as jobs: send files, follow the job, download the results. Errors are `{ error: { code, message, requestId, details? } }`.',
    },
    servers: [{ url: container.config.publicUrl }],
    security: [{}, { session: [] }, { visitor: [] }],
    tags: [{ name: 'tools' }],
    paths: API_PATHS,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(container.config.publicUrl), description: 'An account holder’s session.' },
        visitor: { type: 'apiKey', in: 'cookie', name: VISITOR_COOKIE, description: 'A visitor’s anonymous session, set by the first job.' },
      },
      schemas: {
        ...schemas,
        ...Object.fromEntries(TOOLS.map((tool) => [`ToolOptions_${tool.id}`, { title: `${tool.name} options`, ...withoutDialect(optionsSchema(tool)) }])),
      },
    },
  };
  return document;
}

const withoutDialect = ({ $schema: _dialect, ...rest }: Schema) => rest;

export function openApiRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.get('/v1/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument(container));
  });
  return app;
}
