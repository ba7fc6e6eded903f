import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Address, Attachment } from 'postal-mime';
import { safeFilename } from '@wattle/shared';
import { detectFileType } from '../detect/file-type.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { checkFileSize } from '../pdf/prepare.ts';
import { checkedOutput } from '../pdf/write.ts';
import { printDocument } from '../process/chromium.ts';
import type { Operation } from './operation.ts';

/** Attached files a printed email carries at most; the rest are listed only. */
const MAX_ATTACHMENTS = 50;
const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** In Sydney's time: the server knows no user time zone (as header-footer's {date}, decision 102). */
const sentAt = (date: string | undefined) => {
  const parsed = date ? new Date(date) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? new Intl.DateTimeFormat('en-AU', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Australia/Sydney' }).format(parsed) : (date ?? '');
};
const person = (name: string | undefined, address: string | undefined) => (name && address && name !== address ? `${name} <${address}>` : (address ?? name ?? ''));

interface EmailFile {
  filename: string;
  bytes: Buffer;
  mimeType: string;
  /** Set on images the HTML body shows by cid:. */
  contentId?: string;
}

/** What the page shows of an email, whichever format it came in. */
interface Email {
  from: string;
  to: string;
  cc: string;
  date?: string;
  subject: string;
  html?: string;
  text?: string;
  files: EmailFile[];
}

/** An EML (RFC 5322) message, by postal-mime. */
async function readEml(path: string): Promise<Email> {
  const { default: PostalMime } = await import('postal-mime');
  const email = await PostalMime.parse(await readFile(path), { attachmentEncoding: 'arraybuffer' });
  const addresses = (list: Address[] | Address | undefined) =>
    (Array.isArray(list) ? list : list ? [list] : [])
      .flatMap((a) => (a.group ? a.group : [a]))
      .map((m) => person(m.name, m.address))
      .join(', ');
  const bytesOf = (content: Attachment['content']) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content instanceof ArrayBuffer ? new Uint8Array(content) : content));
  return {
    from: addresses(email.from),
    to: addresses(email.to),
    cc: addresses(email.cc),
    date: email.date,
    subject: email.subject ?? '',
    html: email.html,
    text: email.text,
    files: email.attachments.map((a, i) => ({
      filename: a.filename ?? `attachment-${i + 1}`,
      bytes: bytesOf(a.content),
      mimeType: a.mimeType,
      ...(a.contentId && a.related ? { contentId: a.contentId.replace(/^<|>$/g, '') } : {}),
    })),
  };
}

/** An Outlook message (a compound file of MAPI properties), by msgreader. */
async function readMsg(path: string): Promise<Email> {
  const bytes = await readFile(path);
  const { default: MsgReader } = await import('@kenjiuno/msgreader');
  const reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const message = reader.getFileData();
  if (message.error) throw new Error(message.error);
  const recipients = (kind: 'to' | 'cc') =>
    (message.recipients ?? [])
      .filter((r) => r.recipType === kind)
      .map((r) => person(r.name, r.smtpAddress ?? r.email))
      .join(', ');
  return {
    from: person(message.senderName, message.senderSmtpAddress ?? message.senderEmail),
    to: recipients('to'),
    cc: recipients('cc'),
    date: message.clientSubmitTime ?? message.messageDeliveryTime,
    subject: message.subject ?? '',
    html: message.bodyHtml,
    text: message.body,
    files: (message.attachments ?? []).map((field, i) => {
      const attachment = reader.getAttachment(field);
      return {
        filename: attachment.fileName || `attachment-${i + 1}`,
        bytes: Buffer.from(attachment.content),
        mimeType: field.attachMimeTag ?? 'application/octet-stream',
        ...(field.pidContentId && message.bodyHtml ? { contentId: field.pidContentId.replace(/^<|>$/g, '') } : {}),
      };
    }),
  };
}

const READERS = { eml: readEml, msg: readMsg } as const;

/**
 * An email (EML or Outlook MSG) as a PDF: its headers, its body (HTML printed by the same sealed
 * Chromium as html-to-pdf, with inline images from the message; else the plain text), its attachments
 * listed on the page and carried inside the PDF as attached files.
 */
export const emailToPdf: Operation<'email-to-pdf'> = async ([input], { pageSize }, ctx) => {
  await checkFileSize(ctx, input!);
  const kind = await detectFileType(input!.path);
  if (kind !== 'eml' && kind !== 'msg') throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not an email.', { filename: input!.filename });
  const email = await READERS[kind](input!.path).catch((error: unknown) => {
    throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This email could not be read.', { filename: input!.filename }, { cause: error });
  });
  const inline = email.files.filter((f) => f.contentId);
  const attached = email.files.filter((f) => !f.contentId);
  const files = new Map(inline.map((f) => [`cid/${f.contentId}`, { body: f.bytes, contentType: f.mimeType }]));

  const rows = [
    ['From', email.from],
    ['To', email.to],
    ['Cc', email.cc],
    ['Date', sentAt(email.date)],
    ['Subject', email.subject],
    ['Attachments', attached.map((a) => `${a.filename} (${Math.ceil(a.bytes.length / 1024)} KB)`).join(', ')],
  ].filter(([, value]) => value);
  const header = `<table style="font: 11pt sans-serif; border-bottom: 1px solid #999; margin-bottom: 12pt; padding-bottom: 6pt">${rows.map(([k, v]) => `<tr><th style="text-align: left; padding-right: 12pt; vertical-align: top">${k}</th><td>${escapeHtml(v!)}</td></tr>`).join('')}</table>`;
  const body = email.html
    ? email.html.replace(/(["'(])cid:([^"')\s]+)/gi, (_, quote: string, id: string) => `${quote}/cid/${id}`)
    : `<pre style="white-space: pre-wrap; font: 11pt sans-serif">${escapeHtml(email.text ?? '')}</pre>`;
  const page = /<body[^>]*>/i.test(body) ? body.replace(/<body[^>]*>/i, (tag) => `${tag}${header}`) : `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${header}${body}</body></html>`;
  files.set('email.html', { body: Buffer.from(page, 'utf8'), contentType: 'text/html; charset=utf-8' });
  ctx.progress(0.2);

  const doc = await PDFDocument.load(await printDocument(ctx, { entry: '/email.html', files, format: pageSize }), { updateMetadata: false });
  if (doc.getPageCount() > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The email lays out to too many pages.', { limit: 'maxPages', pages: doc.getPageCount() });
  if (email.subject) doc.setTitle(email.subject);
  for (const [i, a] of attached.slice(0, MAX_ATTACHMENTS).entries()) {
    await doc.attach(a.bytes, safeFilename(a.filename, `attachment-${i + 1}`), { mimeType: a.mimeType });
  }
  const target = ctx.output(outputFilename(input!.filename, undefined, 'pdf'));
  await writeFile(target.path, await doc.save());
  return [await checkedOutput(ctx, target, doc.getPageCount())];
};
