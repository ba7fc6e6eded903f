import { formatAbn } from '@wattle/shared';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export interface Brand {
  tradingName: string;
  abn: string;
  address: string;
  publicUrl: string;
}

export interface MailContent {
  /** Shown in the inbox list under the subject. */
  preview: string;
  heading: string;
  /** Plain sentences; each becomes a paragraph (escaped). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button (escaped). */
  footnote?: string;
}

const GREEN = '#1f5c48';
const GOLD = '#e8b923';
const INK = '#1c2b27';
const MUTED = '#5d6f69';

/** The branded HTML mail: table layout and inline styles, which is what mail clients render reliably. */
export function renderHtml(brand: Brand, content: MailContent): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${escapeHtml(text)}</p>`;
  const button = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${GREEN};">
<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(content.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:${GREEN};word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const footnote = content.footnote ? `<p style="margin:0;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(content.footnote)}</p>` : '';
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f2;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f2;padding:32px 12px;"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e3e8e4;">
<tr><td style="background:${GREEN};padding:20px 32px;border-bottom:4px solid ${GOLD};">
<span style="display:inline-block;width:14px;height:14px;border-radius:50%;background:${GOLD};vertical-align:middle;margin-right:8px;"></span><span style="font-size:20px;font-weight:700;color:#ffffff;vertical-align:middle;">${escapeHtml(brand.tradingName)}</span>
</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${INK};">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(p).join('\n')}
${button}
${footnote}
</td></tr>
<tr><td style="padding:20px 32px;background:#f8faf7;border-top:1px solid #e3e8e4;font-size:12px;line-height:18px;color:${MUTED};">
${escapeHtml(brand.tradingName)} · ABN ${escapeHtml(formatAbn(brand.abn))}<br>${escapeHtml(brand.address)}<br>
<a href="${escapeHtml(brand.publicUrl)}" style="color:${GREEN};">${escapeHtml(brand.publicUrl.replace(/^https?:\/\//, ''))}</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

/** The plain-text alternative with the same words and the link spelled out. */
export function renderText(brand: Brand, content: MailContent): string {
  const lines = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  if (content.footnote) lines.push(content.footnote, '');
  lines.push('--', `${brand.tradingName} · ABN ${formatAbn(brand.abn)}`, brand.address, brand.publicUrl);
  return lines.join('\n');
}
