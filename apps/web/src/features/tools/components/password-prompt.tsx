import { LockOpenIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/features/jobs/lib/job-errors';
import { isApiError } from '@/lib/api-client';

/** Asks for the password of an encrypted input; onUnlock rejects with the reason (e.g. WRONG_PASSWORD). */
export function PasswordPrompt({ onUnlock, action }: { onUnlock: (password: string) => Promise<unknown>; action: string }) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const submit = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      await onUnlock(password);
    } catch (error) {
      setProblem(describeError(isApiError(error) ? error : { code: 'INTERNAL' }).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="grid gap-2 text-foreground">
      <Label htmlFor={id}>Password</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (password) void submit();
            }
          }}
          aria-invalid={Boolean(problem)}
          className="bg-background"
        />
        <Button type="button" onClick={() => void submit()} disabled={!password || pending}>
          {pending ? <Spinner /> : <LockOpenIcon />} {action}
        </Button>
      </div>
      {problem && <p className="text-sm text-destructive">{problem}</p>}
    </div>
  );
}
