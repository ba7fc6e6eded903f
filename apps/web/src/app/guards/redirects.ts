import { sanitizeReturnTarget } from '@wattle/shared/return-target';

/** Where signed-in users go when nothing else was asked for. */
export const HOME_FOR_SIGNED_IN = '/dashboard';
export const LOGIN_PATH = '/auth/login';
export const RETURN_PARAM = 'next';

interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/** A guest asking for a protected page goes to sign-in, remembering the page as `?next=`. */
export function loginRedirectFor(location: LocationLike): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: target })}`;
}

/** The return target carried in a query string, if it is a safe same-origin path; otherwise /dashboard. */
export function returnTargetFrom(search: string): string {
  return sanitizeReturnTarget(new URLSearchParams(search).get(RETURN_PARAM), HOME_FOR_SIGNED_IN);
}

/**
 * Auth screens are for guests: a signed-in user is sent on (to the remembered return target, else
 * /dashboard). Exempt: reset-password (spec: stays reachable when signed in) and the callback, which
 * reads the session itself and shows its own "Welcome!" toast before moving on.
 */
export function guestRedirectFor(location: LocationLike, signedIn: boolean): string | null {
  if (!signedIn) return null;
  const { pathname } = location;
  if (!pathname.startsWith('/auth/') || pathname.includes('reset-password') || pathname.startsWith('/auth/callback')) return null;
  return returnTargetFrom(location.search ?? '');
}
