import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readJpegHeader } from './jpeg-header.ts';

const photo = sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

describe('readJpegHeader', () => {
  it('reads the size, components and the quality the file was saved at', async () => {
    for (const quality of [30, 45, 60, 75, 90]) {
      const header = readJpegHeader(await photo.clone().jpeg({ quality }).toBuffer());
      expect(header).toEqual({ width: 300, height: 200, components: 3, quality });
    }
    expect(readJpegHeader(await photo.clone().toColourspace('b-w').jpeg({ quality: 60, progressive: true }).toBuffer())).toMatchObject({ components: 1, quality: 60 });
  });

  it('answers undefined for what is not a JPEG', async () => {
    expect(readJpegHeader(await photo.clone().png().toBuffer())).toBeUndefined();
    expect(readJpegHeader(Buffer.from([0xff, 0xd8, 0x00, 0x01]))).toBeUndefined();
  });
});
