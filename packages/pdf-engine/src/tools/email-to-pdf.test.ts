import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';
import { outlookMessage } from '../test/outlook-message.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));
const b64 = (data: Buffer) => data.toString('base64').replace(/.{76}/g, '$&\r\n');

/** An HTML email with an inline logo (cid:) and a PDF attachment, as a mail client saves it. */
async function htmlEmail(): Promise<Buffer> {
  const logo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#06c' } }).png().toBuffer();
  return crlf([
    'From: "Ana Silva" <ana@example.com.au>', 'To: Ben Ng <ben@example.com.au>', 'Cc: office@example.com.au', 'Subject: Quarterly =?UTF-8?Q?r=C3=A9sum=C3=A9?=',
    'Date: Tue, 24 Nov 2026 09:30:00 +1100', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="outer"', '',
    '--outer', 'Content-Type: multipart/related; boundary="inner"', '',
    '--inner', 'Content-Type: text/html; charset=utf-8', '', '<html><body><p>Hello Ben, the <b>figures</b> are attached.</p><img src="cid:logo@x"><img src="https://tracker.example/pixel.gif"></body></html>',
    '--inner', 'Content-Type: image/png', 'Content-ID: <logo@x>', 'Content-Transfer-Encoding: base64', 'Content-Disposition: inline', '', b64(logo), '--inner--',
    '--outer', 'Content-Type: text/csv; name="figures.csv"', 'Content-Disposition: attachment; filename="figures.csv"', 'Content-Transfer-Encoding: base64', '', b64(Buffer.from('quarter,total\nQ1,1200\n')),
    '--outer--', '',
  ]);
}

describe('email-to-pdf', () => {
  it('prints the headers (date in en-AU), the HTML body with its inline image, and carries the attachment', async () => {
    const [out] = await ws.run('email-to-pdf', [file('resume.eml', await htmlEmail())]);
    expect(out!.filename).toBe('resume.pdf');
    execFileSync('qpdf', ['--check', out!.path]);
    const text = pdfText(out!.path);
    for (const expected of ['Ana Silva <ana@example.com.au>', 'Ben Ng <ben@example.com.au>', 'office@example.com.au', 'Tuesday, 24 November 2026 at 9:30 am', 'Quarterly résumé', 'figures.csv (1 KB)', 'Hello Ben, the figures are attached.']) {
      expect(text).toContain(expected);
    }
    const doc = await pdfOf(out!);
    expect(doc.getTitle()).toBe('Quarterly résumé');
    const objects = doc.context.enumerateIndirectObjects().map(([, o]) => String('dict' in o ? (o as { dict: unknown }).dict : o));
    expect(objects.some((o) => o.includes('/Subtype /Image'))).toBe(true);
    expect(execFileSync('pdfdetach', ['-list', out!.path], { encoding: 'utf8' })).toContain('1: figures.csv');
  }, 60_000);

  it('prints a plain-text email as text', async () => {
    const eml = crlf(['From: ana@example.com.au', 'To: ben@example.com.au', 'Subject: Lunch', 'Date: Mon, 23 Nov 2026 12:00:00 +1000', '', 'Sushi at 12:30?', 'Ana']);
    const [out] = await ws.run('email-to-pdf', [file('lunch.eml', eml)], { pageSize: 'Letter' });
    expect(pdfText(out!.path)).toContain('Sushi at 12:30?');
    expect(Math.round((await pdfOf(out!)).getPage(0).getSize().width)).toBe(612);
  }, 60_000);

  it('prints an Outlook message (MSG): its sender, recipient, date, subject and body, and carries its attachment', async () => {
    const figures = Buffer.from('quarter,total\nQ1,1200\n');
    const msg = outlookMessage({
      subject: 'Quarterly BAS',
      body: 'Hello Ana,\nthe figures are attached.',
      from: { name: 'Ben Tran', email: 'ben@example.com.au' },
      to: { name: 'Ana Silva', email: 'ana@example.com.au' },
      sent: new Date('2026-11-23T22:30:00Z'),
      attachment: { filename: 'figures.csv', bytes: figures },
    });
    const [out] = await ws.run('email-to-pdf', [file('bas.msg', msg)]);
    expect(out!.filename).toBe('bas.pdf');
    execFileSync('qpdf', ['--check', out!.path]);
    const text = pdfText(out!.path);
    for (const expected of ['Ben Tran <ben@example.com.au>', 'Ana Silva <ana@example.com.au>', 'Tuesday, 24 November 2026 at 9:30 am', 'Quarterly BAS', 'figures.csv (1 KB)', 'the figures are attached.']) {
      expect(text).toContain(expected);
    }
    const dir = mkdtempSync(join(tmpdir(), 'msg-attached-'));
    try {
      execFileSync('pdfdetach', ['-saveall', '-o', dir, out!.path]);
      expect(readFileSync(join(dir, 'figures.csv'))).toEqual(figures);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reads an Outlook message as the server runs it too (under tsx, without the module interop of vitest)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msg-tsx-'));
    try {
      const path = join(dir, 'bas.msg');
      writeFileSync(path, outlookMessage({ subject: 'Quarterly BAS', body: 'Hello', from: { name: 'Ben Tran', email: 'ben@example.com.au' }, to: { name: 'Ana Silva', email: 'ana@example.com.au' }, sent: new Date() }));
      const engine = resolve(import.meta.dirname, '../index.ts');
      const script = `const { runTool } = await import(${JSON.stringify(engine)});
        const [out] = await runTool('email-to-pdf', { inputs: [{ path: ${JSON.stringify(path)}, filename: 'bas.msg' }], options: {}, workDir: ${JSON.stringify(dir)}, outputDir: ${JSON.stringify(dir)} });
        console.log(out.filename);`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: resolve(import.meta.dirname, '../../../..') });
      expect(stdout.trim()).toBe('bas.pdf');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says a damaged Outlook message could not be read', async () => {
    const msg = outlookMessage({ subject: 'Cut short', body: 'x', from: { name: 'A', email: 'a@example.com.au' }, to: { name: 'B', email: 'b@example.com.au' }, sent: new Date() });
    expect(await ws.fail('email-to-pdf', [file('cut.msg', msg.subarray(0, 1536))])).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a file that is no email', async () => {
    expect(await ws.fail('email-to-pdf', [file('notes.eml', Buffer.from('just some notes'))])).toBe('UNSUPPORTED_FILE_TYPE');
  });
});
