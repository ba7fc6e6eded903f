import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { fullName, useProfile } from '../api/profile';
import { AvatarEditor } from '../components/avatar-editor';
import { ProfileForm } from '../components/profile-form';

export function ProfilePage() {
  const { data: profile, isPending } = useProfile();
  return (
    <>
      <PageHeader title="Profile Settings" description="Manage your account settings and preferences" />
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-[18rem_1fr]">
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Profile picture</CardTitle>
            <CardDescription>JPEG, PNG or GIF. You can crop it before it is saved.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col items-center gap-4">
            <AvatarEditor profile={profile} />
            <div className="min-w-0 text-center">
              {isPending ? (
                <Skeleton className="mx-auto h-5 w-32" />
              ) : (
                <p className="truncate font-semibold">{fullName(profile) || 'User'}</p>
              )}
              <p className="truncate text-sm text-muted-foreground">{profile?.email}</p>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Personal details</CardTitle>
            <CardDescription>Your name and contact details, as they appear on your account.</CardDescription>
          </CardHeader>
          <CardContent>
            <ProfileForm profile={profile} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
