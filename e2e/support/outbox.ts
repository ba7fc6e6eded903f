import { createOutboxMailer } from '../../apps/server/src/adapters/mailer.ts';
import { dataPaths } from '../../apps/server/src/data-dir.ts';

/**
 * Waits for a mail to `to` (whose subject contains `subject`) in a running app's dev outbox and answers
 * the app link in it. Read through the server's own outbox reader, at the path data-dir names.
 */
export async function mailedLink(app: { dataDir: string; url: string }, to: string, subject = '', timeoutMs = 15_000): Promise<string> {
  return mailed(app, to, subject, timeoutMs, (text) => text.split(/\s+/).find((word) => word.startsWith(`${app.url}/`)));
}

/** Waits for a mail like mailedLink, and answers the 6-digit code in it (a share link's email check). */
export async function mailedCode(app: { dataDir: string }, to: string, subject = '', timeoutMs = 15_000): Promise<string> {
  return mailed(app, to, subject, timeoutMs, (text) => /\b(\d{6})\b/.exec(text)?.[1]);
}

async function mailed(app: { dataDir: string }, to: string, subject: string, timeoutMs: number, find: (text: string) => string | undefined): Promise<string> {
  const outbox = createOutboxMailer(dataPaths(app.dataDir).outbox, 'reader').outbox!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of await outbox.list()) {
      if (mail.to !== to || !mail.subject.includes(subject)) continue;
      const found = find(mail.text);
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No "${subject}" mail for ${to}`);
}
