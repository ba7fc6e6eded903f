import { zodResolver } from '@hookform/resolvers/zod';
import { CopyIcon, LinkIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { LINK_NAME_MAX, LINK_PASSWORD_MAX, type Link } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { fieldErrorsOf } from '@/lib/api-client';
import { useCreateLink, useUpdateLink } from '../api/links';
import { emptyLinkForm, formFieldOf, formToSettings, linkFormSchema, linkToForm, type LinkFormValues } from '../lib/link-form';
import { copyLinkUrl } from './copy-link';

/**
 * Create a link to a document, or change an existing link's settings. Once the link exists its address
 * is shown first, ready to copy.
 */
export function LinkDialog({
  open,
  onOpenChange,
  document,
  link: existing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Create a link to this document… */
  document?: { id: string; filename: string };
  /** …or edit this one. */
  link?: Link;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-xl">
        {/* Remounted on each opening, so the form starts from the link as it is now. */}
        {open && <LinkDialogBody document={document} existing={existing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LinkDialogBody({ document, existing, onDone }: { document?: { id: string; filename: string }; existing?: Link; onDone: () => void }) {
  const { timeZone } = usePreferences();
  const [link, setLink] = useState(existing);
  const create = useCreateLink();
  const update = useUpdateLink();
  const editingWithPassword = Boolean(link?.hasPassword);
  const resolver = useMemo(() => zodResolver(linkFormSchema({ timeZone, now: () => new Date(), editingWithPassword })), [timeZone, editingWithPassword]);
  const form = useForm<LinkFormValues>({ resolver, defaultValues: existing ? linkToForm(existing, timeZone) : emptyLinkForm() });
  const pending = create.isPending || update.isPending;
  const [expires, limitViews, usePassword] = useWatch({ control: form.control, name: ['expires', 'limitViews', 'usePassword'] });

  const onSubmit = form.handleSubmit(async (values) => {
    const settings = formToSettings(values, timeZone, editingWithPassword);
    try {
      if (link) {
        const saved = await update.mutateAsync({ id: link.id, changes: settings });
        toast({ title: 'Link updated', description: 'The new settings apply from the next visit.', variant: 'success' });
        setLink(saved);
        onDone();
      } else {
        const created = await create.mutateAsync({ documentId: document!.id, ...settings });
        setLink(created);
        form.reset(linkToForm(created, timeZone));
        toast({ title: 'Link created', description: 'Copy the link and send it to the people who should read the document.', variant: 'success' });
      }
    } catch (error) {
      const fieldErrors = Object.entries(fieldErrorsOf(error));
      for (const [apiField, message] of fieldErrors) {
        const field = formFieldOf(apiField);
        if (field) form.setError(field, { message });
      }
      if (fieldErrors.length === 0) toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  });

  const documentName = link?.documentName ?? document?.filename ?? '';
  return (
    <>
      <DialogHeader>
        <DialogTitle>{link ? 'Share link' : 'Create a share link'}</DialogTitle>
        <DialogDescription className="break-words">{documentName}</DialogDescription>
      </DialogHeader>
      {link && <LinkAddress url={link.url} />}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name (optional)</FormLabel>
                <FormControl>
                  <Input maxLength={LINK_NAME_MAX} placeholder="For example: Proposal for Acme" {...field} />
                </FormControl>
                <FormDescription>Only you see it, and viewers see it instead of the file name.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <fieldset className="grid gap-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">Who can open it</legend>
            <ToggleField control={form.control} name="expires" label="Expires" description="The link stops working at this date and time (your time zone)." />
            {expires && <ExpiryFields control={form.control} timeZone={timeZone} />}
            <ToggleField control={form.control} name="limitViews" label="Limit the number of views" />
            {limitViews && (
              <FormField
                control={form.control}
                name="maxViews"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Views allowed</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="numeric" min={1} max={1000} className="w-32" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            <ToggleField control={form.control} name="usePassword" label="Require a password" />
            {usePassword && (
              <FormField
                control={form.control}
                name="password"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Password</FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="new-password" maxLength={LINK_PASSWORD_MAX} {...field} />
                    </FormControl>
                    <FormDescription>{editingWithPassword ? 'Leave it empty to keep the current password.' : 'Send it separately, for example by text message.'}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            <ToggleField control={form.control} name="requireEmail" label="Require an email address" description="Viewers confirm their address with a code we email them." />
            <ListField control={form.control} name="allowList" label="Only these people (optional)" description="Email addresses or domains such as @example.com.au, one a line." />
            <ListField control={form.control} name="blockList" label="Never these people (optional)" description="Email addresses or domains, one a line." />
          </fieldset>
          <fieldset className="grid gap-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">What viewers can do</legend>
            <ToggleField control={form.control} name="allowDownload" label="Allow download" description="Off: viewers read page images and never receive the PDF." />
            <ToggleField control={form.control} name="watermark" label="Watermark" description="The viewer's email address, the date and their IP address across every page." />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone}>
              {link && !existing ? 'Done' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner /> : <LinkIcon />}
              {link ? 'Save changes' : 'Create link'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  );
}

/** The link's address, selectable, with a copy button. */
function LinkAddress({ url }: { url: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Link</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" variant="secondary" onClick={() => void copyLinkUrl(url)}>
          <CopyIcon />
          Copy
        </Button>
      </div>
    </div>
  );
}

type BooleanField = 'expires' | 'limitViews' | 'usePassword' | 'requireEmail' | 'allowDownload' | 'watermark';

function ToggleField({ control, name, label, description }: { control: Control<LinkFormValues>; name: BooleanField; label: string; description?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

function ListField({ control, name, label, description }: { control: Control<LinkFormValues>; name: FieldPath<LinkFormValues> & ('allowList' | 'blockList'); label: string; description: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea rows={2} {...field} />
          </FormControl>
          <FormDescription>{description}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function ExpiryFields({ control, timeZone }: { control: Control<LinkFormValues>; timeZone: string }) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <FormField
        control={control}
        name="expiryDate"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Date</FormLabel>
            <FormControl>
              <Input type="date" lang="en-AU" className="w-44" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="expiryTime"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Time</FormLabel>
            <FormControl>
              <Input type="time" lang="en-AU" className="w-32" {...field} />
            </FormControl>
            <FormDescription>{timeZone.replace(/_/g, ' ')}</FormDescription>
          </FormItem>
        )}
      />
    </div>
  );
}
