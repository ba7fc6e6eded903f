import { LifeBuoyIcon, MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Button } from '@/components/ui/button';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { useDocumentTitle } from '@/lib/use-document-title';

export function CareersPage() {
  useDocumentTitle('Careers');
  const { data: company } = useCompanyInfo();
  const maker = company?.company_name || 'our Australian parent company';

  return (
    <>
      <PageHero title="Careers at Wattle PDF" description={`Wattle PDF is built and supported in Australia by a small team at ${maker}.`} />
      <Section>
        <div className="mx-auto max-w-3xl space-y-10">
          <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <h2 className="text-2xl font-semibold tracking-tight">No open roles right now</h2>
            <p className="mt-4 text-lg leading-8 text-muted-foreground">
              We are not hiring at the moment. When a role opens, it will be listed on this page with what the job involves and how to apply.
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">Get in touch anyway</h2>
            <p className="mt-4 text-lg leading-8 text-muted-foreground">
              If you would like to work on PDF tools for Australians, tell us a little about yourself and what you would like to do. We read every
              message, and we will keep yours in mind when a role comes up.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/contact">
                  <MailIcon />
                  Contact us
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/support">
                  <LifeBuoyIcon />
                  Support
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}
