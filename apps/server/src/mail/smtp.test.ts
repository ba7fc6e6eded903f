import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../adapters/mailer.ts';
import { verifyEmailMail } from './templates.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Undoes quoted-printable soft breaks and escapes, enough to read the parts back. */
const unQuote = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('SMTP mail delivery', () => {
  it('delivers a branded mail as multipart HTML and text to the SMTP server', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Wattle PDF <no-reply@wattlepdf.com.au>');
    expect(mailer.outbox).toBeUndefined();
    const url = 'https://wattlepdf.example/api/auth/verify-email?token=t0k3n&callbackURL=%2Fauth%2Fcallback';
    const mail = verifyEmailMail({ tradingName: 'Wattle PDF', abn: '63615000681', address: 'Sydney NSW', publicUrl: 'https://wattlepdf.example' }, { name: 'Ned', url, expiresInSeconds: 86400 });
    await mailer.send({ to: 'ned.kelly@example.com.au', ...mail });

    expect(received).toHaveLength(1);
    const [msg] = received;
    expect(msg!.from).toBe('no-reply@wattlepdf.com.au');
    expect(msg!.to).toEqual(['ned.kelly@example.com.au']);
    expect(msg!.raw).toMatch(/^Subject: Verify your email address for Wattle PDF/m);
    expect(msg!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(msg!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(msg!.raw).toMatch(/Content-Type: text\/html/i);
    const body = unQuote(msg!.raw);
    expect(body).toContain(url);
    expect(body).toContain("G'day Ned,");
  });
});
