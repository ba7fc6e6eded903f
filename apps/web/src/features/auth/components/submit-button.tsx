import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A full-width submit button that reads `busyLabel` (and is disabled) while the request runs. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy && <Spinner />}
      {busy ? busyLabel : children}
    </Button>
  );
}
