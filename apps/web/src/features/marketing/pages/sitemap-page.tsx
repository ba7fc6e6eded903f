import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { ENTERPRISE_LINKS, FOOTER_COLUMNS, TOOL_CATEGORIES, type SiteLink } from '../site-links';

// Footer routes that have no page of their own are left out rather than linked to a dead end.
const WITHOUT_PAGES = new Set(['/blog', '/careers']);

const GROUPS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Get started',
    links: [
      { title: 'Home', href: '/' },
      { title: 'Sign In', href: '/auth/login' },
      { title: 'Sign Up', href: '/auth/signup' },
    ],
  },
  { title: 'PDF Tools', links: TOOL_CATEGORIES },
  { title: 'Enterprise', links: ENTERPRISE_LINKS },
  ...FOOTER_COLUMNS.map((column) => ({ ...column, links: column.links.filter((link) => !WITHOUT_PAGES.has(link.href)) })),
];

export function SitemapPage() {
  useDocumentTitle('Sitemap');
  return (
    <>
      <PageHero title="Sitemap" description="Every page on the Wattle PDF website in one place." />
      <Section>
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-lg font-semibold">{group.title}</h2>
              <ul className="mt-4 space-y-3">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} className="text-muted-foreground hover:text-primary hover:underline">
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </Section>
    </>
  );
}
