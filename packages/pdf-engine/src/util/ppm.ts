/** A binary PPM/PGM (what pdftoppm writes fastest) as raw pixels sharp can take. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

export function parsePnm(buffer: Buffer): RawImage {
  const header = /^P([56])\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(buffer.toString('latin1', 0, 100));
  if (!header || header[4] !== '255') throw new Error('Unsupported PNM image');
  const channels = header[1] === '6' ? 3 : 1;
  const width = Number(header[2]);
  const height = Number(header[3]);
  const data = buffer.subarray(header[0].length, header[0].length + width * height * channels);
  if (data.length !== width * height * channels) throw new Error('Truncated PNM image');
  return { data, width, height, channels };
}
