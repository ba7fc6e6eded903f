import type { RouteObject } from 'react-router';

/** The /auth/* screens, mounted under the GuestOnly guard by src/app/router.tsx; each a lazy chunk. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }) },
  { path: 'signup', lazy: async () => ({ Component: (await import('./pages/signup-page')).SignupPage }) },
  { path: 'two-factor', lazy: async () => ({ Component: (await import('./pages/two-factor-page')).TwoFactorPage }) },
  { path: 'magic-link', lazy: async () => ({ Component: (await import('./pages/magic-link-page')).MagicLinkPage }) },
  { path: 'reset-password', lazy: async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage }) },
  { path: 'callback', lazy: async () => ({ Component: (await import('./pages/callback-page')).CallbackPage }) },
  { path: 'verify-email', lazy: async () => ({ Component: (await import('./pages/verify-email-page')).VerifyEmailPage }) },
  { path: 'update-password', lazy: async () => ({ Component: (await import('./pages/update-password-page')).UpdatePasswordPage }) },
];
