import { familyTools, getTool } from '@wattle/shared';
import { ArrowRightIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BenefitGrid } from '@/components/public-page/benefit-grid';
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

/** The closing banner: stored documents for someone signed in, an account for everyone else. */
const SIGNED_IN_CTA = { title: 'Work on your stored documents', description: 'Run any tool on files in My Documents, process many at once and save results back with one click.', to: '/dashboard/batch', label: 'Batch Process' };
const SIGN_UP_CTA = { title: 'Do more with a free account', description: 'Larger files, your own document library, batch processing and results kept for longer.', to: '/auth/signup', label: 'Get Started Free' };

/** A menu category (`/tools/create`, …): its family's tools from the registry, the benefits, a call to action. */
export function CategoryPage() {
  const slug = useLocation().pathname.replace(/\/$/, '').split('/').pop();
  const page = CATEGORY_PAGES.find((p) => p.family.id === slug)!;
  useDocumentTitle(page.family.name);
  const { user } = useSession();
  const cta = user ? SIGNED_IN_CTA : SIGN_UP_CTA;
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
        <BenefitGrid benefits={CATEGORY_BENEFITS} />
      </Section>
      <CtaBanner
        title={cta.title}
        description={cta.description}
        actions={
          <Button asChild size="lg" variant="wattle">
            <Link to={cta.to}>
              {cta.label}
              <ArrowRightIcon />
            </Link>
          </Button>
        }
      />
    </>
  );
}
