import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import PostalMime, { type Address, type Attachment } from 'postal-mime';
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
const addresses = (list: Address[] | Address | undefined) =>
  (Array.isArray(list) ? list : list ? [list] : [])
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((m) => (m.name ? `${m.name} <${m.address}>` : m.address))
    .join(', ');
/** In Sydney's time: the server knows no user time zone (as header-footer's {date}, decision 102). */
const sentAt = (date: string | undefined) => {
  const parsed = date ? new Date(date) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? new Intl.DateTimeFormat('en-AU', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Australia/Sydney' }).format(parsed) : (date ?? '');
};
const bytesOf = (content: Attachment['content']) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content instanceof ArrayBuffer ? new Uint8Array(content) : content));

/**
 * An email (EML) as a PDF: its headers, its body (HTML printed by the same sealed Chromium as
 * html-to-pdf, with inline images from the message; else the plain text), its attachments listed on
 * the page and carried inside the PDF as attached files.
 */
export const emailToPdf: Operation<'email-to-pdf'> = async ([input], { pageSize }, ctx) => {
  await checkFileSize(ctx, input!);
  if ((await detectFileType(input!.path)) !== 'eml') throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not an email.', { filename: input!.filename });
  const email = await PostalMime.parse(await readFile(input!.path), { attachmentEncoding: 'arraybuffer' }).catch((error: unknown) => {
    throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This email could not be read.', { filename: input!.filename }, { cause: error });
  });
  const inline = email.attachments.filter((a) => a.contentId && a.related);
  const attached = email.attachments.filter((a) => !inline.includes(a));
  const files = new Map(inline.map((a) => [`cid/${a.contentId!.replace(/^<|>$/g, '')}`, { body: bytesOf(a.content), contentType: a.mimeType }]));

  const rows = [
    ['From', addresses(email.from)],
    ['To', addresses(email.to)],
    ['Cc', addresses(email.cc)],
    ['Date', sentAt(email.date)],
    ['Subject', email.subject ?? ''],
    ['Attachments', attached.map((a, i) => `${a.filename ?? `attachment-${i + 1}`} (${Math.ceil(bytesOf(a.content).length / 1024)} KB)`).join(', ')],
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
    await doc.attach(bytesOf(a.content), safeFilename(a.filename ?? '', `attachment-${i + 1}`), { mimeType: a.mimeType });
  }
  const target = ctx.output(outputFilename(input!.filename, undefined, 'pdf'));
  await writeFile(target.path, await doc.save());
  return [await checkedOutput(ctx, target, doc.getPageCount())];
};
