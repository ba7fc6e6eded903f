/**
 * Reads a JPEG's dimensions from its frame header without decoding any pixels, so an image that
 * claims to be enormous (a pixel flood) is refused before a decoder allocates for it.
 */
export interface JpegHeader {
  width: number;
  height: number;
}

/** Start-of-frame markers (baseline, extended, progressive, lossless; not DHT, JPG or DAC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const START_OF_SCAN = 0xda;

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Answers undefined for anything that is not a well-formed JPEG header. */
export function readJpegHeader(bytes: Uint8Array): JpegHeader | undefined {
  if (!isJpeg(bytes)) return undefined;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length field.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === START_OF_SCAN || marker === 0xd9) return undefined;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2) return undefined;
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length || length < 7) return undefined;
      const height = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
      const width = (bytes[offset + 7]! << 8) | bytes[offset + 8]!;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    offset += 2 + length;
  }
  return undefined;
}
