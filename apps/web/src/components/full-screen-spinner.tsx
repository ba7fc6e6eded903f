import { Spinner } from '@/components/ui/spinner';

/** Covers the viewport while something the whole screen depends on loads (the first session check). */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-background">
      <Spinner className="size-10 text-primary" label={label} />
    </div>
  );
}
