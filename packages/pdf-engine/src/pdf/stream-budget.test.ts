import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../limits.ts';
import { checkPdfStreams, inflatedSize, leadingFlateFilters } from './stream-budget.ts';

const limits = { ...DEFAULT_LIMITS, maxStreamBytes: 1_000_000, maxDecodedBytes: 1_500_000, maxPixels: 1_000_000 };
const pdfWith = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj\n${dict}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n')]);

describe('stream budget', () => {
  it('reads filter chains', () => {
    expect(leadingFlateFilters('<< /Filter /FlateDecode >>')).toBe(1);
    expect(leadingFlateFilters('<< /Filter [/FlateDecode /FlateDecode /DCTDecode] >>')).toBe(2);
    expect(leadingFlateFilters('<< /Filter [/DCTDecode /FlateDecode] >>')).toBe(0);
    expect(leadingFlateFilters('<< /Length 3 >>')).toBe(0);
  });

  it('counts decoded bytes through chained Flate without holding them', async () => {
    const twice = deflateSync(deflateSync(Buffer.alloc(5_000_000)));
    expect(await inflatedSize(twice, 2, 10_000_000)).toBe(5_000_000);
    expect(await inflatedSize(twice, 2, 1_000)).toBeGreaterThan(1_000);
    expect(await inflatedSize(Buffer.from('not zlib'), 1, 1_000)).toBe(0);
  });

  it('refuses a stream over the per-stream budget and a job over its total', async () => {
    const bomb = pdfWith('<< /Filter [/FlateDecode /FlateDecode] >>', deflateSync(deflateSync(Buffer.alloc(2_000_000))));
    await expect(checkPdfStreams(bomb, limits, { remaining: limits.maxDecodedBytes })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxStreamBytes' } });
    const ok = pdfWith('<< /Filter /FlateDecode >>', deflateSync(Buffer.alloc(900_000)));
    const budget = { remaining: limits.maxDecodedBytes };
    await checkPdfStreams(ok, limits, budget);
    expect(budget.remaining).toBe(600_000);
    await expect(checkPdfStreams(ok, limits, budget)).rejects.toMatchObject({ details: { limit: 'maxDecodedBytes' } });
  });

  it('refuses image XObjects over the pixel budget from their dictionary', async () => {
    const flood = pdfWith('<< /Type /XObject /Subtype /Image /Width 5000 /Height 5000 /BitsPerComponent 8 >>', Buffer.alloc(10));
    await expect(checkPdfStreams(flood, limits, { remaining: 1e9 })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxPixels' } });
  });
});
