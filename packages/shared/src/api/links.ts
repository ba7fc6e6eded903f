import { z } from 'zod';
import { apiComponents, pageOf, timestamp } from './components.ts';

/** Share links (`/api/v1/links`): what an owner sends and gets back. The viewer's side is not here. */

export const LINK_NAME_MAX = 200;
export const LINK_MAX_VIEWS = 1000;
export const LINK_PASSWORD_MIN = 8;
export const LINK_PASSWORD_MAX = 128;
export const LINK_LIST_MAX = 100;
/** The share dialog and the API say the same, in the sign-up form's words. */
export const LINK_PASSWORD_SHORT = `Password must be at least ${LINK_PASSWORD_MIN} characters`;
export const LINKS_PAGE_SIZE = 20;

export const LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** An allow or block list entry: a whole address, or every address of a domain written `@example.com.au`. */
export const isAddressOrDomain = (entry: string): boolean => entry.length <= 254 && (ADDRESS.test(entry) || DOMAIN.test(entry));

/** Entries compare without case and surrounding spaces (the server drops repeats). */
const addressList = z
  .array(z.string().trim().toLowerCase().refine(isAddressOrDomain, { message: 'Enter an email address or a domain such as @example.com.au' }))
  .max(LINK_LIST_MAX, `At most ${LINK_LIST_MAX} entries`);

const linkSettings = {
  name: z.string().trim().max(LINK_NAME_MAX, `At most ${LINK_NAME_MAX} characters`).nullable(),
  expiresAt: z.iso.datetime({ offset: true, message: 'Enter a date and time' }).nullable().meta({ description: 'When the link stops working; must be in the future.' }),
  maxViews: z.int().min(1, 'At least 1 view').max(LINK_MAX_VIEWS, `At most ${LINK_MAX_VIEWS} views`).nullable(),
  password: z
    .string()
    .min(LINK_PASSWORD_MIN, LINK_PASSWORD_SHORT)
    .max(LINK_PASSWORD_MAX, `At most ${LINK_PASSWORD_MAX} characters`)
    .nullable()
    .meta({ description: 'Viewers must enter it. On update, null removes it; leaving it out keeps it.' }),
  requireEmail: z.boolean().meta({ description: 'Viewers confirm their email address by a one-time code.' }),
  allowList: addressList.meta({ description: 'When not empty, only these addresses or @domains may open the link (implies an email check).' }),
  blockList: addressList.meta({ description: 'These addresses or @domains may not open the link.' }),
  allowDownload: z.boolean(),
  watermark: z.boolean().meta({ description: 'The viewer’s email (or "Anonymous viewer"), the date and their IP over every page.' }),
};

/** `POST /api/v1/links`. */
export const createLinkSchema = z
  .strictObject({
    documentId: z.uuid(),
    name: linkSettings.name.optional(),
    expiresAt: linkSettings.expiresAt.optional(),
    maxViews: linkSettings.maxViews.optional(),
    password: linkSettings.password.optional(),
    requireEmail: linkSettings.requireEmail.default(false),
    allowList: linkSettings.allowList.default([]),
    blockList: linkSettings.blockList.default([]),
    allowDownload: linkSettings.allowDownload.default(false),
    watermark: linkSettings.watermark.default(false),
  })
  .register(apiComponents, { id: 'CreateLink' });

export type CreateLink = z.input<typeof createLinkSchema>;

/** `PATCH /api/v1/links/:id`: only the fields sent change. */
export const updateLinkSchema = z
  .strictObject({
    name: linkSettings.name.optional(),
    expiresAt: linkSettings.expiresAt.optional(),
    maxViews: linkSettings.maxViews.optional(),
    password: linkSettings.password.optional(),
    requireEmail: linkSettings.requireEmail.optional(),
    allowList: linkSettings.allowList.optional(),
    blockList: linkSettings.blockList.optional(),
    allowDownload: linkSettings.allowDownload.optional(),
    watermark: linkSettings.watermark.optional(),
  })
  .register(apiComponents, { id: 'UpdateLink' });

export type UpdateLink = z.input<typeof updateLinkSchema>;

