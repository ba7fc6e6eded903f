import { CopyIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

/** A new key's secret, shown once: the server keeps only its hash. */
export function ApiKeySecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Key copied', description: 'Keep it somewhere safe, such as your script’s secret store.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the key and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <Alert>
      <AlertTitle>Your new API key</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>Copy it now: it will not be shown again. Send it as “Authorization: Bearer” followed by the key.</p>
        <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all text-foreground">{secret}</code>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={copy}>
            <CopyIcon aria-hidden="true" /> Copy key
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
