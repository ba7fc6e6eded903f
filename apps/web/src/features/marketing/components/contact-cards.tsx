import { BriefcaseIcon, HeadsetIcon, MailIcon, MessageSquareWarningIcon, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { CompanyInfo } from '@wattle/shared';
import { useCompanyInfo } from '@/features/company/api/company-info';

const CHANNELS: { title: string; description: string; icon: LucideIcon; field: keyof CompanyInfo; subject: string }[] = [
  {
    title: 'Technical Support',
    description: 'Help with uploads, conversions, your account or anything that is not working as it should.',
    icon: HeadsetIcon,
    field: 'email_support',
    subject: 'Technical support request',
  },
  {
    title: 'Complaints',
    description: 'Tell us if something has gone wrong, including privacy concerns. We acknowledge every complaint and respond in writing.',
    icon: MessageSquareWarningIcon,
    field: 'email_complaints',
    subject: 'Complaint',
  },
  {
    title: 'Sales & Enterprise',
    description: 'Team accounts, enterprise security, volume needs and pricing questions, all in Australian dollars.',
    icon: BriefcaseIcon,
    field: 'email_sales',
    subject: 'Sales enquiry',
  },
];

/** The three contact channels with mailto links built from the company record. */
export function ContactCards() {
  const { data: company, isPending, isError, refetch } = useCompanyInfo();
  return (
    <div className="space-y-6">
      {isError && (
        <p role="status" className="text-center text-sm text-muted-foreground">
          We couldn&apos;t load our contact details just now.{' '}
          <button type="button" onClick={() => void refetch()} className="font-medium text-primary underline-offset-4 hover:underline">
            Try again
          </button>
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {CHANNELS.map((channel) => {
          const email = company?.[channel.field];
          return (
            <Card key={channel.title} className="h-full">
              <CardHeader className="gap-4">
                <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                  <channel.icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="text-lg">{channel.title}</CardTitle>
                <CardDescription className="leading-6">{channel.description}</CardDescription>
              </CardHeader>
              <CardFooter className="mt-auto">
                {isPending ? (
                  <Skeleton className="h-9 w-full" />
                ) : email ? (
                  <Button asChild variant="outline" className="w-full justify-start">
                    <a href={`mailto:${email}?subject=${encodeURIComponent(channel.subject)}`}>
                      <MailIcon />
                      <span className="truncate">{email}</span>
                    </a>
                  </Button>
                ) : null}
              </CardFooter>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
