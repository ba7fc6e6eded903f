import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';

/** better-auth's user and session records, as `GET /api/auth/get-session` returns them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
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
}

/** Invalidate this after sign-in, sign-up verification or profile changes to re-read the session. */
export const SESSION_QUERY_KEY = ['session'] as const;

const SessionContext = createContext<SessionContextValue | null>(null);

function fetchSession(): Promise<SessionPayload | null> {
  return api.get<SessionPayload | null>('/api/auth/get-session').then((payload) => payload ?? null);
}

/** Mounted inside the router (it navigates on sign-out). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });

  const signOut = useCallback(async () => {
    try {
      await api.post('/api/auth/sign-out', {});
    } catch {
      // Spec section 7: on failure the local session is cleared and the user goes home anyway.
    }
    await navigate('/');
    // Drop every cached answer that belonged to the signed-out user, then mark the session empty.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [navigate, queryClient]);

  // Spec section 8: a failed session read tells the user, then signs out and goes home.
  useEffect(() => {
    if (!query.isError) return;
    toast({ title: 'Session Error', description: 'There was an error with your session. Please sign in again.', variant: 'destructive' });
    void signOut();
  }, [query.isError, query.errorUpdatedAt, signOut]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session: query.data?.session ?? null,
      user: query.data?.user ?? null,
      isLoading: query.isPending,
      signOut,
    }),
    [query.data, query.isPending, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
}
