import type { CSSProperties } from 'react';
import { Toaster as Sonner, toast as sonnerToast } from 'sonner';
import { useTheme } from '@/components/theme-provider';

export interface ToastOptions {
  title: string;
  description?: string;
  /** `destructive` marks failures (the spec's destructive toasts); `success` confirms a finished action. */
  variant?: 'default' | 'destructive' | 'success';
}

/** Shows a toast with the shadcn call shape: toast({ title, description, variant: 'destructive' }). */
export function toast({ title, description, variant = 'default' }: ToastOptions): string | number {
  if (variant === 'destructive') return sonnerToast.error(title, { description });
  if (variant === 'success') return sonnerToast.success(title, { description });
  return sonnerToast(title, { description });
}

toast.dismiss = sonnerToast.dismiss;

/** Mounted once by the app providers. */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { description: 'opacity-90' } }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as CSSProperties
      }
    />
  );
}
