import { hashPassword } from 'better-auth/crypto';
import type { z } from 'zod';
import { AppError, isUuid, LINKS_PAGE_SIZE, type createLinkSchema, type Link, type LinkPage, type updateLinkSchema } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { accountColumns } from '../repositories/owned-by.ts';
import { linkStatus } from '../domain/share-link.ts';
import {
  deleteOwnedShareLink,
  findOwnedShareLink,
  insertShareLink,
  listOwnedShareLinks,
  updateOwnedShareLink,
  type OwnedShareLink,
  type ShareLinkChanges,
} from '../repositories/share-links.ts';
import { ownedDocument } from './documents.ts';
import { recordTeamActivity } from './team-activity.ts';
import { hashLinkToken, linkUrl, newLinkToken, sealLinkToken, unsealLinkToken } from './share-tokens.ts';

export type NewLinkInput = z.output<typeof createLinkSchema>;
export type LinkChangesInput = z.output<typeof updateLinkSchema>;

/** A link to one of the account's stored documents; it opens the document's current version. */
export async function createLink(container: Pick<Ports, 'config' | 'logger' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, input: NewLinkInput): Promise<Link> {
  const document = await ownedDocument(container, owner, input.documentId);
  const now = container.clock.now();
  const token = newLinkToken();
  const row = await insertShareLink(container.db, {
    ...accountColumns(owner),
    documentId: document.id,
    tokenHash: hashLinkToken(token),
    tokenSealed: sealLinkToken(container.authSecret, token),
    ...(await settingsOf(input, now)),
    createdAt: now,
    updatedAt: now,
  });
  await recordTeamActivity(container, owner, 'link.created', document.filename);
  return toLinkView(container, { ...row, documentName: document.filename }, now);
}

export async function listLinks(container: Pick<Ports, 'config' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, query: { documentId?: string; page: number }): Promise<LinkPage> {
  const now = container.clock.now();
  const { rows, total } = await listOwnedShareLinks(container.db, owner, {
    documentId: query.documentId,
    offset: (query.page - 1) * LINKS_PAGE_SIZE,
    limit: LINKS_PAGE_SIZE,
  });
  return { items: rows.map((row) => toLinkView(container, row, now)), total, page: query.page, pageSize: LINKS_PAGE_SIZE };
}

export async function getLink(container: Pick<Ports, 'config' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, id: string): Promise<Link> {
  return toLinkView(container, await ownedLink(container, owner, id), container.clock.now());
}

/** Only the settings sent change; `password: null` removes the password. */
export async function updateLink(container: Pick<Ports, 'config' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, id: string, input: LinkChangesInput): Promise<Link> {
  const now = container.clock.now();
  await changeLink(container, owner, id, { ...(await settingsOf(input, now)), updatedAt: now });
  return getLink(container, owner, id);
}

/** Turns the link off for good (the viewer answers LINK_GONE); revoking again keeps the first time. */
export async function revokeLink(container: Pick<Ports, 'config' | 'logger' | 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, id: string): Promise<Link> {
  const link = await ownedLink(container, owner, id);
  if (!link.revokedAt) {
    const now = container.clock.now();
    await changeLink(container, owner, id, { revokedAt: now, updatedAt: now });
    await recordTeamActivity(container, owner, 'link.revoked', link.documentName);
  }
  return getLink(container, owner, id);
}

/** The link and its visits go; its address then finds nothing. */
export async function deleteLink(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteOwnedShareLink(container.db, owner, id))) throw new AppError('NOT_FOUND');
}

async function ownedLink(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string): Promise<OwnedShareLink> {
  const row = isUuid(id) ? await findOwnedShareLink(container.db, owner, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function changeLink(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string, changes: ShareLinkChanges): Promise<void> {
  if (!isUuid(id) || !(await updateOwnedShareLink(container.db, owner, id, changes))) throw new AppError('NOT_FOUND');
}

/** The columns of the settings given; a date in the past is refused here, where the clock is. */
async function settingsOf(input: LinkChangesInput, now: Date): Promise<ShareLinkChanges> {
  const expiresAt = input.expiresAt == null ? input.expiresAt : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { expiresAt: ['Choose a time in the future'] } });
  }
  return {
    name: input.name === undefined ? undefined : input.name || null,
    expiresAt,
    maxViews: input.maxViews,
    passwordHash: input.password === undefined ? undefined : input.password === null ? null : await hashPassword(input.password),
    requireEmail: input.requireEmail,
    allowList: input.allowList && [...new Set(input.allowList)],
    blockList: input.blockList && [...new Set(input.blockList)],
    allowDownload: input.allowDownload,
    watermark: input.watermark,
  };
}

function toLinkView(container: Pick<Ports, 'config' | 'authSecret'>, row: OwnedShareLink, now: Date): Link {
  return {
    id: row.id,
    documentId: row.documentId,
    documentName: row.documentName,
    name: row.name,
    url: linkUrl(container, unsealLinkToken(container.authSecret, row.tokenSealed)),
    status: linkStatus(row, now),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxViews: row.maxViews,
    viewCount: row.viewCount,
    hasPassword: row.passwordHash !== null,
    requireEmail: row.requireEmail,
    allowList: row.allowList,
    blockList: row.blockList,
    allowDownload: row.allowDownload,
    watermark: row.watermark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  };
}
