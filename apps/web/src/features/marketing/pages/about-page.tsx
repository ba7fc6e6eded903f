import { formatAbn } from '@wattle/shared';
import { HeartHandshakeIcon, MapPinIcon, TargetIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Skeleton } from '@/components/ui/skeleton';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AboutPage() {
  useDocumentTitle('About Us');
  const { data: company, isPending } = useCompanyInfo();
  const parent = company?.company_name || 'our Australian parent company';

  return (
    <>
      <PageHero
        title="About Wattle PDF"
        description={`Wattle PDF is made by ${parent}, an Australian consulting company that builds practical software for Australian individuals and businesses.`}
      />

      <Section>
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[1.3fr_1fr]">
          <div className="space-y-10">
            <Story icon={TargetIcon} title="Our mission">
              Our mission is to give Australians PDF tools they can trust: simple enough for anyone to use, priced fairly in Australian dollars,
              and built so that documents stay private and stay in Australia.
            </Story>
            <Story icon={MapPinIcon} title="Australian made">
              Wattle PDF is designed, built and supported in Australia, and runs on Australian-hosted servers. Like the wattle it is named after,
              it is proudly home-grown.
            </Story>
            <Story icon={HeartHandshakeIcon} title="How we work">
              We keep only what we need, delete files automatically after processing, and answer every support message ourselves. When you
              contact us, you reach the people who build the product.
            </Story>
          </div>

          <aside aria-labelledby="company-details" className="h-fit rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <h2 id="company-details" className="text-lg font-semibold">
              Company details
            </h2>
            <dl className="mt-6 space-y-5">
              <Detail label="Company name" value={company?.company_name} loading={isPending} />
              <Detail label="Trading name" value={company?.trading_name} loading={isPending} />
              <Detail label="ABN" value={company?.abn ? formatAbn(company.abn) : undefined} loading={isPending} />
              <Detail label="Address" value={company?.address} loading={isPending} />
            </dl>
          </aside>
        </div>
      </Section>
    </>
  );
}

function Story({ icon: Icon, title, children }: { icon: typeof TargetIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-5">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div>
        <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
        <p className="mt-3 text-lg leading-8 text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

function Detail({ label, value, loading }: { label: string; value?: string; loading: boolean }) {
  return (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium">{loading ? <Skeleton className="h-5 w-40" /> : value}</dd>
    </div>
  );
}
