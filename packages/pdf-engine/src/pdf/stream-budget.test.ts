import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../limits.ts';
import { ascii85Encode, filterArray, FILTER_CHAINS, lzwEncode } from '../test/encoders.ts';
import { checkPdfStreams, decodedSize, filterChains } from './stream-budget.ts';

const limits = { ...DEFAULT_LIMITS, maxStreamBytes: 1_000_000, maxDecodedBytes: 1_500_000, maxPixels: 1_000_000 };
const pdfWith = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj\n${dict}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n')]);

describe('stream budget', () => {
  it('reads filter chains', () => {
    const names = (dict: string) => filterChains(dict).map((chain) => chain.map((f) => f.name));
    expect(names('<< /Filter /FlateDecode >>')).toEqual([['FlateDecode']]);
    expect(names('<< /Filter [/FlateDecode /FlateDecode /DCTDecode] >>')).toEqual([['FlateDecode', 'FlateDecode']]);
    expect(names('<< /Filter [/A85 /LZW /DCTDecode] >>')).toEqual([['ASCII85Decode', 'LZWDecode']]);
    expect(names('<< /Filter [/DCTDecode /FlateDecode] >>')).toEqual([]);
    expect(names('<< /Length 3 >>')).toEqual([]);
  });

  it('counts decoded bytes through chained Flate without holding them', async () => {
    const twice = deflateSync(deflateSync(Buffer.alloc(5_000_000)));
    const flate = { name: 'FlateDecode' } as const;
    expect(await decodedSize(twice, [flate, flate], 10_000_000)).toBe(5_000_000);
    expect(await decodedSize(twice, [flate, flate], 1_000)).toBeGreaterThan(1_000);
    expect(await decodedSize(Buffer.from('not zlib'), [flate], 1_000)).toBe(0);
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

  const zeros = Buffer.alloc(2_000_000);
  const text = Buffer.from('BT /F1 12 Tf 72 712 Td (Quarterly report) Tj ET\n'.repeat(2_000));

  it.each(FILTER_CHAINS.map((c) => [filterArray(c.filters), c.encode] as const))('refuses a bomb through %s with the Flate bomb\'s error, and passes a legitimate stream through it', async (filter, encode) => {
    const bomb = pdfWith(`<< /Length 9 /Filter ${filter} >>`, encode(zeros));
    await expect(checkPdfStreams(bomb, limits, { remaining: limits.maxDecodedBytes })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxStreamBytes' } });
    const budget = { remaining: limits.maxDecodedBytes };
    await checkPdfStreams(pdfWith(`<< /Filter ${filter} >>`, encode(text)), limits, budget);
    // Charged the largest stage: the text, or a little more where an inner stage (RunLength) adds framing.
    const charged = limits.maxDecodedBytes - budget.remaining;
    expect(charged).toBeGreaterThanOrEqual(text.length);
    expect(charged).toBeLessThan(text.length * 1.01);
  });

  it('counts every /Filter in the dictionary, so a decoy in a nested dictionary hides nothing', async () => {
    const bomb = pdfWith('<< /Decoy << /Filter /DCTDecode >> /Filter [/A85 /Fl] >>', ascii85Encode(deflateSync(zeros)));
    await expect(checkPdfStreams(bomb, limits, { remaining: limits.maxDecodedBytes })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('finds /Encrypt and the PDF/A claim in the same walk, everywhere but in filtered stream data', async () => {
    const walk = (bytes: Buffer) => checkPdfStreams(bytes, limits, { remaining: limits.maxDecodedBytes });
    const jpeg = pdfWith('<< /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode >>', Buffer.from('/Encrypt pdfaid:part="1"'));
    expect(await walk(jpeg)).toEqual({ encrypted: false, pdfaid: -1 });
    const xmp = pdfWith('<< /Type /Metadata /Subtype /XML >>', Buffer.from('<rdf:Description pdfaid:part="2" pdfaid:conformance="B"/>'));
    const trailer = Buffer.from('trailer\n<< /Root 1 0 R /Encrypt 5 0 R >>\n%%EOF\n');
    const both = Buffer.concat([jpeg, xmp, trailer]);
    expect(await walk(both)).toEqual({ encrypted: true, pdfaid: jpeg.length + xmp.indexOf('pdfaid:') });
    // A stream cut short (no endstream) may have swallowed the trailer: its data is read too.
    const cut = Buffer.concat([Buffer.from('%PDF-1.7\n4 0 obj\n<< /Filter /DCTDecode >>\nstream\n'), Buffer.from('garbage '), trailer]);
    expect((await walk(cut)).encrypted).toBe(true);
  });

  it('reads /EarlyChange for LZW', async () => {
    const bomb = pdfWith('<< /Filter /LZWDecode /DecodeParms << /EarlyChange 0 >> >>', lzwEncode(zeros, 0));
    await expect(checkPdfStreams(bomb, limits, { remaining: limits.maxDecodedBytes })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });
});
