/** What a JPEG's header says, read without decoding a pixel. */
export interface JpegHeader {
  width: number;
  height: number;
  components: number;
  /** The IJG quality (1-100) the luminance table corresponds to; undefined without one. */
  quality: number | undefined;
}

/** IJG's luminance table at quality 50 (Annex K of the JPEG standard); only its sum is used. */
const STANDARD_LUMINANCE_SUM = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109,
  103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].reduce((a, b) => a + b);

/** Start-of-frame markers (baseline, extended, progressive, lossless; not DHT, JPG or DAC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Size, components and quality from the markers before the first scan; undefined when it is not a JPEG we can read. */
export function readJpegHeader(bytes: Uint8Array): JpegHeader | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let frame: Omit<JpegHeader, 'quality'> | undefined;
  let quality: number | undefined;
  for (let at = 2; at + 4 <= bytes.length; ) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const segment = bytes.subarray(at + 4, at + 2 + length);
    if (marker === 0xdb) quality ??= luminanceQuality(segment);
    if (isFrame(marker) && segment.length >= 6) {
      frame = { height: (segment[1]! << 8) | segment[2]!, width: (segment[3]! << 8) | segment[4]!, components: segment[5]! };
    }
    if (marker === 0xda) break; // tables and frame come before the first scan
    at += 2 + length;
  }
  return frame && { ...frame, quality };
}

/** Quality of table 0 (luminance by convention), inverting IJG's scaling of the standard table. */
function luminanceQuality(segment: Uint8Array): number | undefined {
  for (let at = 0; at < segment.length; ) {
    const precision = segment[at]! >> 4;
    const id = segment[at]! & 0x0f;
    const size = precision ? 128 : 64;
    if (id === 0 && at + 1 + size <= segment.length) {
      let sum = 0;
      for (let i = 0; i < 64; i++) sum += precision ? (segment[at + 1 + 2 * i]! << 8) | segment[at + 2 + 2 * i]! : segment[at + 1 + i]!;
      const scale = (sum * 100) / STANDARD_LUMINANCE_SUM;
      return Math.max(1, Math.min(100, Math.round(scale <= 100 ? (200 - scale) / 2 : 5000 / scale)));
    }
    at += 1 + size;
  }
  return undefined;
}
