import { useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { toast } from '@/components/ui/toast';
import { useAppConfig } from '../api/app-config';
import type { SocialProviderId } from '@wattle/shared';
import { authClient } from '../auth-client';
import { readAuthError } from '../lib/auth-errors';
import { CALLBACK_PATH } from '../lib/flow';

const PROVIDERS: Array<{ id: SocialProviderId; label: string; icon: ComponentType }> = [
  { id: 'google', label: 'Google', icon: GoogleIcon },
  { id: 'facebook', label: 'Facebook', icon: FacebookIcon },
  { id: 'linkedin', label: 'LinkedIn', icon: LinkedInIcon },
];

/** Tailwind needs whole class names: the row holds one button per configured provider. */
const COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3'] as const;

/**
 * "Or continue with" and a button for each provider the server has credentials for (none: nothing
 * at all), each starting the real OAuth redirect. While one attempt runs, all are disabled (spec section 4).
 */
export function SocialButtons({ mode, callbackPath = CALLBACK_PATH }: { mode: 'sign-in' | 'sign-up'; callbackPath?: string }) {
  const config = useAppConfig();
  const [pending, setPending] = useState<SocialProviderId | null>(null);

  const fail = (label: string, message?: string) =>
    toast({ title: mode === 'sign-up' ? 'Error signing up' : 'Authentication failed', description: message || `Failed to sign in with ${label}`, variant: 'destructive' });

  const configured = PROVIDERS.filter(({ id }) => config.data?.socialProviders.includes(id));
  if (configured.length === 0) return null;

  const start = async (id: SocialProviderId, label: string) => {
    setPending(id);
    try {
      const { error } = await authClient.signIn.social({ provider: id, callbackURL: callbackPath, errorCallbackURL: CALLBACK_PATH });
      // On success the browser is already leaving for the provider.
      if (error) {
        fail(label, readAuthError(error)?.message);
        setPending(null);
      }
    } catch {
      fail(label);
      setPending(null);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="relative text-center text-xs uppercase">
        <span aria-hidden="true" className="absolute inset-x-0 top-1/2 border-t" />
        <span className="relative bg-background px-2 text-muted-foreground">Or continue with</span>
      </div>
      <div className={cn('grid gap-2', COLUMNS[configured.length])}>
        {configured.map(({ id, label, icon: Icon }) => (
          <Button
            key={id}
            type="button"
            variant="outline"
            disabled={pending !== null}
            onClick={() => void start(id, label)}
            aria-label={`Continue with ${label}`}
            title={label}
          >
            {pending === id ? <Spinner /> : <Icon />}
            {/* Three to a row leave room for the names only on wider screens. */}
            <span className={configured.length === 3 ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
          </Button>
        ))}
      </div>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 10.9l4-3Z" />
      <path fill="#EA4335" d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.5l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z" />
    </svg>
  );
}

function LinkedInIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#0A66C2" d="M20.4 20.5h-3.6v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9v5.7H9.4V9h3.4v1.6c.5-.9 1.6-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.5v6.2ZM5.3 7.4a2.1 2.1 0 1 1 0-4.1 2.1 2.1 0 0 1 0 4.1ZM7.1 20.5H3.6V9h3.5v11.5ZM22.2 0H1.8C.8 0 0 .8 0 1.7v20.6c0 .9.8 1.7 1.8 1.7h20.4c1 0 1.8-.8 1.8-1.7V1.7C24 .8 23.2 0 22.2 0Z" />
    </svg>
  );
}
