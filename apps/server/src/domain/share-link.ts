import type { LinkStatus } from '@wattle/shared';

/** What decides whether a share link still opens; the viewer and the owner's list read it the same way. */
export interface LinkLimits {
  revokedAt: Date | null;
  expiresAt: Date | null;
  maxViews: number | null;
  viewCount: number;
}

/** Revoked wins over expired; a link is expired past its date or once its last allowed view was counted. */
export function linkStatus(link: LinkLimits, now: Date): LinkStatus {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (link.maxViews !== null && link.viewCount >= link.maxViews) return 'expired';
  return 'active';
}
