import { PageHero } from '@/components/public-page/page-hero';
import { LinkGroupNav } from '../components/link-group-nav';
import { Section } from '@/components/public-page/section';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BLOG_POSTS } from '../blog-posts';
import { SITEMAP_GROUPS, type LinkGroup } from '../site-links';

// The articles are listed here rather than in site-links, which the layout loads on every page.
const BLOG_GROUP: LinkGroup = { title: 'Blog articles', links: BLOG_POSTS.map((post) => ({ title: post.title, href: `/blog/${post.slug}` })) };

export function SitemapPage() {
  useDocumentTitle('Sitemap');
  return (
    <>
      <PageHero title="Sitemap" description="Every page on the Wattle PDF website in one place." />
      <Section>
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
          {[...SITEMAP_GROUPS, BLOG_GROUP].map((group) => (
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
