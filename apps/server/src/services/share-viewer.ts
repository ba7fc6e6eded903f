import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { verifyPassword } from 'better-auth/crypto';
import { withJobDir } from '@wattle/pdf-engine';
import { AppError, isUuid, type ShareViewerInfo, type StartShareVisit } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { ownerOfRow } from '../domain/owner.ts';
import { processWorkDir } from '../data-dir.ts';
import { linkStatus } from '../domain/share-link.ts';
import { addressAllowed, deviceOf, needsEmail } from '../domain/share-viewer.ts';
import { findDocument, type DocumentRow } from '../repositories/documents.ts';
import type { ShareLinkRow } from '../repositories/share-links.ts';
import { addPageTime, findVisit, markVisitDownloaded, startVisit, type ShareVisitRow } from '../repositories/share-visits.ts';
import { companyRecord } from './company-info.ts';
import { openStoredBytes } from './documents.ts';
import { notify } from './notifications.ts';
import { guessUnderBackOff, takeFromRateLimit, type BackOff } from './rate-limit.ts';
import { confirmEmailCode, sendEmailCode } from './share-email-codes.ts';
import { removeSharedPages, sharedPageImage, sharedPageSizes, withImageSlot } from './share-page-cache.ts';
import { findLinkByToken } from './share-tokens.ts';
import { watermarkPage, watermarkText } from './share-watermark.ts';
import { emitWebhookEvent } from './webhooks.ts';

/**
 * The share-link viewer: a caller with no account whose only key is the link's token. Every request
 * reads the link and its document from the database, so revoking the link or deleting the document
 * closes it at once in every API process.
 */

/** Who is asking: the token from the path, the visit cookie if any, and the request's address and browser. */
export interface ViewerRequest {
  token: string;
  visitCookie?: string;
  ip: string;
  userAgent?: string;
}

interface OpenLink {
  link: ShareLinkRow;
  document: DocumentRow;
  /** The visit this request's cookie names, when it is one of this link's. */
  visit?: ShareVisitRow;
}

/** Password and email-code attempts per address, in the one rate limiter. */
const ATTEMPTS_PER_IP = { max: 20, windowSeconds: 15 * 60 };
/**
 * Guesses at a link's gates per link, from any address and for any mailbox: five wrong passwords or
 * codes free, then one guess a second, two, four, … up to one every five minutes, forgotten an hour
 * after the first (decisions 136 and 145).
 */
export const GUESS_BACK_OFF: BackOff = { free: 5, firstWaitSeconds: 1, maxWaitSeconds: 5 * 60, forgetSeconds: 60 * 60 };
/** What a wrong guess at a gate answers; a refused address is not a guess at a secret. */
const WRONG_GUESSES = ['LINK_PASSWORD_INCORRECT', 'EMAIL_CODE_INCORRECT'] as const;
/** Code mails, per link and per address. */
const CODES_PER_LINK = { max: 30, windowSeconds: 15 * 60 };
const CODES_PER_IP = { max: 10, windowSeconds: 15 * 60 };
/** A dwell report may claim the time since the previous one, plus this much for the network. */
const DWELL_SLACK_MS = 15_000;

const visitKey = (container: Pick<Ports, 'authSecret'>) => Buffer.from(hkdfSync('sha256', container.authSecret, '', 'wattle share-visit cookie v1', 32));
const visitMac = (container: Pick<Ports, 'authSecret'>, linkId: string, visitId: string) =>
  createHmac('sha256', visitKey(container)).update(`${linkId}.${visitId}`).digest('base64url');

/** The visit cookie's value: the visit id and an HMAC binding it to its link. */
export const visitCookieValue = (container: Pick<Ports, 'authSecret'>, linkId: string, visitId: string) => `${visitId}.${visitMac(container, linkId, visitId)}`;

function visitIdOf(container: Pick<Ports, 'authSecret'>, linkId: string, cookie: string | undefined): string | undefined {
  const [visitId, mac] = cookie?.split('.') ?? [];
  if (!visitId || !mac || !isUuid(visitId)) return undefined;
  const expected = Buffer.from(visitMac(container, linkId, visitId));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? visitId : undefined;
}

/**
 * The link the token opens, live: NOT_FOUND for a token nobody holds, LINK_GONE once revoked, past its
 * date, out of views (a visit already counted reads on), or when its document was deleted.
 */
