import { BriefcaseIcon, MailIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fullName, useProfile } from '@/features/account/api/profile';
import { UserAvatar } from '@/features/account/components/user-avatar';
import { useSession } from '@/features/auth/session';
import { useCompanyInfo } from '@/features/company/api/company-info';

export function TeamPage() {
  const { user } = useSession();
  const { data: profile } = useProfile();
  const { data: company } = useCompanyInfo();
  const sales = company?.email_sales;

  return (
    <>
      <PageHeader title="Team" description="The people who work in this account." />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UsersIcon className="size-5 text-primary" aria-hidden="true" />
              Members
            </CardTitle>
            <CardDescription>One member. Team accounts add colleagues with their own sign-in and shared access to documents.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y rounded-lg border">
              <li className="flex items-center gap-3 p-4">
                <UserAvatar profile={profile} fallbackName={user?.name} className="size-10" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{fullName(profile) || user?.name || 'User'}</p>
                  <p className="truncate text-sm text-muted-foreground">{profile?.email ?? user?.email}</p>
                </div>
                <Badge variant="secondary">Owner</Badge>
              </li>
            </ul>
          </CardContent>
        </Card>
        <Card className="min-w-0 bg-eucalyptus-800 text-white">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-white">
              <BriefcaseIcon className="size-5 text-wattle" aria-hidden="true" />
              Working as a team?
            </CardTitle>
            <CardDescription className="text-white/80">
              Team accounts give each colleague their own sign-in, shared documents and central billing in Australian dollars.
            </CardDescription>
          </CardHeader>
          <CardContent className="mt-auto grid gap-2">
            {sales && (
              <Button asChild variant="wattle">
                <a href={`mailto:${sales}?subject=${encodeURIComponent('Team account enquiry')}`}>
                  <MailIcon />
                  Talk to our sales team
                </a>
              </Button>
            )}
            <Button asChild variant="ghost" className="text-white hover:bg-white/10 hover:text-white">
              <Link to="/enterprise/team">
                <ShieldCheckIcon />
                About team management
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
