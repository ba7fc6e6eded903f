import { zodResolver } from '@hookform/resolvers/zod';
import { billingDetailsInputSchema, formatAbn, type BillingDetails, type BillingDetailsInput } from '@wattle/shared';
import { Building2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSavedForm } from '@/lib/use-saved-form';
import { useBillingDetails, useSaveBillingDetails } from '../api/tax-invoices';

type Values = BillingDetailsInput;

const toValues = (details: BillingDetails | undefined): Values => ({
  businessName: details?.businessName ?? '',
  abn: details?.abn ? formatAbn(details.abn) : '',
  address: details?.address ?? '',
  invoiceEmail: details?.invoiceEmail ?? '',
});

const FIELDS: { name: keyof Values; label: string; autoComplete: string; description?: string; multiline?: boolean; inputMode?: 'numeric' | 'email' }[] = [
  { name: 'businessName', label: 'Business name', autoComplete: 'organization' },
  { name: 'abn', label: 'ABN', autoComplete: 'off', inputMode: 'numeric', description: 'Shown on your tax invoices. We check it the way the ATO does.' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', multiline: true },
  { name: 'invoiceEmail', label: 'Invoice email', autoComplete: 'email', inputMode: 'email', description: 'Where invoices are sent. Leave it empty to use your account email.' },
];

/** The buyer's details printed on the next tax invoices; every field may stay empty. */
export function BillingDetailsCard() {
  const { data: details, isPending } = useBillingDetails();
  const save = useSaveBillingDetails();
  const form = useForm<Values, unknown, z.output<typeof billingDetailsInputSchema>>({ resolver: zodResolver(billingDetailsInputSchema), defaultValues: toValues(details) });

  const onSubmit = useSavedForm(form, {
    saved: details,
    toValues,
    save: (values) => save.mutateAsync(values),
    succeeded: { title: 'Billing details saved', description: 'Your next tax invoices will show them.' },
    failed: 'Your billing details could not be saved.',
  });

  return (
    <Card>
      <SettingsCardHeader icon={Building2Icon} title="Billing details" description="For your tax invoices. Invoices already issued keep the details they were issued with." />
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <FormField
                key={f.name}
                control={form.control}
                name={f.name}
                render={({ field }) => (
                  <FormItem className={f.multiline ? 'sm:col-span-2' : undefined}>
                    <FormLabel>
                      {f.label}
                      <span className="font-normal text-muted-foreground">(optional)</span>
                    </FormLabel>
                    <FormControl>
                      {f.multiline ? (
                        <Textarea rows={3} autoComplete={f.autoComplete} disabled={isPending} {...field} value={field.value ?? ''} />
                      ) : (
                        <Input type={f.inputMode === 'email' ? 'email' : 'text'} inputMode={f.inputMode} autoComplete={f.autoComplete} disabled={isPending} {...field} value={field.value ?? ''} />
                      )}
                    </FormControl>
                    {f.description && <FormDescription>{f.description}</FormDescription>}
                    <FormMessage />
                  </FormItem>
                )}
              />
            ))}
            <div className="flex items-center justify-end gap-2 sm:col-span-2">
              <Button type="button" variant="ghost" disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset(toValues(details))}>
                Discard changes
              </Button>
              <Button type="submit" disabled={isPending || save.isPending}>
                {save.isPending && <Spinner />}
                Save details
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
