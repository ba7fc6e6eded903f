import type { LinkStatus } from '@wattle/shared';
import { Badge } from '@/components/ui/badge';

const STATUS: Record<LinkStatus, { label: string; variant: 'wattle' | 'secondary' | 'outline' }> = {
  active: { label: 'Active', variant: 'wattle' },
  expired: { label: 'Expired', variant: 'secondary' },
  revoked: { label: 'Revoked', variant: 'outline' },
};

export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
