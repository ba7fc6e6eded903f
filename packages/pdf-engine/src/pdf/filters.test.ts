import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { ascii85Encode, asciiHexEncode, lzwEncode, runLengthEncode } from '../test/encoders.ts';
import { decode, type Chunks, type Filter } from './filters.ts';

async function* chunks(data: Uint8Array, size: number): Chunks {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function decodeAll(data: Uint8Array, filter: Filter, inputChunk = 7): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of decode(chunks(data, inputChunk), filter)) {
    expect(part.length).toBeLessThanOrEqual(64 * 1024 + 4096);
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts);
}

/** Text, runs and noise: every branch of every decoder. */
const sample = Buffer.concat([
  Buffer.from('BT /F1 12 Tf 72 712 Td (Quarterly report, figures in AUD) Tj ET\n'.repeat(50)),
  Buffer.alloc(3000),
  Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 7919) % 251)),
  Buffer.alloc(7, 0xab),
]);

describe('decode filters', () => {
  it.each([
    ['ASCIIHexDecode', asciiHexEncode],
    ['ASCII85Decode', ascii85Encode],
    ['RunLengthDecode', runLengthEncode],
    ['LZWDecode', (d: Uint8Array) => lzwEncode(d)],
    ['FlateDecode', (d: Uint8Array) => deflateSync(d)],
  ] as const)('%s decodes what was encoded, in bounded chunks, across any input split', async (name, encode) => {
    const encoded = encode(sample);
    expect(await decodeAll(encoded, { name })).toEqual(sample);
    expect(await decodeAll(encoded, { name }, 65_536)).toEqual(sample);
    for (const length of [0, 1, 2, 3, 5]) expect(await decodeAll(encode(sample.subarray(0, length)), { name })).toEqual(sample.subarray(0, length));
  });

  it('decodes LZW with EarlyChange 0', async () => {
    expect(await decodeAll(lzwEncode(sample, 0), { name: 'LZWDecode', earlyChange: 0 })).toEqual(sample);
  });

  it('reads the edge cases of the ASCII filters', async () => {
    expect((await decodeAll(Buffer.from('61 62 6>'), { name: 'ASCIIHexDecode' })).toString('latin1')).toBe('ab`');
    expect(await decodeAll(Buffer.from('z!!~>'), { name: 'ASCII85Decode' })).toEqual(Buffer.alloc(5));
    expect((await decodeAll(Buffer.from('87cURD]i,"Ebo80~>'), { name: 'ASCII85Decode' })).toString('latin1')).toBe('Hello World!');
  });

  it('stops quietly at damaged data, keeping what came before it', async () => {
    expect((await decodeAll(Buffer.from('6162zz'), { name: 'ASCIIHexDecode' })).toString('latin1')).toBe('ab');
    const cut = await decodeAll(deflateSync(sample).subarray(0, 2000), { name: 'FlateDecode' });
    expect(cut.length).toBeGreaterThan(0);
    expect(cut).toEqual(sample.subarray(0, cut.length));
    expect(await decodeAll(Buffer.from('not zlib'), { name: 'FlateDecode' })).toEqual(Buffer.alloc(0));
    expect(await decodeAll(Buffer.from([0x80, 0xff, 0xff]), { name: 'LZWDecode' })).toEqual(Buffer.alloc(0));
  });

  it('reads LZW the way qpdf does (a second, independent decoder)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wattle-lzw-'));
    try {
      const doc = await PDFDocument.create();
      const ref = doc.context.register(doc.context.stream(lzwEncode(sample), { Filter: 'LZWDecode' }));
      await writeFile(join(dir, 'in.pdf'), await doc.save({ useObjectStreams: false }));
      const qpdfDecoded = execFileSync('qpdf', [`--show-object=${ref.objectNumber}`, '--filtered-stream-data', join(dir, 'in.pdf')], { maxBuffer: 1e8 });
      expect(qpdfDecoded.equals(sample)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
