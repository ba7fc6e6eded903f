import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { useTheme } from '@/components/theme-provider';

// Sonner loads with the first toast, not with every page: most visits never show one. Toasts raised
// before its Toaster subscribes are replayed by sonner when it does.
const loadSonner = () => import('sonner');
const SonnerToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));
let showToaster: (() => void) | undefined;
let toastRaised = false;

export interface ToastOptions {
  title: string;
  description?: string;
  /** `destructive` marks failures (the spec's destructive toasts); `success` confirms a finished action. */
  variant?: 'default' | 'destructive' | 'success';
}

/** Shows a toast with the shadcn call shape: toast({ title, description, variant: 'destructive' }). */
export function toast({ title, description, variant = 'default' }: ToastOptions): void {
  toastRaised = true;
  showToaster?.();
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (variant === 'destructive') sonnerToast.error(title, { description });
    else if (variant === 'success') sonnerToast.success(title, { description });
    else sonnerToast(title, { description });
  });
}

/** Mounted once by the app providers. */
export function Toaster() {
  const { theme } = useTheme();
  const [shown, setShown] = useState(toastRaised);
  useEffect(() => {
    showToaster = () => setShown(true);
    if (toastRaised) setShown(true);
    return () => {
      showToaster = undefined;
    };
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={theme}
        position="bottom-right"
        richColors
        closeButton
        style={
          {
            '--normal-bg': 'var(--popover)',
            '--normal-text': 'var(--popover-foreground)',
            '--normal-border': 'var(--border)',
          } as CSSProperties
        }
      />
    </Suspense>
  );
}
