import { createRoute } from '@hono/zod-openapi';
import { AppError, getTool, redactPreviewRequest, redactPreviewResponse, TOOL_CATEGORIES, TOOLS, toolsCatalogueSchema, toolViewSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { publicLimits } from '../../domain/caller-limits.ts';
import { limitsFor } from '../../services/tool-jobs/admission.ts';
import { toolView } from '../../services/tool-jobs/catalogue.ts';
import { declaredRoutes, error, idParams, json, multipartBody } from '../api-contract.ts';
import { redactPreview } from './redact-preview.ts';

/** GET /api/v1/tools: the registry, with the caller's limits. */
export function toolsRoutes(container: Container) {
  const app = declaredRoutes();

  const listRoute = createRoute({
    method: 'get',
    path: '/v1/tools',
    operationId: 'listTools',
    summary: 'The tool registry, with the caller’s limits',
    responses: { 200: json(toolsCatalogueSchema, 'The tools.') },
  });
  app.openapi(listRoute, (c) =>
    c.json(
      {
        categories: [...TOOL_CATEGORIES],
        limits: publicLimits(limitsFor(container, c.get('owner'))),
        tools: TOOLS.map((tool) => toolView(container, tool)),
      },
      200,
    ),
  );

  const previewRoute = createRoute({
    method: 'post',
    path: '/v1/tools/redact/preview',
    operationId: 'previewRedaction',
    summary: 'What a redact job would remove, listed before anything is removed',
    description:
      'Each match of the texts, patterns and presets with its page and boxes (points from the bottom-left of the page as shown). Send the boxes of the matches to remove as `areas` to redact only those. Counts as a job against the rate limit.',
    request: { body: multipartBody(redactPreviewRequest, { options: { contentType: 'application/json' }, file: { contentType: 'application/pdf' } }) },
    responses: {
      200: json(redactPreviewResponse, 'The matches.'),
      400: error('VALIDATION_FAILED (details.fieldErrors) or BAD_REQUEST (no file).'),
      413: error('FILE_TOO_LARGE.'),
      415: error('UNSUPPORTED_FILE_TYPE: not a PDF.'),
      422: error('PDF_ENCRYPTED, PDF_CORRUPT or LIMIT_EXCEEDED (too many matches, or a pattern that runs too long).'),
      429: error('RATE_LIMITED.'),
    },
  });
  app.openapi(previewRoute, (c) => redactPreview(container, c));

  const getRoute = createRoute({
    method: 'get',
    path: '/v1/tools/{id}',
    operationId: 'getTool',
    summary: 'One tool',
    request: { params: idParams('tool', 'name') },
    responses: { 200: json(toolViewSchema, 'The tool.'), 404: error('No such tool.') },
  });
  app.openapi(getRoute, (c) => {
    const tool = getTool(c.req.valid('param').id);
    if (!tool) throw new AppError('NOT_FOUND');
    return c.json(toolView(container, tool), 200);
  });

  return app;
}
