// Subpath import: the package index also loads the zod schemas, which the first screen does not need.
import { formatAbn } from '@wattle/shared/abn';
import { Logo } from '@/components/logo';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { LinkGroupNav } from '@/features/marketing/components/link-group-nav';
import { FOOTER_COLUMNS } from '@/features/marketing/site-links';
import { FacebookIcon, LinkedInIcon, XBrandIcon } from './social-icons';

const SOCIAL = [
  { label: 'LinkedIn', Icon: LinkedInIcon },
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X', Icon: XBrandIcon },
];

export function SiteFooter() {
  // Trading name and ABN come from the company record; if it cannot be read they stay blank.
  const { data: company } = useCompanyInfo();
  const year = new Date().getFullYear();

  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="max-w-sm space-y-4">
            <Logo />
            <p className="text-sm leading-6 text-muted-foreground">
              Online PDF tools for Australian individuals and businesses. Australian-hosted, private by design, with files deleted
              automatically after processing.
            </p>
            {/* The spec's social icons have no real targets, so they are marks, not links. */}
            <ul aria-label="Social media" className="flex gap-2">
              {SOCIAL.map(({ label, Icon }) => (
                <li key={label} title={label} className="flex size-9 items-center justify-center rounded-full border bg-background text-muted-foreground">
                  <Icon className="size-4" />
                  <span className="sr-only">{label}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:contents">
            {FOOTER_COLUMNS.map((column) => (
              <LinkGroupNav
                key={column.title}
                group={column}
                headingClassName="text-sm font-semibold"
                linkClassName="text-sm text-muted-foreground transition-colors hover:text-foreground"
              />
            ))}
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {company?.trading_name}
            {company?.abn && <span className="ml-2">ABN {formatAbn(company.abn)}</span>}
          </p>
          <p>Proudly Australian made and hosted.</p>
        </div>
      </div>
    </footer>
  );
}
