import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { TOOL_CATEGORIES } from '../site-links';

export function ToolsPage() {
  useDocumentTitle('PDF Tools');
  return (
    <>
      <PageHero title="PDF tools" description="Every tool runs on Australian-hosted servers, and every file is deleted automatically after processing." />
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TOOL_CATEGORIES.map(({ title, href, description, icon: Icon }) => (
            <li key={href}>
              <Link
                to={href}
                className="group flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                {Icon && (
                  <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                )}
                <span className="mt-5 text-lg font-semibold">{title}</span>
                <span className="mt-2 flex-1 leading-7 text-muted-foreground">{description}</span>
                <span className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-primary">
                  Open
                  <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
