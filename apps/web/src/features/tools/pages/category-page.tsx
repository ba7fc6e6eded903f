import { familyTools, getTool } from '@wattle/shared';
import { ArrowRightIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { CtaBanner } from '@/components/public-page/cta-banner';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { ToolGrid } from '@/components/tool-grid';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUnavailableTools } from '../api/tools-catalogue';
import { CATEGORY_BENEFITS, CATEGORY_PAGES } from '../lib/category-pages';

/** A menu category (`/tools/create`, …): its family's tools from the registry, the benefits, a call to action. */
export function CategoryPage() {
  const slug = useLocation().pathname.replace(/\/$/, '').split('/').pop();
  const page = CATEGORY_PAGES.find((p) => p.family.id === slug)!;
  useDocumentTitle(page.family.name);
  const { user } = useSession();
  const unavailable = useUnavailableTools();
  const tools = familyTools(page.family).map((id) => getTool(id));
  const firstTool = tools[0]!;

  return (
    <>
      <PageHero
        eyebrow={
          <Badge variant="secondary" className="gap-1.5 rounded-full px-3 py-1 text-sm">
            <page.icon className="size-3.5!" aria-hidden />
            {page.family.name}
          </Badge>
        }
        title={page.title}
        description={page.description}
        actions={
          <>
            <Button asChild size="lg">
              <Link to={page.primary?.to ?? `/tools/${firstTool.id}`}>
                {page.primary?.label ?? firstTool.name}
                <ArrowRightIcon />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/tools">All PDF tools</Link>
            </Button>
          </>
        }
      />
      <Section eyebrow="Tools" title={`${tools.length} tools, free to use`} description="No account needed for the basics. Pick a tool, drop your file and download the result.">
        <ToolGrid tools={tools} unavailable={unavailable} />
      </Section>
      <Section tone="muted" eyebrow="Why Wattle PDF" title="Private by design">
        <div className="grid gap-10 md:grid-cols-3">
          {CATEGORY_BENEFITS.map((benefit) => (
            <div key={benefit.title} className="text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
                <benefit.icon className="size-7" aria-hidden />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{benefit.title}</h3>
              <p className="mt-3 leading-7 text-muted-foreground">{benefit.description}</p>
            </div>
          ))}
        </div>
      </Section>
      {user ? (
        <CtaBanner
          title="Work on your stored documents"
          description="Run any tool on files in My Documents, process many at once and save results back with one click."
          actions={
            <Button asChild size="lg" variant="wattle">
              <Link to="/dashboard/batch">
                Batch Process
                <ArrowRightIcon />
              </Link>
            </Button>
          }
        />
      ) : (
        <CtaBanner
          title="Do more with a free account"
          description="Larger files, your own document library, batch processing and results kept for longer."
          actions={
            <Button asChild size="lg" variant="wattle">
              <Link to="/auth/signup">
                Get Started Free
                <ArrowRightIcon />
              </Link>
            </Button>
          }
        />
      )}
    </>
  );
}
