import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.ts';

const mode = (path: string) => statSync(path).mode & 0o777;
const mail = { to: 'ada@example.com.au', subject: 'Your Wattle PDF sign-in link', html: '<p>link</p>', text: 'link' };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wattle-outbox-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('dev outbox', () => {
  // Mails hold live sign-in links: only the app's own user may read them.
  it('writes each mail 0600 in a 0700 folder', async () => {
    const dir = join(root, 'outbox');
    await createOutboxMailer(dir, 'Wattle PDF <no-reply@example.com.au>').send(mail);
    expect(mode(dir)).toBe(0o700);
    const [name] = readdirSync(dir);
    expect(mode(join(dir, name!))).toBe(0o600);
  });

  it('tightens a folder that already exists with looser modes', async () => {
    const dir = join(root, 'outbox');
    mkdirSync(dir, { mode: 0o755 });
    await createOutboxMailer(dir, 'Wattle PDF <no-reply@example.com.au>').send(mail);
    expect(mode(dir)).toBe(0o700);
  });
});
