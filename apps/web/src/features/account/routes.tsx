import type { RouteObject } from 'react-router';

export const accountRoutes: RouteObject[] = [
  { path: 'profile', lazy: async () => ({ Component: (await import('./pages/profile-page')).ProfilePage }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('./pages/settings-page')).SettingsPage }) },
];
