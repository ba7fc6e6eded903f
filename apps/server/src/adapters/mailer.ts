import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Files sent with the mail (a tax invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface StoredMail extends Omit<MailMessage, 'attachments'> {
  id: string;
  from: string;
  sentAt: string;
  /** The outbox keeps attachments' bytes as base64, readable at /dev/mail. */
  attachments?: (Omit<MailAttachment, 'content'> & { base64: string })[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Only the dev outbox can list what it sent; SMTP returns undefined. */
  outbox?: Outbox;
}

export interface Outbox {
  list(): Promise<StoredMail[]>;
  get(id: string): Promise<StoredMail | undefined>;
}

/** SMTP through nodemailer when SMTP_URL is set, loaded with the first mail (performance log §106). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= smtpTransport(smtpUrl);
      await (await transport).sendMail({ from, ...message });
    },
  };
}

async function smtpTransport(smtpUrl: string): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(smtpUrl);
}

/** Without SMTP, mails land as JSON files in DATA_DIR/outbox, readable at /dev/mail. */
export function createOutboxMailer(dir: string, from: string): Mailer {
  const outbox: Outbox = {
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const mails = await Promise.all(names.filter((n) => n.endsWith('.json')).map((n) => readMail(join(dir, n))));
      return mails.filter((m): m is StoredMail => !!m).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    },
    async get(id) {
      if (!/^[\w-]+$/.test(id)) return undefined;
      return readMail(join(dir, `${id}.json`));
    },
  };
  return {
    outbox,
    async send(message) {
      // Mails hold live sign-in and reset links: readable by this app's user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}`;
      const { attachments, ...rest } = message;
      const stored: StoredMail = {
        id,
        from,
        sentAt,
        ...rest,
        ...(attachments && { attachments: attachments.map(({ content, ...file }) => ({ ...file, base64: content.toString('base64') })) }),
      };
      // Written under a temp name and renamed, so a reader never sees half a mail.
      const path = join(dir, `${id}.json`);
      await writeFile(`${path}.partial`, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await rename(`${path}.partial`, path);
    },
  };
}

async function readMail(path: string): Promise<StoredMail | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as StoredMail;
  } catch {
    return undefined;
  }
}
