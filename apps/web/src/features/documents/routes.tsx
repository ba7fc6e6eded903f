import type { RouteObject } from 'react-router';

/** /dashboard/documents, mounted inside the dashboard shell. */
export const documentsRoutes: RouteObject[] = [
  { path: 'documents', lazy: async () => ({ Component: (await import('./pages/documents-page')).DocumentsPage }) },
];
