import { once } from 'node:events';
import { createInflate } from 'node:zlib';

/**
 * PDF's general-purpose decode filters as lazy async stages: chunks in, chunks of at most
 * OUT_CHUNK bytes out, so a consumer that stops early stops every stage and nothing is ever
 * held whole. Used to count decoded bytes (stream-budget.ts); no library decodes these
 * incrementally with a bound (see decision 012). Corrupt data ends a stage quietly: it counts
 * as far as it decodes, as readers do.
 */
export type Chunks = AsyncIterable<Uint8Array>;
export type FilterName = 'FlateDecode' | 'LZWDecode' | 'ASCII85Decode' | 'ASCIIHexDecode' | 'RunLengthDecode';

export interface Filter {
  name: FilterName;
  /** LZW only: /EarlyChange from /DecodeParms (default 1). */
  earlyChange?: 0 | 1;
}

const OUT_CHUNK = 64 * 1024;
/** Room past OUT_CHUNK for one decoding step (an LZW code is at most 4096 bytes). */
const STEP_MAX = 4096;

const NAMES: Record<string, FilterName> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
};

/** The full or abbreviated name of a filter we decode, or undefined (DCT, CCITT, JBIG2, JPX, Crypt). */
export const filterName = (name: string): FilterName | undefined => NAMES[name];

export function decode(input: Chunks, filter: Filter): Chunks {
  switch (filter.name) {
    case 'FlateDecode':
      return flate(input);
    case 'LZWDecode':
      return lzw(input, filter.earlyChange ?? 1);
    case 'ASCII85Decode':
      return ascii85(input);
    case 'ASCIIHexDecode':
      return asciiHex(input);
    case 'RunLengthDecode':
      return runLength(input);
  }
}

/** Output collected in fixed chunks; `full` says when to hand one on. */
class Output {
  private buffer = Buffer.allocUnsafe(OUT_CHUNK + STEP_MAX);
  length = 0;
  get full() {
    return this.length >= OUT_CHUNK;
  }
  byte(value: number) {
    this.buffer[this.length++] = value;
  }
  repeat(value: number, count: number) {
    this.buffer.fill(value, this.length, this.length + count);
    this.length += count;
  }
  /** Room for `count` bytes written in any order (LZW writes strings back to front). */
  reserve(count: number): Buffer {
    const start = this.length;
    this.length += count;
    return this.buffer.subarray(start, start + count);
  }
  take(): Uint8Array {
    const chunk = this.buffer.subarray(0, this.length);
    this.buffer = Buffer.allocUnsafe(OUT_CHUNK + STEP_MAX);
    this.length = 0;
    return chunk;
  }
}

async function* flate(input: Chunks): Chunks {
  const inflater = createInflate({ chunkSize: OUT_CHUNK });
  const stop = new AbortController();
  // Node's zlib honours backpressure: it inflates no further than the reader below takes.
  const feeding = (async () => {
    for await (const chunk of input) {
      if (!inflater.write(chunk)) await once(inflater, 'drain', { signal: stop.signal });
    }
    inflater.end();
  })();
  feeding.catch(() => inflater.destroy());
  try {
    for await (const chunk of inflater) yield chunk as Buffer;
  } catch {
    // damaged data: counted as far as it inflated
  } finally {
    stop.abort();
    inflater.destroy();
    await feeding.catch(() => undefined);
  }
}

async function* asciiHex(input: Chunks): Chunks {
  const out = new Output();
  let high = -1;
  for await (const chunk of input) {
    for (const byte of chunk) {
      if (byte === 0x3e) break; // '>' ends the data
      const digit = hexDigit(byte);
      if (digit < 0) {
        if (isWhite(byte)) continue;
        break;
      }
      if (high < 0) high = digit;
      else {
        out.byte((high << 4) | digit);
        high = -1;
        if (out.full) yield out.take();
      }
    }
  }
  if (high >= 0) out.byte(high << 4);
  yield out.take();
}

async function* ascii85(input: Chunks): Chunks {
  const out = new Output();
  let group = 0;
  let count = 0;
  done: for await (const chunk of input) {
    for (const byte of chunk) {
      if (isWhite(byte)) continue;
      if (byte === 0x7e) break done; // '~>' ends the data
      if (byte === 0x7a && count === 0) out.repeat(0, 4); // 'z': four zero bytes
      else if (byte >= 0x21 && byte <= 0x75) {
        group = group * 85 + (byte - 0x21);
        if (++count === 5) {
          out.byte((group >>> 24) & 255);
          out.byte((group >>> 16) & 255);
          out.byte((group >>> 8) & 255);
          out.byte(group & 255);
          group = count = 0;
        }
      } else break done;
      if (out.full) yield out.take();
    }
  }
  if (count > 1) {
    // A final partial group of n characters is padded with 'u' and gives n - 1 bytes.
    for (let i = count; i < 5; i++) group = group * 85 + 84;
    for (let i = 0; i < count - 1; i++) out.byte((group >>> (24 - 8 * i)) & 255);
  }
  yield out.take();
}

async function* runLength(input: Chunks): Chunks {
  const out = new Output();
  let literal = 0; // bytes still to copy
  let repeat = 0; // times to repeat the next byte
  done: for await (const chunk of input) {
    for (const byte of chunk) {
      if (literal > 0) {
        out.byte(byte);
        literal--;
      } else if (repeat > 0) {
        out.repeat(byte, repeat);
        repeat = 0;
      } else if (byte < 128) literal = byte + 1;
      else if (byte > 128) repeat = 257 - byte;
      else break done; // 128 ends the data
      if (out.full) yield out.take();
    }
  }
  yield out.take();
}

const CLEAR = 256;
const END = 257;
const TABLE_SIZE = 4096;

/** Variable-width (9–12 bit) LZW as in PDF and TIFF, MSB first, without the table ever growing past 4096 entries. */
async function* lzw(input: Chunks, earlyChange: 0 | 1): Chunks {
  const out = new Output();
  const prefix = new Int16Array(TABLE_SIZE);
  const last = new Uint8Array(TABLE_SIZE);
  const first = new Uint8Array(TABLE_SIZE);
  const length = new Uint16Array(TABLE_SIZE);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    last[i] = first[i] = i;
    length[i] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let bitCount = 0;
  const write = (code: number) => {
    const target = out.reserve(length[code]!);
    for (let i = target.length - 1, c = code; i >= 0; i--, c = prefix[c]!) target[i] = last[c]!;
  };
  done: for await (const chunk of input) {
    for (const byte of chunk) {
      bits = ((bits << 8) | byte) & 0xffffff;
      bitCount += 8;
      while (bitCount >= width) {
        bitCount -= width;
        const code = (bits >>> bitCount) & ((1 << width) - 1);
        if (code === CLEAR) {
          next = 258;
          width = 9;
          previous = -1;
          continue;
        }
        if (code === END) break done;
        if (previous < 0) {
          if (code > 255) break done;
          write(code);
        } else {
          if (code > next || (code === next && next >= TABLE_SIZE)) break done;
          const known = code < next;
          if (next < TABLE_SIZE) {
            prefix[next] = previous;
            first[next] = first[previous]!;
            last[next] = known ? first[code]! : first[previous]!;
            length[next] = length[previous]! + 1;
            next++;
          }
          write(code);
        }
        previous = code;
        if (next + earlyChange >= 1 << width && width < 12) width++;
        if (out.full) yield out.take();
      }
    }
  }
  yield out.take();
}

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
