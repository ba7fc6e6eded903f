import type { ToolFamilyId } from '@wattle/shared';
import type { RouteObject } from 'react-router';

const CATEGORY_FAMILIES: readonly ToolFamilyId[] = ['secure', 'share'];

/** Public tool pages, mounted inside the public layout by src/app/router.tsx. */
export const toolsRoutes: RouteObject[] = [
  { path: 'tools', lazy: async () => ({ Component: (await import('./pages/tools-index-page')).ToolsIndexPage }) },
  // Create PDF is a page of its own (the same as /dashboard/create), not a list of its family's tools.
  { path: 'tools/create', lazy: async () => ({ Component: (await import('@/features/create/pages/create-page')).CreatePdfPage }) },
  // "/tools/organize" is the organise tool's page (it lists its family under it) and "/tools/edit" is the
  // browser editor: the other families get a category page. Named here rather than worked out from the
  // tool registry, which would bring zod into the first download (routes.test.ts checks the list).
  ...CATEGORY_FAMILIES.map((family) => ({
    path: `tools/${family}`,
    lazy: async () => ({ Component: (await import('./pages/category-page')).CategoryPage }),
  })),
  { path: 'tools/:toolId', lazy: async () => ({ Component: (await import('./pages/tool-page')).ToolPage }) },
  { path: 'api', lazy: async () => ({ Component: (await import('./pages/api-docs-page')).ApiDocsPage }) },
];

/** `/dashboard/batch`: one tool over many files, mounted inside the dashboard shell. */
export const batchRoutes: RouteObject[] = [
  { path: 'batch', lazy: async () => ({ Component: (await import('./pages/batch-page')).BatchPage }) },
];
