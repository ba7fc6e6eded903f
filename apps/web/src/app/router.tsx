import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { authRoutes } from '@/features/auth/routes';
import { accountRoutes } from '@/features/account/routes';
import { dashboardLayoutRoute, dashboardRoutes } from '@/features/dashboard/routes';
import { documentsRoutes } from '@/features/documents/routes';
import { downloadsRoutes } from '@/features/downloads/routes';
import { editorRoutes, publicEditorRoutes } from '@/features/editor/routes';
import { marketingRoutes } from '@/features/marketing/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { shareViewerRoutes } from '@/features/share-viewer/routes';
import { supportRoutes } from '@/features/support/routes';
import { teamInviteRoutes } from '@/features/team/routes';
import { batchRoutes, toolsRoutes } from '@/features/tools/routes';
import { AppRoot } from './app-root';
import { PublicLayout } from './layouts/public/public-layout';
import { RouteErrorBoundary } from './route-error-boundary';

// An unknown address is rare: its page loads when asked for.
const notFoundRoute: RouteObject = { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) };

// The guards (and the return-target rules they use) come with the first /auth or /dashboard page, not with every public page.
const loadGuards = () => import('./guards/guards');

/**
 * The route tree. Each feature exports a `RouteObject[]` from its own routes.tsx (pages loaded with
 * `lazy`); add a feature's routes under the layout and guard it belongs to.
 */
export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        Component: PublicLayout,
        // Errors below render inside the public layout, keeping the top bar and footer.
        children: [{ ErrorBoundary: RouteErrorBoundary, children: [...marketingRoutes, ...publicEditorRoutes, ...toolsRoutes, notFoundRoute] }],
      },
      { path: 'auth', lazy: async () => ({ Component: (await loadGuards()).GuestOnly }), children: authRoutes },
      // A shared document's reader: no account, no marketing chrome, the company's branding only.
      ...shareViewerRoutes,
      // A team invitation mail's link: signed out it offers sign-up and sign-in, signed in Accept and Decline.
      ...teamInviteRoutes,
      // The splat keeps unknown /dashboard/* paths behind the guard: guests go to sign-in, not to a 404.
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await loadGuards()).RequireAuth }),
        // Every dashboard page renders inside the shell (sidebar, header): add areas to its children.
        children: [
          {
            ...dashboardLayoutRoute,
            children: [
              ...dashboardRoutes,
              ...accountRoutes,
              ...notificationsRoutes,
              ...supportRoutes,
              ...documentsRoutes,
              ...batchRoutes,
              ...editorRoutes,
              ...downloadsRoutes,
              notFoundRoute,
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
