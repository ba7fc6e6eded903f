import { getTool, isFormTool, TOOL_FAMILIES } from '@wattle/shared';
import type { RouteObject } from 'react-router';

/** Public tool pages, mounted inside the public layout by src/app/router.tsx. */
export const toolsRoutes: RouteObject[] = [
  { path: 'tools', lazy: async () => ({ Component: (await import('./pages/tools-index-page')).ToolsIndexPage }) },
  // Create PDF is a page of its own (the same as /dashboard/create), not a list of its family's tools.
  { path: 'tools/create', lazy: async () => ({ Component: (await import('@/features/create/pages/create-page')).CreatePdfPage }) },
  // "/tools/organize" is both a menu category and the organise tool: the tool page wins and lists its family.
  // "/tools/edit" is the browser editor (features/editor), not a list of its family's tools.
  ...TOOL_FAMILIES.filter((family) => {
    if (family.id === 'create' || family.id === 'edit') return false;
    const tool = getTool(family.id);
    return !tool || !isFormTool(tool);
  }).map((family) => ({
    path: `tools/${family.id}`,
    lazy: async () => ({ Component: (await import('./pages/category-page')).CategoryPage }),
  })),
  { path: 'tools/:toolId', lazy: async () => ({ Component: (await import('./pages/tool-page')).ToolPage }) },
  { path: 'api', lazy: async () => ({ Component: (await import('./pages/api-docs-page')).ApiDocsPage }) },
];

/** `/dashboard/batch`: one tool over many files, mounted inside the dashboard shell. */
export const batchRoutes: RouteObject[] = [
  { path: 'batch', lazy: async () => ({ Component: (await import('./pages/batch-page')).BatchPage }) },
];
