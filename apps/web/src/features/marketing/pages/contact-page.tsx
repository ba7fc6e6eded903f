import { MapPinIcon } from 'lucide-react';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Skeleton } from '@/components/ui/skeleton';
import { ContactCards } from '../components/contact-cards';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ContactPage() {
  useDocumentTitle('Contact');
  const { data: company, isPending } = useCompanyInfo();
  return (
    <>
      <PageHero title="Contact us" description="Email is the quickest way to reach the right person. Every message is read by our team in Australia." />
      <Section>
        <ContactCards />
        <div className="mx-auto mt-12 flex max-w-xl items-start gap-4 rounded-xl border bg-card p-6">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">Postal address</h2>
            {isPending ? (
              <Skeleton className="mt-2 h-5 w-3/4" />
            ) : (
              <address className="mt-1 text-muted-foreground not-italic">
                {company?.company_name && <span className="block">{company.company_name}</span>}
                {company?.address}
              </address>
            )}
          </div>
        </div>
      </Section>
    </>
  );
}
