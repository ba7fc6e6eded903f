import { Badge } from '@/components/ui/badge';

/** Marks a menu entry for a feature that is still being built. */
export function ComingSoonBadge() {
  return <Badge variant="outline">Coming soon</Badge>;
}
