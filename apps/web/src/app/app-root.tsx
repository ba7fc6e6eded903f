import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SkipLink } from '@/components/skip-link';
import { SessionProvider } from '@/features/auth/session';

/** Root route element: session state for every screen, the skip link, scroll restoration, a bar while a page loads. */
export function AppRoot() {
  return (
    <SessionProvider>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </SessionProvider>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-2/5 animate-progress-indeterminate bg-wattle" />
    </div>
  );
}
