import { BarChart3Icon, CopyIcon, EllipsisVerticalIcon, PencilIcon, BanIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { Link } from '@wattle/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDateTime } from '@/lib/dates';
import { useDeleteLink, useRevokeLink } from '../api/links';
import { copyLinkUrl } from './copy-link';
import { LinkAnalyticsPanel } from './link-analytics';
import { LinkDialog } from './link-dialog';
import { LinkStatusBadge } from './link-status-badge';

/** The settings a viewer meets, as short labels. */
function settingLabels(link: Link): string[] {
  return [
    link.hasPassword && 'Password',
    link.requireEmail && 'Email required',
    link.allowList.length > 0 && `${link.allowList.length} allowed`,
    link.blockList.length > 0 && `${link.blockList.length} blocked`,
    link.allowDownload && 'Download allowed',
    link.watermark && 'Watermark',
  ].filter((label): label is string => Boolean(label));
}

/** One link in the list: what it opens, its state and settings, and what its owner can do with it. */
export function LinkCard({ link }: { link: Link }) {
  const { locale, timeZone } = usePreferences();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'revoke' | 'delete' | null>(null);
  const [showAnalytics, setShowAnalytics] = useState(false);
  const revoke = useRevokeLink();
  const remove = useDeleteLink();
  const analyticsId = `analytics-${link.id}`;
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);

  const confirm = () => {
    if (confirming === 'revoke') {
      revoke.mutate(link.id, {
        onSuccess: () => toast({ title: 'Link revoked', description: 'The link no longer opens the document.', variant: 'success' }),
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      });
    } else {
      remove.mutate(link.id, {
        onSuccess: () => toast({ title: 'Link deleted', description: 'The link and its visits were deleted.', variant: 'success' }),
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      });
    }
    setConfirming(null);
  };

  return (
    <Card className="min-w-0 gap-0 py-0">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-medium">{link.name ?? link.documentName}</h2>
            <LinkStatusBadge status={link.status} />
          </div>
          {link.name && <p className="truncate text-sm text-muted-foreground">{link.documentName}</p>}
          <p className="text-sm text-muted-foreground">
            {link.viewCount.toLocaleString('en-AU')} {link.maxViews === null ? (link.viewCount === 1 ? 'view' : 'views') : `of ${link.maxViews.toLocaleString('en-AU')} views`}
            {' · '}
            {link.lastViewedAt ? `last viewed ${when(link.lastViewedAt)}` : 'not viewed yet'}
            {link.expiresAt && ` · ${link.status === 'expired' ? 'expired' : 'expires'} ${when(link.expiresAt)}`}
          </p>
          {settingLabels(link).length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Settings">
              {settingLabels(link).map((label) => (
                <li key={label}>
                  <Badge variant="outline">{label}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => void copyLinkUrl(link.url)} disabled={link.status !== 'active'}>
            <CopyIcon />
            Copy link
          </Button>
          <Button variant="ghost" size="sm" aria-expanded={showAnalytics} aria-controls={analyticsId} onClick={() => setShowAnalytics((v) => !v)}>
            <BarChart3Icon />
            Analytics
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`More actions for ${link.name ?? link.documentName}`}>
                <EllipsisVerticalIcon />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <PencilIcon />
                Edit settings
              </DropdownMenuItem>
              {link.status !== 'revoked' && (
                <DropdownMenuItem onSelect={() => setConfirming('revoke')}>
                  <BanIcon />
                  Revoke
                </DropdownMenuItem>
              )}
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('delete')}>
                <Trash2Icon />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {showAnalytics && (
        <div id={analyticsId} className="border-t p-4">
          <LinkAnalyticsPanel linkId={link.id} />
        </div>
      )}
      <LinkDialog open={editing} onOpenChange={setEditing} link={link} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'revoke' ? 'Revoke link' : 'Delete link'}
        description={
          confirming === 'revoke'
            ? 'Anyone with this link will no longer be able to open the document. This cannot be undone.'
            : 'The link stops working and its visits are deleted. This cannot be undone.'
        }
        action={confirming === 'revoke' ? 'Revoke' : 'Delete'}
        onConfirm={confirm}
      />
    </Card>
  );
}
