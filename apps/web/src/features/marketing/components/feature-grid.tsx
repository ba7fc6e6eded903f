import type { LucideIcon } from 'lucide-react';
import { FeatureCard } from './feature-card';

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' } as const;

/** Plain feature cards in a grid: one column on phones, then two, then (by default) three. */
export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: keyof typeof COLUMNS }) {
  return (
    <div className={`grid gap-6 ${COLUMNS[columns]}`}>
      {features.map((feature) => (
        <FeatureCard key={feature.title} {...feature} />
      ))}
    </div>
  );
}
