import { describe, expect, it } from 'vitest';
import { makeJpeg, makePng, withClaimedSize } from '../test/images.ts';
import { isJpeg, readJpegHeader } from './jpeg-header.ts';

describe('JPEG header', () => {
  it('reads the dimensions of baseline and progressive JPEGs', async () => {
    expect(readJpegHeader(await makeJpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(readJpegHeader(await makeJpeg(31, 977, { progressive: true }))).toEqual({ width: 31, height: 977 });
  });

  it('reads the size a pixel flood claims, without decoding', async () => {
    expect(readJpegHeader(withClaimedSize(await makeJpeg(16, 16), 65535, 65535))).toEqual({ width: 65535, height: 65535 });
  });

  it('refuses what is not a JPEG or stops before its frame header', async () => {
    const png = await makePng(10, 10);
    expect(isJpeg(png)).toBe(false);
    expect(readJpegHeader(png)).toBeUndefined();
    expect(readJpegHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeUndefined();
    expect(readJpegHeader(Buffer.from('GIF89a'))).toBeUndefined();
    expect(readJpegHeader(new Uint8Array())).toBeUndefined();
    // A scan before any frame header is not a JPEG we can size.
    expect(readJpegHeader(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });
});
