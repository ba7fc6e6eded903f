import type { RouteObject } from 'react-router';

/** The /dashboard/* screens, mounted under the RequireAuth guard by src/app/router.tsx. */
export const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./dashboard-home-page')).DashboardHomePage }) },
];