export const linkSchema = z
  .strictObject({
    id: z.uuid(),
    documentId: z.uuid(),
    documentName: z.string(),
    name: z.string().nullable(),
    url: z.url().meta({ description: 'The address to send; anyone holding it can try to open the document.' }),
    status: z.enum(LINK_STATUSES).meta({ description: 'expired: past its date or its number of views.' }),
    expiresAt: timestamp().nullable(),
    maxViews: z.int().nullable(),
    viewCount: z.int().nonnegative(),
    hasPassword: z.boolean(),
    requireEmail: z.boolean(),
    allowList: z.array(z.string()),
    blockList: z.array(z.string()),
    allowDownload: z.boolean(),
    watermark: z.boolean(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    lastViewedAt: timestamp().nullable(),
  })
  .register(apiComponents, { id: 'Link' });

export type Link = z.infer<typeof linkSchema>;

/** `GET /api/v1/links`: one page, newest first. */
export const linkPageSchema = pageOf(linkSchema).register(apiComponents, { id: 'LinkPage' });

export type LinkPage = z.infer<typeof linkPageSchema>;

/* The viewer's side (`/api/s/:token`, no account) and the owner's analytics of a link. */

export const SHARE_PAGE_REPORT_MAX = 100;
/** A page's dwell in one report: the viewer reports every 10–15 s, so ten minutes is far past honest. */
export const SHARE_PAGE_MS_MAX = 10 * 60 * 1000;
export const LINK_VISITS_PAGE_SIZE = 20;

/** `GET /api/s/:token`: what the viewer page shows before any page image. */
export const shareViewerInfoSchema = z.strictObject({
  name: z.string(),
  pageCount: z.int().nonnegative(),
  /** Page sizes in points, only once this browser's visit passed the gates. */
  pages: z.array(z.strictObject({ width: z.number().positive(), height: z.number().positive() })).nullable(),
  gates: z.strictObject({ password: z.boolean(), email: z.boolean() }),
  allowDownload: z.boolean(),
  company: z.strictObject({ tradingName: z.string() }),
});

export type ShareViewerInfo = z.infer<typeof shareViewerInfoSchema>;

/** `POST /api/s/:token/email-code`. */
export const shareEmailCodeRequestSchema = z.strictObject({ email: z.email().max(254) });

/** `POST /api/s/:token/visits`: whatever the link's gates ask for. */
export const startShareVisitSchema = z.strictObject({
  password: z.string().min(1).max(LINK_PASSWORD_MAX).optional(),
  email: z.email().max(254).optional(),
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code').optional(),
});

export type StartShareVisit = z.infer<typeof startShareVisitSchema>;

/** `POST /api/s/:token/time`: dwell per page since the last report. */
export const shareDwellSchema = z.strictObject({
  pages: z
    .array(z.strictObject({ page: z.int().min(1), ms: z.int().min(0).max(SHARE_PAGE_MS_MAX) }))
    .max(SHARE_PAGE_REPORT_MAX),
});

export type ShareDwell = z.infer<typeof shareDwellSchema>;

export const VIEWER_DEVICES = ['desktop', 'tablet', 'phone'] as const;

export const linkVisitSchema = z
  .strictObject({
    id: z.uuid(),
    viewerEmail: z.string().nullable().meta({ description: 'Only an address the viewer confirmed; null for anonymous viewers.' }),
    country: z.string().nullable().meta({ description: 'ISO country code from a local database, when the server has one.' }),
    device: z.enum(VIEWER_DEVICES),
    startedAt: timestamp(),
    lastSeenAt: timestamp(),
    totalMs: z.int().nonnegative(),
    downloaded: z.boolean(),
  })
  .register(apiComponents, { id: 'LinkVisit' });

export type LinkVisit = z.infer<typeof linkVisitSchema>;

/** `GET /api/v1/links/:id/visits`: one page, newest first. */
export const linkVisitPageSchema = pageOf(linkVisitSchema).register(apiComponents, { id: 'LinkVisitPage' });

export type LinkVisitPage = z.infer<typeof linkVisitPageSchema>;

/** `GET /api/v1/links/:id/analytics`. */
export const linkAnalyticsSchema = z
  .strictObject({
    visits: z.int().nonnegative(),
    uniqueViewers: z.int().nonnegative().meta({ description: 'Each confirmed address once; each anonymous visit counts as one viewer.' }),
    totalMs: z.int().nonnegative(),
    pages: z.array(z.strictObject({ page: z.int().positive(), ms: z.int().nonnegative() })).meta({ description: 'Time read per page, over every visit.' }),
  })
  .register(apiComponents, { id: 'LinkAnalytics' });

export type LinkAnalytics = z.infer<typeof linkAnalyticsSchema>;
