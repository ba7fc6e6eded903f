import { formatBytes, PLAN_LIMITS, TEAM_STORAGE_LIMIT } from '@wattle/shared';
import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LimitsTable } from '@/components/limits-table';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { useDocumentTitle } from '@/lib/use-document-title';

const FREE_FEATURES = [
  'Every PDF tool, with or without an account',
  `Files up to ${formatBytes(PLAN_LIMITS.free.fileBytes)} and ${PLAN_LIMITS.free.pages} pages in every tool`,
  `${formatBytes(PLAN_LIMITS.free.storageBytes)} of document storage`,
  'Australian-hosted processing and storage',
  'Files deleted automatically after processing',
];

const ENTERPRISE_FEATURES = [
  'Everything in Free',
  'Storage sized to your organisation',
  'Direct contact with our Australian team',
];

const FAQS = [
  { q: 'Are prices in Australian dollars?', a: 'Yes. All prices are in Australian dollars (AUD) and include GST.' },
  { q: 'Is there a free trial?', a: 'There is no trial because there is nothing to unlock: every tool is free. Use them without an account, or create a free account for larger files, your own document library and batch processing.' },
  { q: 'What happens to my files?', a: 'Files are processed on Australian-hosted servers and deleted automatically after processing. Documents you keep in your account stay until you delete them.' },
  { q: 'Can my whole team use Wattle PDF?', a: `Yes. Create a team from the Team page of your dashboard and invite your colleagues by email. The team’s documents, batches and share links live in one shared space with ${formatBytes(TEAM_STORAGE_LIMIT)} of its own storage, and the owner, admins and members each have their own rights. Contact our sales team if your organisation needs more storage.` },
];

export function PricingPage() {
  useDocumentTitle('Pricing');
  const { data: company } = useCompanyInfo();
  const salesHref = company?.email_sales ? `mailto:${company.email_sales}?subject=${encodeURIComponent('Enterprise pricing')}` : undefined;

  return (
    <>
      <PageHero title="Simple pricing in Australian dollars" description="Every tool is free. Talk to us when your organisation needs more." />
      <Section>
        <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          <PlanCard
            name="Free"
            description="For individuals getting everyday PDF jobs done."
            price={
              <>
                <span className="text-5xl font-bold tracking-tight">$0</span>
                <span className="text-muted-foreground"> AUD / month</span>
              </>
            }
            features={FREE_FEATURES}
            action={
              <Button asChild className="w-full" size="lg">
                <Link to="/auth/signup">Get Started Free</Link>
              </Button>
            }
          />
          <PlanCard
            name="Enterprise"
            highlighted
            description="For organisations that need more storage and a direct line to our team."
            price={<span className="text-4xl font-bold tracking-tight">Custom pricing</span>}
            features={ENTERPRISE_FEATURES}
            action={
              <Button asChild className="w-full" size="lg" variant="wattle">
                {salesHref ? <a href={salesHref}>Contact Sales</a> : <Link to="/contact">Contact Sales</Link>}
              </Button>
            }
          />
        </div>
      </Section>
      <Section title="Limits" description="What you can do without an account and with a free one. The API has the same limits.">
        <div className="mx-auto max-w-3xl">
          <LimitsTable caption="Limits without an account and with a free account" />
        </div>
      </Section>
      <Section tone="muted" title="Frequently asked questions">
        <Accordion type="single" collapsible className="mx-auto max-w-3xl rounded-xl border bg-card px-6">
          {FAQS.map((faq) => (
            <AccordionItem key={faq.q} value={faq.q}>
              <AccordionTrigger className="text-base">{faq.q}</AccordionTrigger>
              <AccordionContent className="text-base leading-7 text-muted-foreground">{faq.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </Section>
    </>
  );
}

interface PlanCardProps {
  name: string;
  description: string;
  price: ReactNode;
  features: string[];
  action: ReactNode;
  highlighted?: boolean;
}

function PlanCard({ name, description, price, features, action, highlighted }: PlanCardProps) {
  return (
    <Card className={highlighted ? 'relative border-primary shadow-lg ring-1 ring-primary/30' : undefined}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-xl">{name}</CardTitle>
          {highlighted && <Badge variant="wattle">For teams</Badge>}
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <p>{price}</p>
        <ul className="space-y-3">
          {features.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm leading-6">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="mt-auto">{action}</CardFooter>
    </Card>
  );
}
