import { z } from 'zod';
import {
  isAddressOrDomain,
  LINK_LIST_MAX,
  LINK_MAX_VIEWS,
  LINK_NAME_MAX,
  LINK_PASSWORD_MAX,
  LINK_PASSWORD_MIN,
  LINK_PASSWORD_SHORT,
  type Link,
  type UpdateLink,
} from '@wattle/shared';

/**
 * The create/edit dialog's values as the inputs hold them (text, a date and a time on the user's own
 * wall clock), and their translation to and from the API's Link. Pure, so it is unit-tested.
 */
export interface LinkFormValues {
  name: string;
  expires: boolean;
  expiryDate: string; // YYYY-MM-DD
  expiryTime: string; // HH:MM
  limitViews: boolean;
  maxViews: string;
  usePassword: boolean;
  /** Empty while editing a link that has one: the password is kept. */
  password: string;
  requireEmail: boolean;
  allowList: string;
  blockList: string;
  allowDownload: boolean;
  watermark: boolean;
}

/** Entries are one a line or separated by commas or spaces. */
export function splitList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((entry) => entry.trim().toLowerCase()).filter(Boolean))];
}

/** What the wall clock of `timeZone` shows at `date`, as YYYY-MM-DD and HH:MM. */
export function wallDateTime(date: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant a date and time on the wall clock of `timeZone` names (the later one when a clock change repeats it). */
export function fromWallDateTime(date: string, time: string, timeZone: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return undefined;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // The zone's offset at the guess, then at the corrected instant (they differ across a clock change).
  let instant = asUtc;
  for (let i = 0; i < 2; i++) instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

function offsetAt(instant: number, timeZone: string): number {
  const { date, time } = wallDateTime(new Date(instant), timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, mi) - Math.floor(instant / 60_000) * 60_000;
}

/** The dialog's rules: the API's, plus a future expiry on the user's clock. */
export function linkFormSchema(options: { timeZone: string; now: () => Date; editingWithPassword: boolean }) {
  return z
    .object({
      name: z.string().trim().max(LINK_NAME_MAX, `At most ${LINK_NAME_MAX} characters`),
      expires: z.boolean(),
      expiryDate: z.string(),
      expiryTime: z.string(),
      limitViews: z.boolean(),
      maxViews: z.string(),
      usePassword: z.boolean(),
      password: z.string(),
      requireEmail: z.boolean(),
      allowList: z.string(),
      blockList: z.string(),
      allowDownload: z.boolean(),
      watermark: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.expires) {
        const at = fromWallDateTime(v.expiryDate, v.expiryTime, options.timeZone);
        if (!at) ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Enter a date and time' });
        else if (at.getTime() <= options.now().getTime()) ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Choose a time in the future' });
      }
      if (v.limitViews) {
        const views = Number(v.maxViews);
        if (!/^\d+$/.test(v.maxViews.trim()) || views < 1 || views > LINK_MAX_VIEWS) {
          ctx.addIssue({ code: 'custom', path: ['maxViews'], message: `Enter a number from 1 to ${LINK_MAX_VIEWS.toLocaleString('en-AU')}` });
        }
      }
      const keepsPassword = options.editingWithPassword && v.password === '';
      if (v.usePassword && !keepsPassword && (v.password.length < LINK_PASSWORD_MIN || v.password.length > LINK_PASSWORD_MAX)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: v.password.length < LINK_PASSWORD_MIN ? LINK_PASSWORD_SHORT : `At most ${LINK_PASSWORD_MAX} characters` });
      }
      for (const field of ['allowList', 'blockList'] as const) {
        const entries = splitList(v[field]);
        const wrong = entries.find((entry) => !isAddressOrDomain(entry));
        if (wrong) ctx.addIssue({ code: 'custom', path: [field], message: `“${wrong}” is not an email address or a domain such as @example.com.au` });
        else if (entries.length > LINK_LIST_MAX) ctx.addIssue({ code: 'custom', path: [field], message: `At most ${LINK_LIST_MAX} entries` });
      }
    });
}

export function emptyLinkForm(): LinkFormValues {
  return {
    name: '',
    expires: false,
    expiryDate: '',
    expiryTime: '17:00',
    limitViews: false,
    maxViews: '',
    usePassword: false,
    password: '',
    requireEmail: false,
    allowList: '',
    blockList: '',
    allowDownload: false,
    watermark: false,
  };
}

/** An existing link's settings in the dialog (its password is never known: an empty field keeps it). */
export function linkToForm(link: Link, timeZone: string): LinkFormValues {
  const expiry = link.expiresAt ? wallDateTime(new Date(link.expiresAt), timeZone) : undefined;
  return {
    name: link.name ?? '',
    expires: Boolean(expiry),
    expiryDate: expiry?.date ?? '',
    expiryTime: expiry?.time ?? '17:00',
    limitViews: link.maxViews !== null,
    maxViews: link.maxViews === null ? '' : String(link.maxViews),
    usePassword: link.hasPassword,
    password: '',
    requireEmail: link.requireEmail,
    allowList: link.allowList.join('\n'),
    blockList: link.blockList.join('\n'),
    allowDownload: link.allowDownload,
    watermark: link.watermark,
  };
}

/** The settings to send: everything, except a kept password, which is left out. */
export function formToSettings(values: LinkFormValues, timeZone: string, editingWithPassword: boolean): UpdateLink {
  const settings: UpdateLink = {
    name: values.name.trim() || null,
    expiresAt: values.expires ? (fromWallDateTime(values.expiryDate, values.expiryTime, timeZone)?.toISOString() ?? null) : null,
    maxViews: values.limitViews ? Number(values.maxViews) : null,
    requireEmail: values.requireEmail,
    allowList: splitList(values.allowList),
    blockList: splitList(values.blockList),
    allowDownload: values.allowDownload,
    watermark: values.watermark,
  };
  if (!values.usePassword) settings.password = null;
  else if (values.password !== '' || !editingWithPassword) settings.password = values.password;
  return settings;
}

/** The form field an API field error belongs under (`allowList.3` under the allow list). */
export function formFieldOf(apiField: string): keyof LinkFormValues | undefined {
  const field = apiField.split('.')[0];
  const fields: Record<string, keyof LinkFormValues> = {
    name: 'name',
    expiresAt: 'expiryDate',
    maxViews: 'maxViews',
    password: 'password',
    allowList: 'allowList',
    blockList: 'blockList',
  };
  return field ? fields[field] : undefined;
}
