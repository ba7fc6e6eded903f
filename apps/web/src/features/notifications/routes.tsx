import type { RouteObject } from 'react-router';

export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: async () => ({ Component: (await import('./pages/notifications-page')).NotificationsPage }) },
];
