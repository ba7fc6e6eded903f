import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface PageHeroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown beside the text on wide screens, below it on phones. */
  aside?: ReactNode;
  className?: string;
}

/** The opening band of a marketing page: soft eucalyptus wash with a wattle glow. */
export function PageHero({ eyebrow, title, description, actions, aside, className }: PageHeroProps) {
  return (
    <section className={cn('relative isolate overflow-hidden border-b', className)}>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,color-mix(in_oklch,var(--wattle)_22%,transparent),transparent_55%),radial-gradient(ellipse_at_bottom_left,color-mix(in_oklch,var(--primary)_14%,transparent),transparent_60%)]"
      />
      <div
        className={cn(
          'mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:px-8 lg:py-24',
          aside && 'lg:grid-cols-[1.1fr_1fr] lg:items-center',
        )}
      >
        <div className={cn('max-w-3xl', !aside && 'mx-auto text-center')}>
          {eyebrow && <div className={cn('mb-5 flex', !aside && 'justify-center')}>{eyebrow}</div>}
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
          {description && <p className="mt-6 text-lg leading-8 text-pretty text-muted-foreground">{description}</p>}
          {actions && <div className={cn('mt-8 flex flex-col gap-3 sm:flex-row', !aside && 'sm:justify-center')}>{actions}</div>}
        </div>
        {aside}
      </div>
    </section>
  );
}
