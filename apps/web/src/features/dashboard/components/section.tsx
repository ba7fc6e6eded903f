import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled group of cards on a dashboard page. */
export function Section({ title, icon: Icon, children }: { title: string; icon?: LucideIcon; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {Icon && <Icon className="size-4" aria-hidden="true" />}
        {title}
      </h2>
      {children}
    </section>
  );
}
