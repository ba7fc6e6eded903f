import { useDocumentTitle } from '@/lib/use-document-title';
import { LinkGroupNav } from '../components/link-group-nav';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { SITEMAP_GROUPS } from '../site-links';

export function SitemapPage() {
  useDocumentTitle('Sitemap');
  return (
    <>
      <PageHero title="Sitemap" description="Every page on the Wattle PDF website in one place." />
      <Section>
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
          {SITEMAP_GROUPS.map((group) => (
            <LinkGroupNav
              key={group.title}
              group={group}
              headingClassName="text-lg font-semibold"
              linkClassName="text-muted-foreground hover:text-primary hover:underline"
            />
          ))}
        </div>
      </Section>
    </>
  );
}
