import sharp from 'sharp';

/** A real JPEG of the given size (a flat colour), made by sharp. */
export function makeJpeg(width: number, height: number, options: { progressive?: boolean } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 31, g: 92, b: 72 } } })
    .jpeg({ quality: 80, progressive: options.progressive ?? false })
    .toBuffer();
}

export function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 232, g: 185, b: 35, alpha: 1 } } })
    .png()
    .toBuffer();
}

/**
 * A pixel flood: a small, valid JPEG whose frame header is rewritten to claim width x height, so a
 * decoder trusting it would allocate gigabytes.
 */
export function withClaimedSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let offset = 2;
  while (offset < out.length) {
    const marker = out[offset + 1]!;
    const length = out.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(height, offset + 5);
      out.writeUInt16BE(width, offset + 7);
      return out;
    }
    offset += 2 + length;
  }
  throw new Error('no frame header found');
}
