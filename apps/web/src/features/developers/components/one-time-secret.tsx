import { CopyIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

export interface OneTimeSecretText {
  title: string;
  /** What the secret is called in the buttons and toasts: "key", "secret". */
  noun: string;
  /** How to use it, after "Copy it now: it will not be shown again." */
  use: string;
  /** The copied toast's advice on where to keep it. */
  keep: string;
}

/** A secret the server shows once (an API key, a webhook's signing secret), with a copy button. */
export function OneTimeSecret({ secret, text, onDone }: { secret: string; text: OneTimeSecretText; onDone: () => void }) {
  const noun = text.noun;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: `${noun[0]!.toUpperCase()}${noun.slice(1)} copied`, description: text.keep, variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: `Select the ${noun} and copy it yourself.`, variant: 'destructive' });
    }
  };
  return (
    <Alert>
      <AlertTitle>{text.title}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>Copy it now: it will not be shown again. {text.use}</p>
        <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all text-foreground">{secret}</code>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={copy}>
            <CopyIcon aria-hidden="true" /> Copy {noun}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

export const API_KEY_SECRET_TEXT: OneTimeSecretText = {
  title: 'Your new API key',
  noun: 'key',
  use: 'Send it as “Authorization: Bearer” followed by the key.',
  keep: 'Keep it somewhere safe, such as your script’s secret store.',
};

export const WEBHOOK_SECRET_TEXT: OneTimeSecretText = {
  title: 'Your signing secret',
  noun: 'secret',
  use: 'Your receiver checks each delivery’s signature with it.',
  keep: 'Keep it where your receiver can read it.',
};
