import { describe, expect, it } from 'vitest';
import { compactPageList, pdftoppm, pdftotext, qpdf, qpdfDecryptJob, qpdfEncryptJob, sofficeConvert, sofficeListener, tesseractTextLayer, unoDriver } from './commands.ts';

const LOSSLESS = ['--compress-streams=y', '--decode-level=generalized', '--recompress-flate', '--compression-level=9', '--remove-unreferenced-resources=yes'];
const ALL = { print: true, modify: true, copy: true, annotate: true, fillForms: true, assemble: true };

describe('argument builders', () => {
  it('qpdf', () => {
    expect(qpdf.rotate('/j/in.pdf', '/j/out.pdf', 90, [1, 2, 3, 5])).toEqual({ command: 'qpdf', args: ['--rotate=+90:1-3,5', '/j/in.pdf', '/j/out.pdf'] });
    expect(qpdf.rotate('/j/in.pdf', '/j/out.pdf', 180).args[0]).toBe('--rotate=+180');
    expect(qpdf.rewrite('/a', '/b', { decrypt: true, optimise: true, objectStreams: true }).args).toEqual(['--decrypt', '--object-streams=generate', ...LOSSLESS, '/a', '/b']);
    expect(qpdf.rewrite('/a', '/b', { optimise: true }).args).toEqual([...LOSSLESS, '/a', '/b']);
    expect(qpdf.withJobFile('/j/job.json').args).toEqual(['--job-json-file=/j/job.json']);
  });

  it('qpdf encryption is AES-256 with permissions allowed by default', () => {
    expect(qpdfEncryptJob('/a', '/b', 'user pw', 'owner', ALL)).toEqual({
      inputFile: '/a',
      outputFile: '/b',
      encrypt: { userPassword: 'user pw', ownerPassword: 'owner', '256bit': { print: 'full', modifyOther: 'y', extract: 'y', annotate: 'y', form: 'y', assemble: 'y' } },
    });
    const none = qpdfEncryptJob('/a', '/b', 'u', 'o', { print: false, modify: false, copy: false, annotate: false, fillForms: false, assemble: false });
    expect(none.encrypt).toMatchObject({ '256bit': { print: 'none', extract: 'n' } });
    expect(qpdfDecryptJob('/a', '/b', 'pw')).toEqual({ inputFile: '/a', password: 'pw', outputFile: '/b', decrypt: '' });
  });

  it('compacts page lists', () => {
    expect(compactPageList([5, 1, 2, 3, 3, 9, 10])).toBe('1-3,5,9-10');
    expect(compactPageList([7])).toBe('7');
  });

  it('poppler', () => {
    expect(pdftoppm({ input: '/in.pdf', outputBase: '/o/p', page: 3, dpi: 150, format: 'jpeg', jpegQuality: 80 }).args).toEqual([
      '-f', '3', '-l', '3', '-r', '150', '-singlefile', '-jpeg', '-jpegopt', 'quality=80', '/in.pdf', '/o/p',
    ]);
    expect(pdftoppm({ input: '/in.pdf', outputBase: '/o/p', page: 1, dpi: 300, format: 'gray' }).args).toContain('-gray');
    expect(pdftotext('/in.pdf', '/o.txt', 'bbox').args).toEqual(['-enc', 'UTF-8', '-bbox-layout', '/in.pdf', '/o.txt']);
  });

  it('tesseract runs single-threaded and writes a text-only PDF', () => {
    expect(tesseractTextLayer('/p.pgm', '/o/p', 'chi_sim', 300)).toEqual({
      command: 'tesseract',
      args: ['/p.pgm', '/o/p', '-l', 'chi_sim', '--dpi', '300', '-c', 'textonly_pdf=1', 'pdf'],
      env: { OMP_THREAD_LIMIT: '1' },
    });
  });

  it('LibreOffice: own profile, pipe (no TCP port), chosen filters', () => {
    const listener = sofficeListener('/j/my profile', 'wattle_1');
    expect(listener.args[0]).toBe('-env:UserInstallation=file:///j/my%20profile');
    expect(listener.args).toContain('--accept=pipe,name=wattle_1;urp;StarOffice.ComponentContext');
    expect(listener.args).toContain('--headless');
    const cold = sofficeConvert('/p', '/j/source.txt', '/j/out', { import: 'Text (encoded)', export: 'writer_pdf_Export' });
    expect(cold.args).toEqual(expect.arrayContaining(['--infilter=Text (encoded):UTF8', '--convert-to', 'pdf:writer_pdf_Export', '--outdir', '/j/out', '/j/source.txt']));
    expect(unoDriver('/s.py', 'w', '/d/s', 30).args).toEqual(['/s.py', '--pipe', 'w', '--socket', '/d/s', '--connect-timeout', '30']);
  });
});
