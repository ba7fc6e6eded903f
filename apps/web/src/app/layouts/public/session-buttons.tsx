import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { cn } from '@/lib/utils';

/**
 * The top bar's account buttons in the session's three states. `onDone` runs after a button has done
 * its job (the phone menu closes itself with it); for Sign Out that is after the session has ended.
 */
export function SessionButtons({ className, onDone }: { className?: string; onDone?: () => void }) {
  const { session, isLoading, signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);

  if (isLoading) {
    return (
      <div className={cn('flex gap-2', className)}>
        <Button variant="ghost" disabled aria-label="Checking your session">
          <Spinner />
        </Button>
      </div>
    );
  }

  if (session) {
    const handleSignOut = async () => {
      setSigningOut(true);
      try {
        await signOut();
      } finally {
        setSigningOut(false);
        onDone?.();
      }
    };
    return (
      <div className={cn('flex gap-2', className)}>
        <Button asChild variant="outline">
          <Link to="/dashboard" onClick={onDone}>
            Dashboard
          </Link>
        </Button>
        <Button onClick={handleSignOut} disabled={signingOut}>
          {signingOut && <Spinner />}
          Sign Out
        </Button>
      </div>
    );
  }

  return (
    <div className={cn('flex gap-2', className)}>
      <Button asChild variant="ghost">
        <Link to="/auth/login" onClick={onDone}>
          Sign In
        </Link>
      </Button>
      <Button asChild>
        <Link to="/auth/signup" onClick={onDone}>
          Sign Up
        </Link>
      </Button>
    </div>
  );
}
