import { Hono } from 'hono';
import { AppError, getTool, TOOL_CATEGORIES, TOOLS } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { publicLimits } from '../../domain/caller-limits.ts';
import { limitsFor } from '../../services/tool-jobs/admission.ts';
import { toolView } from '../../services/tool-jobs/catalogue.ts';
import type { AppEnv } from '../types.ts';
import { redactPreview } from './redact-preview.ts';

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

  app.post('/v1/tools/redact/preview', (c) => redactPreview(container, c));

  app.get('/v1/tools/:id', (c) => {
    const tool = getTool(c.req.param('id'));
    if (!tool) throw new AppError('NOT_FOUND');
    return c.json(toolView(container, tool));
  });

  return app;
}
