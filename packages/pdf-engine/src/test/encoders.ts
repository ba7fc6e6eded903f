import { deflateSync } from 'node:zlib';

/** Encoders for PDF's general filters, to build fixtures (legitimate streams and bombs) the decoders must read. */

export function asciiHexEncode(data: Uint8Array): Buffer {
  return Buffer.from(`${Buffer.from(data).toString('hex').replace(/.{1,64}/g, '$&\n')}>`, 'latin1');
}

export function ascii85Encode(data: Uint8Array): Buffer {
  let text = '';
  for (let i = 0; i < data.length; i += 4) {
    const n = Math.min(4, data.length - i);
    let group = 0;
    for (let j = 0; j < 4; j++) group = group * 256 + (j < n ? data[i + j]! : 0);
    if (n === 4 && group === 0) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let j = 0; j < 5; j++) {
      digits.unshift(String.fromCharCode(0x21 + (group % 85)));
      group = Math.floor(group / 85);
    }
    text += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${text.replace(/.{1,72}/g, '$&\n')}~>`, 'latin1');
}

export function runLengthEncode(data: Uint8Array): Buffer {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (run < 128 && i + run < data.length && data[i + run] === data[i]) run++;
    if (run > 1) {
      out.push(257 - run, data[i]!);
      i += run;
      continue;
    }
    const start = i;
    while (i < data.length && i - start < 128 && !(i + 1 < data.length && data[i + 1] === data[i])) i++;
    if (i === start) i++;
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  out.push(128);
  return Buffer.from(out);
}

/** PDF LZW (MSB first, EarlyChange 1 unless told), with a clear code whenever the table fills. */
export function lzwEncode(data: Uint8Array, earlyChange: 0 | 1 = 1): Buffer {
  const out: number[] = [];
  let bits = 0;
  let bitCount = 0;
  let width = 9;
  const emit = (code: number) => {
    bits = (bits << width) | code;
    bitCount += width;
    while (bitCount >= 8) {
      bitCount -= 8;
      out.push((bits >>> bitCount) & 255);
    }
    bits &= (1 << bitCount) - 1;
  };
  // Entries keyed by (code of the prefix, next byte).
  let table = new Map<number, number>();
  let next = 258;
  emit(256);
  let current = -1;
  for (const byte of data) {
    if (current < 0) {
      current = byte;
      continue;
    }
    const known = table.get(current * 256 + byte);
    if (known !== undefined) {
      current = known;
      continue;
    }
    emit(current);
    table.set(current * 256 + byte, next++);
    current = byte;
    // The decoder adds each entry one code later than we do, hence the - 1.
    if (next + earlyChange - 1 >= 1 << width) {
      if (width === 12) {
        emit(256);
        table = new Map();
        next = 258;
        width = 9;
      } else width++;
    }
  }
  if (current >= 0) emit(current);
  emit(257);
  if (bitCount > 0) out.push((bits << (8 - bitCount)) & 255);
  return Buffer.from(out);
}

/** Chains seen in bombs (the general filters expand too: LZW ~1000x, RunLength 64x, ASCII85 'z' 4x), with their encoders. */
export const FILTER_CHAINS: { filters: string[]; encode: (data: Buffer) => Buffer }[] = [
  { filters: ['ASCII85Decode', 'FlateDecode'], encode: (d) => ascii85Encode(deflateSync(d)) },
  { filters: ['A85', 'Fl'], encode: (d) => ascii85Encode(deflateSync(d)) },
  { filters: ['ASCIIHexDecode', 'FlateDecode'], encode: (d) => asciiHexEncode(deflateSync(d)) },
  { filters: ['LZWDecode'], encode: (d) => lzwEncode(d) },
  { filters: ['FlateDecode', 'RunLengthDecode'], encode: (d) => deflateSync(runLengthEncode(d)) },
  { filters: ['RunLengthDecode', 'FlateDecode'], encode: (d) => runLengthEncode(deflateSync(d)) },
  { filters: ['ASCII85Decode', 'LZWDecode', 'FlateDecode'], encode: (d) => ascii85Encode(lzwEncode(deflateSync(d))) },
  { filters: ['ASCII85Decode'], encode: (d) => ascii85Encode(d) },
];

export const filterArray = (filters: readonly string[]) => `[${filters.map((f) => `/${f}`).join(' ')}]`;
