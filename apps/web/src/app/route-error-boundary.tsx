import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

// Only the 404 answer needs it; the rest of this boundary stays in the first download, since it is
// what a tab shows when a deploy has replaced the code it would load.
const NotFoundPage = lazy(async () => ({ default: (await import('./not-found-page')).NotFoundPage }));

/** A deploy replaces hashed chunk files; a tab opened before it fails to load the new page's code. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }

  const stale = isChunkLoadError(error);
  if (!stale) console.error(error);

  return (
    <section role="alert" className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {stale ? 'A new version of Wattle PDF is available' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {stale
          ? 'Reload the page to continue with the latest version.'
          : 'An unexpected error occurred. Please try again later.'}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon />
          Reload page
        </Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            Back to Home
          </Link>
        </Button>
      </div>
    </section>
  );
}