async function openLink(container: Pick<Ports, 'dataDir' | 'clock' | 'db' | 'authSecret'>, request: ViewerRequest): Promise<OpenLink> {
  const link = await findLinkByToken(container, request.token);
  if (!link) throw new AppError('NOT_FOUND');
  const document = await findDocument(container.db, ownerOfRow(link), link.documentId);
  if (!document) {
    await removeSharedPages(container, link.documentId);
    throw new AppError('LINK_GONE');
  }
  const visitId = visitIdOf(container, link.id, request.visitCookie);
  const visit = visitId ? await findVisit(container.db, link.id, visitId) : undefined;
  // The view a visit counted was within the limit: its reader keeps reading.
  const limits = visit ? { ...link, maxViews: null } : link;
  if (linkStatus(limits, container.clock.now()) !== 'active') throw new AppError('LINK_GONE');
  return { link, document, visit };
}

/** Pages and downloads need a visit that passed the gates. */
async function openVisit(container: Pick<Ports, 'dataDir' | 'clock' | 'db' | 'authSecret'>, request: ViewerRequest): Promise<Required<OpenLink>> {
  const opened = await openLink(container, request);
  if (!opened.visit) throw new AppError('LINK_LOCKED', gatesOf(opened.link));
  return opened as Required<OpenLink>;
}

const gatesOf = (link: ShareLinkRow) => ({ password: link.passwordHash !== null, email: needsEmail(link) });

const displayName = (open: OpenLink) => open.link.name ?? open.document.filename;

/** `GET /api/s/:token`: what the viewer page shows first; page sizes only once this browser's visit passed the gates. */
export async function viewerInfo(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'blobKeys' | 'authSecret'>, request: ViewerRequest): Promise<ShareViewerInfo> {
  const opened = await openLink(container, request);
  const company = await companyRecord(container);
  return {
    name: displayName(opened),
    pageCount: opened.document.pageCount ?? (await sharedPageSizes(container, opened.document)).length,
    pages: opened.visit ? await sharedPageSizes(container, opened.document) : null,
    gates: gatesOf(opened.link),
    allowDownload: opened.link.allowDownload,
    company: { tradingName: company.tradingName },
  };
}

/** `POST /api/s/:token/email-code`: mails a code when the link asks for an address and this one may open it. */
export async function requestEmailCode(container: Pick<Ports, 'config' | 'dataDir' | 'clock' | 'db' | 'mail' | 'authSecret'>, request: ViewerRequest, email: string): Promise<void> {
  await takeFromRateLimit(container, `share-code:ip:${request.ip}`, CODES_PER_IP);
  const opened = await openLink(container, request).catch(() => undefined);
  if (!opened || !needsEmail(opened.link)) return;
  await takeFromRateLimit(container, `share-code:link:${opened.link.id}`, CODES_PER_LINK);
  sendEmailCode(container, opened.link, displayName(opened), email);
}

/**
 * `POST /api/s/:token/visits`: the gates, then one counted view. Answers the visit and its cookie value.
 * The owner hears of the link's first view.
 */
export async function openVisitWithGates(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'events' | 'queue' | 'country' | 'authSecret'>, request: ViewerRequest, input: StartShareVisit): Promise<{ visitId: string; cookie: string }> {
  const { link, document } = await openLink(container, { ...request, visitCookie: undefined });
  const gates = gatesOf(link);
  let viewerEmail: string | null = null;
  if (gates.password || gates.email) {
    await takeFromRateLimit(container, `share-open:ip:${request.ip}`, ATTEMPTS_PER_IP);
    if ((gates.password && !input.password) || (gates.email && (!input.email || !input.code))) throw new AppError('LINK_LOCKED', gates);
    // One count for both gates: a guesser gains nothing by moving from the password to the codes.
    viewerEmail = await guessUnderBackOff(container, `share-gates:link:${link.id}`, GUESS_BACK_OFF, WRONG_GUESSES, async () => {
      if (gates.password && !(await verifyPassword({ hash: link.passwordHash!, password: input.password! }))) throw new AppError('LINK_PASSWORD_INCORRECT');
      if (!gates.email) return null;
      if (!addressAllowed(input.email!, link.allowList, link.blockList)) throw new AppError('EMAIL_NOT_ALLOWED');
      return confirmEmailCode(container, link.id, input.email!, input.code!);
    });
  }
  const started = await startVisit(container.db, {
    linkId: link.id,
    viewerEmail,
    country: container.country(request.ip),
    device: deviceOf(request.userAgent),
    startedAt: container.clock.now(),
  });
  if (!started) throw new AppError('LINK_GONE');
  await emitWebhookEvent(container, ownerOfRow(link), 'link.viewed', {
    linkId: link.id,
    documentId: document.id,
    visitId: started.visit.id,
    viewerEmail,
    viewCount: started.viewCount,
  });
  if (started.viewCount === 1) {
    await notify(container, link.userId, {
      type: 'share.first_view',
      title: 'Your shared document was opened',
      body: `"${link.name ?? document.filename}" was opened for the first time${viewerEmail ? ` by ${viewerEmail}` : ''}.`,
      link: '/dashboard/share',
    });
  }
  return { visitId: started.visit.id, cookie: visitCookieValue(container, link.id, started.visit.id) };
}

