import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { useSession } from '@/features/auth/session';
import { guestRedirectFor, loginRedirectFor } from './redirects';

/** Layout route for /dashboard/*: spinner during the first session check, sign-in for guests, home after sign-out. */
export function RequireAuth() {
  const { session, isLoading, signingOut } = useSession();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (!session) return <Navigate to={signingOut ? '/' : loginRedirectFor(location)} replace />;
  return <Outlet />;
}

/** Layout route for /auth/*: signed-in users move on (see guestRedirectFor for the exceptions). */
export function GuestOnly() {
  const { session, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  const target = guestRedirectFor(location, session !== null);
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
