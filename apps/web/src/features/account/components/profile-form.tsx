import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileSchema } from '@wattle/shared';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSavedForm } from '@/lib/use-saved-form';
import { useUpdateProfile } from '../api/profile';
import type { Profile } from '@wattle/shared';

type ProfileValues = z.input<typeof profileSchema>;

const FIELDS: Array<{ name: keyof ProfileValues; label: string; type?: string; autoComplete: string; description?: string; optional?: boolean }> = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    description: 'Where we contact you. The email you sign in with stays the same.',
  },
  { name: 'company_name', label: 'Company name', autoComplete: 'organization', optional: true },
  { name: 'phone_number', label: 'Phone number', type: 'tel', autoComplete: 'tel', optional: true },
];

function toValues(profile: Profile | undefined): ProfileValues {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    email: profile?.email ?? '',
    company_name: profile?.company_name ?? '',
    phone_number: profile?.phone_number ?? '',
  };
}

/** The profile form (spec section 5 rules, enforced again by the server). */
export function ProfileForm({ profile }: { profile: Profile | undefined }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileValues, unknown, z.output<typeof profileSchema>>({ resolver: zodResolver(profileSchema), defaultValues: toValues(profile) });

  const onSubmit = useSavedForm(form, {
    saved: profile,
    toValues,
    save: (values) => update.mutateAsync(values),
    succeeded: { title: 'Profile updated', description: 'Your profile has been updated successfully.' },
    failed: 'There was an error updating your profile.',
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <FormField
            key={f.name}
            control={form.control}
            name={f.name}
            render={({ field }) => (
              <FormItem className={f.name === 'email' ? 'sm:col-span-2' : undefined}>
                <FormLabel>
                  {f.label}
                  {f.optional && <span className="font-normal text-muted-foreground">(optional)</span>}
                </FormLabel>
                <FormControl>
                  <Input type={f.type ?? 'text'} autoComplete={f.autoComplete} disabled={!profile} {...field} value={field.value ?? ''} />
                </FormControl>
                {f.description && <FormDescription>{f.description}</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <div className="flex items-center justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="ghost" disabled={!form.formState.isDirty || update.isPending} onClick={() => form.reset(toValues(profile))}>
            Discard changes
          </Button>
          <Button type="submit" disabled={!profile || update.isPending}>
            {update.isPending && <Spinner />}
            Save changes
          </Button>
        </div>
      </form>
    </Form>
  );
}
