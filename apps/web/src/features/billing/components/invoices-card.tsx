import { formatAud } from '@wattle/shared';
import { DownloadIcon, ReceiptTextIcon } from 'lucide-react';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDate } from '@/lib/dates';
import { useTaxInvoices } from '../api/tax-invoices';

/** Every payment's tax invoice, each a PDF to download. */
export function InvoicesCard() {
  const { data: invoices, isPending, isError } = useTaxInvoices();
  const { locale, timeZone } = usePreferences();
  return (
    <Card>
      <SettingsCardHeader icon={ReceiptTextIcon} title="Tax invoices" description="One for every payment, with our ABN and the GST included in the price." />
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError ? (
          <p className="text-sm text-destructive">Your invoices could not be loaded. Please try again.</p>
        ) : invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet. Your first one arrives by email when you pay for a plan.</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium">{invoice.number}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatDate(invoice.issuedAt, locale, timeZone)} · {formatAud(invoice.totalCents)} inc. GST of {formatAud(invoice.gstCents)}
                  </p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <a href={invoice.pdfUrl} download>
                    <DownloadIcon aria-hidden="true" />
                    Download<span className="sr-only"> {invoice.number}</span>
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
