import type { RouteObject } from 'react-router';

/** `/team/invite/:invitationId`: where an invitation mail leads, signed in or not, outside the dashboard. */
export const teamInviteRoutes: RouteObject[] = [
  { path: 'team/invite/:invitationId', lazy: async () => ({ Component: (await import('./pages/invite-page')).InvitePage }) },
];
