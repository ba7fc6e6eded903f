import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface SectionProps {
  id?: string;
  eyebrow?: string;
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** `muted` gives the band a tinted background to separate it from its neighbours. */
  tone?: 'default' | 'muted';
  className?: string;
}

export function Section({ id, eyebrow, title, description, children, tone = 'default', className }: SectionProps) {
  return (
    <section id={id} className={cn('scroll-mt-[72px] py-16 sm:py-20', tone === 'muted' && 'bg-muted/50', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {(eyebrow || title || description) && (
          <div className="mx-auto mb-12 max-w-2xl text-center">
            {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
            {title && <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h2>}
            {description && <p className="mt-4 text-lg leading-8 text-pretty text-muted-foreground">{description}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
