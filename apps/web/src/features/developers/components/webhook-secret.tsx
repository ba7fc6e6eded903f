import { CopyIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

/** A signing secret, shown once (after creating or rotating): the server never shows it again. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Secret copied', description: 'Keep it where your receiver can read it.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the secret and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <Alert>
      <AlertTitle>Your signing secret</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>Copy it now: it will not be shown again. Your receiver checks each delivery’s signature with it.</p>
        <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all text-foreground">{secret}</code>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={copy}>
            <CopyIcon aria-hidden="true" /> Copy secret
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
