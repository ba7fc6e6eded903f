import type { RouteObject } from 'react-router';

/**
 * The /auth/* screens, mounted under the GuestOnly guard by src/app/router.tsx. Each screen is a
 * lazily loaded chunk. The components are stand-ins until the sign-in flows replace them.
 */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./auth-stub-pages')).LoginPage }) },
  { path: 'signup', lazy: async () => ({ Component: (await import('./auth-stub-pages')).SignupPage }) },
  { path: 'magic-link', lazy: async () => ({ Component: (await import('./auth-stub-pages')).MagicLinkPage }) },
  { path: 'reset-password', lazy: async () => ({ Component: (await import('./auth-stub-pages')).ResetPasswordPage }) },
  { path: 'callback', lazy: async () => ({ Component: (await import('./auth-stub-pages')).CallbackPage }) },
  { path: 'verify-email', lazy: async () => ({ Component: (await import('./auth-stub-pages')).VerifyEmailPage }) },
  { path: 'update-password', lazy: async () => ({ Component: (await import('./auth-stub-pages')).UpdatePasswordPage }) },
];
