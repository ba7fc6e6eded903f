import { LINK_VISITS_PAGE_SIZE, type LinkAnalytics, type LinkVisitPage } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { listVisits, visitTotals } from '../repositories/share-visits.ts';
import { getLink } from './share-links.ts';

/** What an owner learns of a link's readers; another account's link id is NOT_FOUND (getLink scopes it). */

export async function linkVisits(container: Pick<Ports, 'config' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, linkId: string, page: number): Promise<LinkVisitPage> {
  await getLink(container, owner, linkId);
  const { rows, total } = await listVisits(container.db, linkId, { offset: (page - 1) * LINK_VISITS_PAGE_SIZE, limit: LINK_VISITS_PAGE_SIZE });
  return {
    items: rows.map((row) => ({
      id: row.id,
      viewerEmail: row.viewerEmail,
      country: row.country,
      device: row.device as LinkVisitPage['items'][number]['device'],
      startedAt: row.startedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      totalMs: row.totalMs,
      downloaded: row.downloadedAt !== null,
    })),
    total,
    page,
    pageSize: LINK_VISITS_PAGE_SIZE,
  };
}

export async function linkAnalytics(container: Pick<Ports, 'config' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, linkId: string): Promise<LinkAnalytics> {
  await getLink(container, owner, linkId);
  return visitTotals(container.db, linkId);
}