/** `GET /api/s/:token/pages/:n`: the page image, with the viewer's watermark burned in when the link has it on. */
export async function viewerPageImage(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'blobKeys' | 'authSecret'>, request: ViewerRequest, page: number, width: number): Promise<Buffer> {
  const { link, document, visit } = await openVisit(container, request);
  const pageCount = (await sharedPageSizes(container, document)).length;
  if (!Number.isInteger(page) || page < 1 || page > pageCount) throw new AppError('NOT_FOUND');
  const image = await sharedPageImage(container, document, page, width);
  if (!link.watermark) return image;
  return withImageSlot(() => watermarkPage(image, watermarkText({ email: visit.viewerEmail, ip: request.ip }, container.clock.now())));
}

/**
 * `GET /api/s/:token/download`: the PDF, only when the link allows downloads; watermarked through the
 * engine's watermark tool when the link has it on. Recorded on the visit; the owner hears of it.
 */
export async function viewerDownload(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'executor' | 'events' | 'authSecret'>, request: ViewerRequest): Promise<{ filename: string; body: Readable | Buffer }> {
  const { link, document, visit } = await openVisit(container, request);
  if (!link.allowDownload) throw new AppError('NOT_FOUND');
  const now = container.clock.now();
  const body = link.watermark ? await watermarkedPdf(container, document, watermarkText({ email: visit.viewerEmail, ip: request.ip }, now)) : await openStoredBytes(container, document.filePath, document.id);
  await markVisitDownloaded(container.db, visit.id, now);
  await notify(container, link.userId, {
    type: 'share.download',
    title: 'Your shared document was downloaded',
    body: `"${link.name ?? document.filename}" was downloaded${visit.viewerEmail ? ` by ${visit.viewerEmail}` : ''}.`,
    link: '/dashboard/share',
  });
  return { filename: document.filename, body };
}

async function watermarkedPdf(container: Pick<Ports, 'dataDir' | 'logger' | 'blobStore' | 'executor'>, document: DocumentRow, text: string): Promise<Buffer> {
  return withJobDir(processWorkDir(container.dataDir), async (dir) => {
    const input = join(dir, 'document.pdf');
    await pipeline(await openStoredBytes(container, document.filePath, document.id), createWriteStream(input, { mode: 0o600 }));
    const [output] = await container.executor.run(
      { tool: 'watermark', inputs: [{ path: input, filename: document.filename }], options: { text, position: 'tiled', opacity: 0.25, fontSize: 18, angle: 35 }, workDir: dir, outputDir: dir },
      {},
    );
    return readFile(output!.path);
  });
}

/**
 * `POST /api/s/:token/time`: dwell per page as the viewer reports it, bounded by the server: pages of
 * this document only, and never more time in one report than has passed since the previous one.
 */
export async function recordDwell(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'blobKeys' | 'authSecret'>, request: ViewerRequest, pages: { page: number; ms: number }[]): Promise<void> {
  const { document, visit } = await openVisit(container, request);
  const pageCount = document.pageCount ?? (await sharedPageSizes(container, document)).length;
  const perPage = new Map<number, number>();
  for (const entry of pages) {
    if (entry.page > pageCount) throw new AppError('VALIDATION_FAILED', { fieldErrors: { pages: [`Pages run from 1 to ${pageCount}`] } });
    perPage.set(entry.page, (perPage.get(entry.page) ?? 0) + entry.ms);
  }
  const now = container.clock.now();
  const claimed = [...perPage.values()].reduce((sum, ms) => sum + ms, 0);
  const possible = Math.max(0, now.getTime() - visit.lastSeenAt.getTime()) + DWELL_SLACK_MS;
  const scale = claimed > possible ? possible / claimed : 1;
  const accepted = [...perPage].map(([page, ms]) => ({ page, ms: Math.floor(ms * scale) })).filter((entry) => entry.ms > 0);
  await addPageTime(container.db, visit.id, accepted, now);
}
