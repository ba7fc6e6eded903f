import { ArrowLeftIcon, FileQuestionIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-secondary text-primary">
        <FileQuestionIcon className="size-8" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-muted-foreground">
        The page you are looking for doesn&apos;t exist or has moved. Check the address, or head back to the home page.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/">
            <ArrowLeftIcon />
            Back to Home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/support">Contact Support</Link>
        </Button>
      </div>
    </section>
  );
}
