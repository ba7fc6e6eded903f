import { describe, expect, it } from 'vitest';
import { MAX_FILENAME_BYTES, safeFilename } from './filename.ts';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('safeFilename', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['Résumé 履歴書.pdf', 'Résumé 履歴書.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['tab\tand\nnewline.pdf', 'tabandnewline.pdf'],
    ['bad\u0000name\u0007.pdf', 'badname.pdf'],
    ['c1\u0085\u009bcontrols.pdf', 'c1controls.pdf'],
    ['c:x.pdf', 'cx.pdf'],
    ['a.pdf:stream', 'a.pdfstream'],
    ['Résumé "final" <v2>?.pdf', 'Résumé "final" <v2>?.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['trailing. . .', 'trailing'],
    ['  spaced   out  .pdf', 'spaced out .pdf'],
    ['invoice.pdf                    .exe', 'invoice.pdf .exe'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeFilename(input)).toBe(expected);
  });

  it('drops every character that reorders or hides text', () => {
    const hidden = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u061c', '\u00ad', '\u2028'];
    for (const ch of hidden) expect(safeFilename(`a${ch}b.pdf`), JSON.stringify(ch)).toBe('ab.pdf');
    expect(safeFilename('\u202efdp-rotated.pdf')).toBe('fdp-rotated.pdf');
    expect(safeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('falls back to a default name when nothing is left', () => {
    for (const name of ['', '   ', '..', '/', 'a/', '\u202e\u0000']) expect(safeFilename(name)).toBe('document');
    expect(safeFilename('..', 'file')).toBe('file');
  });

  it('bounds the UTF-8 length, keeps the extension and never splits a character', () => {
    const long = safeFilename(`${'😀'.repeat(300)}.pdf`);
    expect(bytes(long)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(long).toBe(`${'😀'.repeat(62)}.pdf`);
    const ascii = safeFilename(`${'x'.repeat(300)}.docx`, 'document', 100);
    expect(ascii).toBe(`${'x'.repeat(95)}.docx`);
    // A "extension" as long as the name is just part of it.
    const dotted = safeFilename(`a.${'y'.repeat(300)}`);
    expect(bytes(dotted)).toBe(MAX_FILENAME_BYTES);
    expect(dotted.startsWith('a.y')).toBe(true);
  });

  it('is idempotent', () => {
    for (const name of ['  a\u202e b .pdf ', `${'é'.repeat(200)}.pdf`, '.x.', 'ok.pdf']) expect(safeFilename(safeFilename(name))).toBe(safeFilename(name));
  });
});
