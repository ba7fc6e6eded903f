import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutputNamer, fileStem, outputFilename } from './output-names.ts';

describe('output names', () => {
  it('derive from the input name, safely', () => {
    expect(outputFilename('report.pdf', 'compressed', 'pdf')).toBe('report-compressed.pdf');
    expect(outputFilename('Annual Report 2026.docx', undefined, 'pdf')).toBe('Annual Report 2026.pdf');
    expect(fileStem('../../etc/passwd')).toBe('passwd');
    expect(fileStem('C:\\Users\\me\\scan.tiff')).toBe('scan');
    expect(fileStem('..pdf')).toBe('document');
    expect(fileStem('a\u0000b:c.pdf')).toBe('abc');
    expect(fileStem(`${'x'.repeat(300)}.pdf`)).toHaveLength(100);
  });

  it('keep no direction overrides, C1 controls or invisible characters (the filename policy)', () => {
    expect(outputFilename('\u202efdp.pdf', 'rotated', 'pdf')).toBe('fdp-rotated.pdf');
    expect(outputFilename('in\u0085voice\u2066\u200b.pdf', undefined, 'pdf')).toBe('invoice.pdf');
  });

  it('never hand out the same name twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wattle-names-'));
    await writeFile(join(dir, 'a.pdf'), '');
    const next = createOutputNamer(dir);
    expect(next('a.pdf').filename).toBe('a-2.pdf');
    expect(next('a.pdf').filename).toBe('a-3.pdf');
    expect(next('b.pdf')).toEqual({ filename: 'b.pdf', path: join(dir, 'b.pdf') });
    await rm(dir, { recursive: true });
  });
});
