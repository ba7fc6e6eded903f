import { Hono } from 'hono';
import type { Container } from '../../container.ts';
import type { StoredMail } from '../../adapters/mailer.ts';
import { escapeHtml } from '../../mail/layout.ts';
import { attachment } from '../content-disposition.ts';
import { devMailAvailable } from '../../services/dev-outbox.ts';
import type { AppEnv } from '../types.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f2;color:#1c2b27}
header{background:#1f5c48;color:#fff;padding:14px 24px;border-bottom:4px solid #e8b923}
header a{color:#fff}main{padding:24px;max-width:960px;margin:0 auto}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:10px 12px;border-bottom:1px solid #e3e8e4;text-align:left;font-size:14px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;font-size:14px}dt{color:#5d6f69}
iframe{width:100%;height:640px;border:1px solid #e3e8e4;background:#fff}pre{white-space:pre-wrap;background:#fff;padding:16px;border:1px solid #e3e8e4}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><a href="/dev/mail">Dev outbox</a> · mails sent by this app, not delivered anywhere</header><main>${body}</main></body></html>`;
}

function sentAt(mail: StoredMail): string {
  return new Date(mail.sentAt).toLocaleString('en-AU', { timeZone: 'Australia/Sydney', hour12: false });
}

export function devMailRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  const outbox = container.mailer.outbox;
  if (!outbox || !devMailAvailable(container)) return app;

  app.get('/dev/mail', async (c) => {
    const mails = await outbox.list();
    const rows = mails
      .map((m) => `<tr><td>${escapeHtml(sentAt(m))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`)
      .join('');
    c.header('Cache-Control', 'no-store');
    return c.html(page('Dev outbox', mails.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet.</p>'));
  });

  app.get('/dev/mail/:id', async (c) => {
    const mail = await outbox.get(c.req.param('id'));
    if (!mail) return c.html(page('Not found', '<p>No such mail.</p>'), 404);
    c.header('Cache-Control', 'no-store');
    // The HTML part renders in a sandboxed frame: no scripts, no access to this page; a click on
    // one of its links opens it in this tab.
    const html = mail.html.replace(/<head>/i, '<head><base target="_top">');
    return c.html(
      page(
        mail.subject,
        `<h1>${escapeHtml(mail.subject)}</h1><dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Sent</dt><dd>${escapeHtml(sentAt(mail))}</dd></dl>
${attachmentList(mail)}<h2>HTML</h2><iframe sandbox="allow-top-navigation-by-user-activation" title="HTML part" srcdoc="${escapeHtml(html)}"></iframe><h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`,
      ),
    );
  });

  app.get('/dev/mail/:id/attachments/:n', async (c) => {
    const mail = await outbox.get(c.req.param('id'));
    const file = mail?.attachments?.[Number(c.req.param('n'))];
    if (!file) return c.html(page('Not found', '<p>No such attachment.</p>'), 404);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', attachment(file.filename));
    return c.body(Buffer.from(file.base64, 'base64'));
  });

  return app;
}

function attachmentList(mail: StoredMail): string {
  if (!mail.attachments?.length) return '';
  const items = mail.attachments.map((file, n) => `<li><a href="/dev/mail/${encodeURIComponent(mail.id)}/attachments/${n}">${escapeHtml(file.filename)}</a></li>`).join('');
  return `<h2>Attachments</h2><ul>${items}</ul>`;
}
