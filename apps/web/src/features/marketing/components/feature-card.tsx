import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface FeatureCardProps {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** Extra content under the description (a badge, a link). */
  children?: ReactNode;
  className?: string;
}

export function FeatureCard({ icon: Icon, title, description, children, className }: FeatureCardProps) {
  return (
    <Card className={cn('h-full gap-4 transition-shadow hover:shadow-md', className)}>
      <CardHeader className="gap-4">
        <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary ring-1 ring-primary/10">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <CardDescription className="text-base leading-7">{description}</CardDescription>
        {children}
      </CardContent>
    </Card>
  );
}
