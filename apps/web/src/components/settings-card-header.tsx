import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The head of a settings card: its icon and heading, what it does, and anything the card shows beside that. */
export function SettingsCardHeader({
  icon: Icon,
  title,
  description,
  destructive = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** The icon in the danger colour, for a card whose action cannot be undone. */
  destructive?: boolean;
  children?: ReactNode;
}) {
  return (
    <CardHeader>
      <CardTitle className="flex items-center gap-2">
        <Icon className={cn('size-5', destructive ? 'text-destructive' : 'text-primary')} aria-hidden="true" />
        <h2>{title}</h2>
      </CardTitle>
      <CardDescription>{description}</CardDescription>
      {children}
    </CardHeader>
  );
}
