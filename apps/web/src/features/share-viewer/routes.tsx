import type { RouteObject } from 'react-router';

/** `/s/:token`: outside the dashboard and the public site's chrome. */
export const shareViewerRoutes: RouteObject[] = [
  { path: 's/:token', lazy: async () => ({ Component: (await import('./pages/share-viewer-page')).ShareViewerPage }) },
];
