import type { RouteObject } from 'react-router';

/** `/dashboard/downloads`, mounted inside the dashboard shell. */
export const downloadsRoutes: RouteObject[] = [
  { path: 'downloads', lazy: async () => ({ Component: (await import('./pages/downloads-page')).DownloadsPage }) },
];
