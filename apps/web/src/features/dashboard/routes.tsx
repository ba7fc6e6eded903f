import type { NonIndexRouteObject, RouteObject } from 'react-router';

/** The signed-in shell. router.tsx nests every /dashboard page under it. */
export const dashboardLayoutRoute: NonIndexRouteObject = {
  lazy: async () => ({ Component: (await import('./layout/dashboard-layout')).DashboardLayout }),
};

/** The dashboard's own pages: home, the tool hubs for Create and Edit, share links, and Team. */
export const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./pages/dashboard-home-page')).DashboardHomePage }) },
  { path: 'create', lazy: async () => ({ Component: (await import('@/features/create/pages/create-page')).CreatePdfPage }) },
  { path: 'edit', lazy: async () => ({ Component: (await import('./pages/edit-page')).EditPdfPage }) },
  { path: 'share', lazy: async () => ({ Component: (await import('@/features/share/pages/share-page')).SharePdfsPage }) },
  { path: 'team', lazy: async () => ({ Component: (await import('./pages/team-page')).TeamPage }) },
];
