import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatBytes, PLAN_LIMITS, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, supportTicketSchema, type SupportTicketInput } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth/session';
import { ContactCards } from '@/features/marketing/components/contact-cards';
import { fieldErrorsOf, isApiError } from '@/lib/api-client';
import { useFileTicket } from '../api/tickets';
import type { SupportTicket } from '@wattle/shared';

export function SupportPage() {
  const { user } = useSession();
  const fileTicket = useFileTicket();
  const [sent, setSent] = useState<SupportTicket | null>(null);
  const form = useForm<SupportTicketInput>({ resolver: zodResolver(supportTicketSchema), defaultValues: { subject: '', message: '' } });
  const messageLength = form.watch('message').length;

  const onSubmit = form.handleSubmit((values) =>
    fileTicket.mutateAsync(values).then(
      (ticket) => {
        setSent(ticket);
        form.reset();
        toast({ title: 'Message sent', description: `Your reference is ${ticket.reference}.`, variant: 'success' });
      },
      (error: unknown) => {
        for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
          if (field === 'subject' || field === 'message') form.setError(field, { message });
        }
        const description = isApiError(error) && error.code === 'RATE_LIMITED' ? error.message : 'Your message could not be sent. Please try again.';
        toast({ title: 'Error', description, variant: 'destructive' });
      },
    ),
  );

  return (
    <>
      <PageHeader title="Support" description="Send us a message and our Australian support team will reply by email, usually within one business day." />
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader>
            <CardTitle>Contact support</CardTitle>
            <CardDescription>
              Tell us what you were doing and what happened. We reply to the email you sign in with
              {user?.email && (
                <>
                  , <strong className="font-medium break-all text-foreground">{user.email}</strong>
                </>
              )}
              .
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {sent && (
              <Alert>
                <CircleCheckIcon />
                <AlertTitle>We have your message</AlertTitle>
                <AlertDescription>
                  Reference {sent.reference}: “{sent.subject}”. Quote it if you write to us about the same problem.
                </AlertDescription>
              </Alert>
            )}
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate className="grid gap-5">
                <FormField
                  control={form.control}
                  name="subject"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Subject</FormLabel>
                      <FormControl>
                        <Input maxLength={SUPPORT_SUBJECT_MAX} placeholder="My Word file will not convert" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="message"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Message</FormLabel>
                      <FormControl>
                        <Textarea rows={7} maxLength={SUPPORT_MESSAGE_MAX} placeholder="What were you trying to do, and what did you see?" {...field} />
                      </FormControl>
                      <FormDescription className="flex justify-between gap-4">
                        <span>Please do not include passwords or card numbers.</span>
                        <span className="shrink-0 tabular-nums">
                          {messageLength}/{SUPPORT_MESSAGE_MAX}
                        </span>
                      </FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <div className="flex justify-end">
                  <Button type="submit" disabled={fileTicket.isPending}>
                    {fileTicket.isPending ? <Spinner /> : <SendIcon />}
                    Send message
                  </Button>
                </div>
              </form>
            </Form>
          </CardContent>
        </Card>
        <Card className="h-fit bg-secondary/50">
          <CardHeader>
            <CardTitle className="text-base">Before you write</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm text-muted-foreground">
            <p>
              Files must be PDFs under {formatBytes(PLAN_LIMITS.free.documentBytes)} to upload to My Documents, and each account has {formatBytes(PLAN_LIMITS.free.storageBytes)} of storage.
            </p>
            <p>Password-protected PDFs need their password before most tools can open them. Use Unlock PDF first.</p>
            <p>Processed files are deleted from our servers automatically, so download results you want to keep.</p>
          </CardContent>
        </Card>
      </div>
      <section className="mt-10" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Other ways to reach us
        </h2>
        <ContactCards />
      </section>
    </>
  );
}
