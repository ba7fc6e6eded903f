import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';

/** better-auth's user and session records, as `GET /api/auth/get-session` returns them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  /** better-auth's two-factor plugin: on once the first authenticator code was confirmed. */
  twoFactorEnabled?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

interface SessionPayload {
  session: SessionRecord;
  user: SessionUser;
}

export interface SessionContextValue {
  session: SessionRecord | null;
  user: SessionUser | null;
  /** True only while the first session check runs. */
  isLoading: boolean;
  /** Ends the session (locally even if the server call fails), then goes to /. */
  signOut: () => Promise<void>;
  /** True from a sign-out until the user has left the dashboard: its guard sends them home, not to sign-in. */
  signingOut: boolean;
}

/** Invalidate this after sign-in, sign-up verification or profile changes to re-read the session. */
export const SESSION_QUERY_KEY = ['session'] as const;

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * A plain read of better-auth's session endpoint (it answers null when signed out): every page needs
 * the session, so better-auth's client loads only with the pages that sign in or change an account.
 */
async function fetchSession(): Promise<SessionPayload | null> {
  return (await api.get<SessionPayload | null>('/api/auth/get-session')) ?? null;
}

/** Re-reads the session (after a sign-in) and returns it; the guards and header follow at once. */
export function refreshSession(queryClient: QueryClient): Promise<SessionPayload | null> {
  return queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 });
}

/** The spec's USER_UPDATED event: the session is re-read and the user told. */
export function announceUserUpdated(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  toast({ title: 'Account Updated', description: 'Your account has been successfully updated.' });
}

/** Mounted inside the router (it navigates on sign-out). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A session ends elsewhere too (another tab, expiry): re-check when the window regains focus.
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000, refetchOnWindowFocus: 'always' });
  const previousUserId = useRef<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  const onDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  useEffect(() => {
    if (!onDashboard) setSigningOut(false);
  }, [onDashboard]);

  const clearLocalSession = useCallback(() => {
    // Drop every cached answer that belonged to the signed-out user, then mark the session empty.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      const { authClient } = await import('./auth-client');
      const { error } = await authClient.signOut();
      if (error) console.warn('Sign-out failed on the server; clearing the local session anyway', error);
    } catch (err) {
      // Spec section 7: on failure the local session is cleared and the user goes home anyway.
      console.warn('Sign-out failed on the server; clearing the local session anyway', err);
    }
    // Home first. The dashboard may still be on screen when the session empties (the home page's chunk
    // still loading, a focus re-check answering first): `signingOut` makes its guard send the user home too.
    await navigate('/');
    previousUserId.current = null;
    clearLocalSession();
  }, [navigate, clearLocalSession]);

  // Spec section 8: a failed session read tells the user, then signs out and goes home.
  useEffect(() => {
    if (!query.isError) return;
    toast({ title: 'Session Error', description: 'There was an error with your session. Please sign in again.', variant: 'destructive' });
    void signOut();
  }, [query.isError, query.errorUpdatedAt, signOut]);

  // Spec section 4, SIGNED_OUT: a session that ended outside signOut() (another tab, expiry) also
  // clears what was cached and goes home.
  const userId = query.data?.user.id ?? null;
  useEffect(() => {
    const wasSignedIn = previousUserId.current !== null;
    previousUserId.current = userId;
    if (userId !== null) setSigningOut(false);
    if (wasSignedIn && userId === null && query.isSuccess) {
      clearLocalSession();
      void navigate('/', { replace: true });
    }
  }, [userId, query.isSuccess, clearLocalSession, navigate]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session: query.data?.session ?? null,
      user: query.data?.user ?? null,
      isLoading: query.isPending,
      signOut,
      signingOut,
    }),
    [query.data, query.isPending, signOut, signingOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
}
