import { Hono } from 'hono';
import { AppError, getTool, INPUT_KINDS, TOOL_CATEGORIES, TOOLS, toolOptionsJsonSchema, type Tool } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { publicLimits } from '../../domain/caller-limits.ts';
import { limitsFor, toolAvailable } from '../../services/tool-jobs/admission.ts';
import { batchable } from '../../services/tool-jobs/submission-form.ts';
import type { AppEnv } from '../types.ts';

/** A tool as the API shows it: the registry's data, its options as JSON Schema, and whether it can run here. */
function toolView(container: Container, tool: Tool) {
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    category: tool.category,
    accepts: tool.accepts,
    acceptMime: [...new Set(tool.accepts.map((k) => INPUT_KINDS[k].mime))],
    acceptExtensions: tool.accepts.flatMap((k) => INPUT_KINDS[k].extensions),
    minFiles: tool.minFiles,
    maxFiles: tool.maxFiles,
    output: tool.output,
    engine: tool.engine,
    available: toolAvailable(container, tool),
    batchable: batchable(tool),
    options: optionsSchema(tool),
  };
}

const schemas = new Map<string, Record<string, unknown>>();
/** The registry never changes at run time: each schema is generated once. */
export function optionsSchema(tool: Tool): Record<string, unknown> {
  let schema = schemas.get(tool.id);
  if (!schema) schemas.set(tool.id, (schema = toolOptionsJsonSchema(tool.id)));
  return schema;
}

/** GET /api/v1/tools: the registry, with the caller's limits. */
export function toolsRoutes(container: Container) {
  const app = new Hono<AppEnv>();

  app.get('/v1/tools', (c) => {
    return c.json({
      categories: TOOL_CATEGORIES,
      limits: publicLimits(limitsFor(container, c.get('owner'))),
      tools: TOOLS.map((tool) => toolView(container, tool)),
    });
  });

  app.get('/v1/tools/:id', (c) => {
    const tool = getTool(c.req.param('id'));
    if (!tool) throw new AppError('NOT_FOUND');
    return c.json(toolView(container, tool));
  });

  return app;
}
