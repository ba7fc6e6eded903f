import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Long-form text pages (terms, privacy, security): title, date, sections, Back to Home. */
export function LegalPage({ title, lastUpdated, intro, children }: { title: string; lastUpdated?: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <header className="border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        {lastUpdated && <p className="mt-3 text-sm text-muted-foreground">Last updated: {lastUpdated}</p>}
        {intro && <div className="mt-6 text-lg leading-8 text-muted-foreground">{intro}</div>}
      </header>
      <div className="divide-y">{children}</div>
      <footer className="mt-4 border-t pt-8">
        <Link to="/" className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </footer>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="py-8">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      <div className="mt-4 space-y-4 leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
