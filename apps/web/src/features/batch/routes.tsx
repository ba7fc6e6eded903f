import type { RouteObject } from 'react-router';

/** `/dashboard/batch`, mounted inside the dashboard shell. */
export const batchRoutes: RouteObject[] = [
  { path: 'batch', lazy: async () => ({ Component: (await import('./pages/batch-page')).BatchPage }) },
];
