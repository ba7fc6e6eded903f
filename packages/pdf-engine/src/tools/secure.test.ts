import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activePdf, textPdf } from '../test/fixtures.ts';
import { file, pdfText, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let two: Buffer;
beforeAll(async () => {
  ws = await workspace();
  two = await textPdf(2);
});
afterAll(() => ws.dispose());

const encryption = (path: string, password: string) =>
  execFileSync('qpdf', [`--password=${password}`, '--show-encryption', path], { encoding: 'utf8' });

describe('secure tools', () => {
  it('protects with AES-256, permissions allowed unless turned off', async () => {
    const [open] = await ws.run('protect', [file('r.pdf', two)], { userPassword: 'open sesame' });
    expect(open).toMatchObject({ filename: 'r-protected.pdf', pages: 2 });
    const info = encryption(open!.path, 'open sesame');
    expect(info).toContain('file encryption method: AESv3');
    expect(info).toContain('print high resolution: allowed');
    expect(info).toContain('extract for any purpose: allowed');
    expect(info).toContain('modify anything: allowed');
    expect(() => execFileSync('qpdf', ['--show-npages', open!.path], { stdio: 'pipe' })).toThrow();

    const [restricted] = await ws.run('protect', [file('r.pdf', two)], { userPassword: 'u', ownerPassword: 'o', permissions: { print: false, copy: false } });
    const limited = encryption(restricted!.path, 'u');
    expect(limited).toContain('print high resolution: not allowed');
    expect(limited).toContain('extract for any purpose: not allowed');
    expect(limited).toContain('modify annotations: allowed');
  });

  it('takes passwords that begin with a dash (qpdf read them as options and failed the job as damaged)', async () => {
    const [locked] = await ws.run('protect', [file('r.pdf', two)], { userPassword: '-open', ownerPassword: '--owner' });
    expect(encryption(locked!.path, '-open')).toContain('User password = -open');
    const [unlocked] = await ws.run('unlock', [file('r-protected.pdf', await readFile(locked!.path))], { password: '-open' });
    expect(unlocked).toMatchObject({ pages: 2 });
  });

  it('keeps passwords out of engine command lines', async () => {
    const { qpdfEncryptJob } = await import('../process/commands.ts');
    expect(JSON.stringify(qpdfEncryptJob('in', 'out', 'pw', 'owner', { print: true, modify: true, copy: true, annotate: true, fillForms: true, assemble: true }))).toContain('"pw"');
    // runQpdfJob passes only the job file's name: see qpdf.withJobFile
    const { qpdf } = await import('../process/commands.ts');
    expect(qpdf.withJobFile('/x/job.json').args).toEqual(['--job-json-file=/x/job.json']);
  });

  it('unlocks with the right password, refuses a wrong or missing one', async () => {
    const [locked] = await ws.run('protect', [file('r.pdf', two)], { userPassword: 'right' });
    const lockedBytes = await readFile(locked!.path);
    const [unlocked] = await ws.run('unlock', [file('r-protected.pdf', lockedBytes)], { password: 'right' });
    expect(unlocked).toMatchObject({ filename: 'r-protected-unlocked.pdf', pages: 2 });
    expect(spawnSync('qpdf', ['--is-encrypted', unlocked!.path]).status).toBe(2);
    expect(spawnSync('qpdf', ['--is-encrypted', locked!.path]).status).toBe(0);
    expect(await ws.fail('unlock', [file('x.pdf', lockedBytes)], { password: 'wrong' })).toBe('WRONG_PASSWORD');
    expect(await ws.fail('merge', [file('x.pdf', lockedBytes), file('y.pdf', two)])).toBe('PDF_ENCRYPTED');
  });

  it('sanitises: no JavaScript, actions, attachments or metadata remain', async () => {
    const source = await activePdf('http://127.0.0.1:9/canary');
    const [out] = await ws.run('sanitize', [file('active.pdf', source)]);
    expect(out).toMatchObject({ filename: 'active-sanitised.pdf', pages: 1 });
    const plain = execFileSync('qpdf', ['--qdf', '--object-streams=disable', out!.path, '-'], { maxBuffer: 64 * 1024 * 1024 }).toString('latin1');
    for (const marker of ['/JavaScript', '/JS', '/OpenAction', '/Launch', '/URI', '/EmbeddedFile', '/AA', 'secret attachment body', '/Title', '/Author', 'canary']) {
      expect(plain, marker).not.toContain(marker);
    }
    const sourcePath = join(ws.root, 'active-source.pdf');
    await writeFile(sourcePath, source);
    const before = execFileSync('qpdf', ['--qdf', '--object-streams=disable', sourcePath, '-']).toString('latin1');
    // Positive control: the markers were there to remove.
    for (const marker of ['/JavaScript', '/OpenAction', '/Launch', '/URI', '/EmbeddedFile', 'secret attachment body', '/Title', '/Author']) expect(before).toContain(marker);
    expect(pdfText(out!.path)).toContain('Page 1');
  });
});
