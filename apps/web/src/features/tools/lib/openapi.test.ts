import { describe, expect, it } from 'vitest';
import { groupEndpoints, resolveRef, schemaProperties, summariseSchema, toolOptionSchemas, type OpenApiDocument } from './openapi';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'API', version: '1' },
  tags: [{ name: 'Jobs', description: 'Run tools' }, { name: 'Unused' }],
  paths: {
    '/api/v1/tools': { get: { tags: ['Tools'], summary: 'List tools' } },
    '/api/v1/jobs': { post: { tags: ['Jobs'], summary: 'Create a job' } },
    '/api/v1/jobs/{id}': { get: { tags: ['Jobs'], summary: 'Read a job' }, delete: { summary: 'No tag' } },
  },
  components: {
    schemas: {
      ToolOptions_split: {
        oneOf: [
          { type: 'object', properties: { mode: { type: 'string', const: 'ranges' }, ranges: { type: 'string' } } },
          { type: 'object', properties: { mode: { type: 'string', const: 'every' }, every: { type: 'integer' } } },
        ],
      },
      ToolOptions_merge: { type: 'object', properties: {} },
      ToolOptions_edit: { type: 'object', properties: { operations: { type: 'array' } }, examples: [{ operations: [{ type: 'note' }] }] },
      Job: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, progress: { type: 'integer', minimum: 0, maximum: 100 } } },
    },
  },
};

describe('openapi helpers', () => {
  it('groups operations by tag, declared tags first, empty tags dropped', () => {
    const groups = groupEndpoints(doc);
    expect(groups.map((g) => g.tag)).toEqual(['Jobs', 'Tools', 'Endpoints']);
    expect(groups[0]!.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(['post /api/v1/jobs', 'get /api/v1/jobs/{id}']);
    expect(groups[0]!.endpoints[1]!.id).toBe('get-api-v1-jobs-id');
  });

  it('resolves local references and lists properties', () => {
    expect(resolveRef(doc, { $ref: '#/components/schemas/Job' })).toBe(doc.components!.schemas!.Job);
    expect(schemaProperties(doc, { $ref: '#/components/schemas/Job' })).toEqual([
      { name: 'id', schema: { type: 'string' }, required: true },
      { name: 'progress', schema: { type: 'integer', minimum: 0, maximum: 100 }, required: false },
    ]);
  });

  it('sums a schema up in one line', () => {
    expect(summariseSchema(doc, { type: 'integer', minimum: 72, maximum: 300, default: 150 })).toBe('integer, 72 to 300, default 150');
    expect(summariseSchema(doc, { type: 'string', enum: ['low', 'high'], default: 'low' })).toBe('one of "low", "high", default "low"');
    expect(summariseSchema(doc, { type: 'array', items: { $ref: '#/components/schemas/Job' } })).toBe('array of Job');
    expect(summariseSchema(doc, { type: 'string', maxLength: 500 })).toBe('string, up to 500 characters');
  });
});

describe('tool options', () => {
  it('lists each tool with its variants', () => {
    const tools = toolOptionSchemas(doc);
    expect(tools.map((t) => t.toolId)).toEqual(['split', 'merge', 'edit']);
    expect(tools[0]!.variants.map((v) => v.label)).toEqual(['mode: "ranges"', 'mode: "every"']);
    expect(tools[1]!.variants).toEqual([{ label: undefined, schema: { type: 'object', properties: {} } }]);
  });

  it('carries a tool’s documented example', () => {
    const tools = toolOptionSchemas(doc);
    expect(tools[2]!.example).toEqual({ operations: [{ type: 'note' }] });
    expect(tools[1]!.example).toBeUndefined();
  });
});
