import type { LucideIcon } from 'lucide-react';

export interface Benefit {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** Three reasons side by side on a public page, each under its icon. */
export function BenefitGrid({ benefits }: { benefits: Benefit[] }) {
  return (
    <div className="grid gap-10 md:grid-cols-3">
      {benefits.map((benefit) => (
        <div key={benefit.title} className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
            <benefit.icon className="size-7" aria-hidden />
          </span>
          <h3 className="mt-5 text-xl font-semibold">{benefit.title}</h3>
          <p className="mt-3 leading-7 text-muted-foreground">{benefit.description}</p>
        </div>
      ))}
    </div>
  );
}
