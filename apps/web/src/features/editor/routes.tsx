import type { RouteObject } from 'react-router';

/** `/dashboard/edit/:documentId`: the editor on a stored document, inside the dashboard shell. */
export const editorRoutes: RouteObject[] = [
  { path: 'edit/:documentId', lazy: async () => ({ Component: (await import('./pages/document-editor-page')).DocumentEditorPage }) },
];

/** `/tools/edit`: the editor for visitors, inside the public layout. */
export const publicEditorRoutes: RouteObject[] = [
  { path: 'tools/edit', lazy: async () => ({ Component: (await import('./pages/public-editor-page')).PublicEditorPage }) },
];
