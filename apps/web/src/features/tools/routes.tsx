import type { RouteObject } from 'react-router';

const CATEGORY_SLUGS = ['create', 'edit', 'secure', 'share', 'organize'] as const;

/** Public tool pages, mounted inside the public layout by src/app/router.tsx. */
export const toolsRoutes: RouteObject[] = [
  { path: 'tools', lazy: async () => ({ Component: (await import('./pages/tools-index-page')).ToolsIndexPage }) },
  ...CATEGORY_SLUGS.map((slug) => ({
    path: `tools/${slug}`,
    lazy: async () => ({ Component: (await import('./pages/category-page')).CategoryPage }),
  })),
  { path: 'tools/:toolId', lazy: async () => ({ Component: (await import('./pages/tool-page')).ToolPage }) },
  { path: 'api', lazy: async () => ({ Component: (await import('./pages/api-docs-page')).ApiDocsPage }) },
];
