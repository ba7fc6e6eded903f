import type { RouteObject } from 'react-router';

export const supportRoutes: RouteObject[] = [
  { path: 'support', lazy: async () => ({ Component: (await import('./pages/support-page')).SupportPage }) },
];
