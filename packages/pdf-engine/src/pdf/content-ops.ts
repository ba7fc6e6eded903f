import { decodePDFRawStream, PDFArray, PDFName, PDFRawStream, type PDFDict, type PDFObject } from '@cantoo/pdf-lib';

/**
 * A strict content-stream tokeniser: each operation keeps its byte span, so an operation that is not
 * changed is written back exactly as it was (inline images included). Anything it does not understand
 * throws, so a caller can fall back to something that needs no understanding.
 */

export type Operand = number | boolean | null | { name: string } | { bytes: Uint8Array } | Operand[] | { dict: Map<string, Operand> };

export interface ContentOp {
  op: string;
  args: Operand[];
  start: number;
  end: number;
}

export class ContentNotUnderstood extends Error {}

const OPERATORS = new Set(
  (
    'b B b* B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs h i ID j J K k l m M MP n re RG rg ri ' +
    'q Q s S SC sc SCN scn sh T* Tc Td TD Tf Tj TJ TL Tm Tr Ts Tw Tz v w W W* y \' "'
  ).split(' '),
);
const MAX_OPS = 2_000_000;
const MAX_DEPTH = 32;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;
const isDelimiter = (b: number) => b === 0x28 || b === 0x29 || b === 0x3c || b === 0x3e || b === 0x5b || b === 0x5d || b === 0x7b || b === 0x7d || b === 0x2f || b === 0x25;

export function parseContent(bytes: Uint8Array): ContentOp[] {
  const ops: ContentOp[] = [];
  let at = 0;
  const fail = (why: string): never => {
    throw new ContentNotUnderstood(`${why} at byte ${at}`);
  };
  const skipSpace = () => {
    while (at < bytes.length) {
      if (isSpace(bytes[at]!)) at++;
      else if (bytes[at] === 0x25) while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
      else break;
    }
  };
  const word = () => {
    const from = at;
    while (at < bytes.length && !isSpace(bytes[at]!) && !isDelimiter(bytes[at]!)) at++;
    return String.fromCharCode(...bytes.subarray(from, at));
  };
  const literal = (): Uint8Array => {
    at++;
    const out: number[] = [];
    let depth = 1;
    while (at < bytes.length) {
      const b = bytes[at++]!;
      if (b === 0x5c) {
        const e = bytes[at++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };
        if (e in simple) out.push(simple[e]!);
        else if (e >= 0x30 && e <= 0x37) {
          let n = e - 0x30;
          for (let k = 0; k < 2 && bytes[at]! >= 0x30 && bytes[at]! <= 0x37; k++) n = n * 8 + (bytes[at++]! - 0x30);
          out.push(n & 0xff);
        } else if (e === 0x0d) {
          if (bytes[at] === 0x0a) at++;
        } else if (e !== 0x0a) out.push(e);
      } else if (b === 0x28) {
        depth++;
        out.push(b);
      } else if (b === 0x29) {
        if (--depth === 0) return Uint8Array.from(out);
        out.push(b);
      } else out.push(b);
    }
    return fail('unterminated string');
  };
  const hex = (): Uint8Array => {
    at++;
    let digits = '';
    while (at < bytes.length && bytes[at] !== 0x3e) {
      const c = String.fromCharCode(bytes[at++]!);
      if (/[0-9a-fA-F]/.test(c)) digits += c;
      else if (!isSpace(c.charCodeAt(0))) fail('bad hex string');
    }
    if (at++ >= bytes.length) fail('unterminated hex string');
    if (digits.length % 2) digits += '0';
    return Uint8Array.from(Buffer.from(digits, 'hex'));
  };
  const operand = (depth: number): Operand | string => {
    if (depth > MAX_DEPTH) fail('nested too deep');
    const b = bytes[at]!;
    if (b === 0x2f) {
      at++;
      return { name: word().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) };
    }
    if (b === 0x28) return { bytes: literal() };
    if (b === 0x3c && bytes[at + 1] === 0x3c) {
      at += 2;
      const dict = new Map<string, Operand>();
      for (skipSpace(); !(bytes[at] === 0x3e && bytes[at + 1] === 0x3e); skipSpace()) {
        if (at >= bytes.length) fail('unterminated dictionary');
        const key = operand(depth + 1);
        skipSpace();
        const value = operand(depth + 1);
        if (typeof key !== 'object' || key === null || !('name' in key) || typeof value === 'string') fail('bad dictionary');
        dict.set((key as { name: string }).name, value as Operand);
      }
      at += 2;
      return { dict };
    }
    if (b === 0x3c) return { bytes: hex() };
    if (b === 0x5b) {
      at++;
      const items: Operand[] = [];
      for (skipSpace(); bytes[at] !== 0x5d; skipSpace()) {
        if (at >= bytes.length) fail('unterminated array');
        const item = operand(depth + 1);
        if (typeof item === 'string') fail('operator in an array');
        items.push(item as Operand);
      }
      at++;
      return items;
    }
    if (isDelimiter(b)) fail('unexpected delimiter');
    const token = word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    return token;
  };

  let args: Operand[] = [];
  let start = -1;
  for (skipSpace(); at < bytes.length; skipSpace()) {
    if (start < 0) start = at;
    if (bytes[at] === 0x27 || bytes[at] === 0x22) {
      ops.push({ op: String.fromCharCode(bytes[at++]!), args, start, end: at });
    } else {
      const token = operand(0);
      if (typeof token !== 'string') {
        args.push(token);
        continue;
      }
      if (!OPERATORS.has(token)) fail(`unknown operator ${token}`);
      if (token === 'BI') inlineImage();
      ops.push({ op: token, args, start, end: at });
    }
    if (ops.length > MAX_OPS) fail('too many operations');
    args = [];
    start = -1;
  }
  if (args.length > 0) fail('operands without an operator');
  return ops;

  /** BI … ID <data> EI: the data is binary, so it ends at the first EI standing alone after it. */
  function inlineImage() {
    for (skipSpace(); ; skipSpace()) {
      if (at >= bytes.length) fail('unterminated inline image');
      const token = operand(1);
      if (token === 'ID') break;
      if (typeof token === 'string') fail('bad inline image');
    }
    at++;
    for (; at < bytes.length - 1; at++) {
      if (bytes[at] === 0x45 && bytes[at + 1] === 0x49 && isSpace(bytes[at - 1]!) && (at + 2 >= bytes.length || isSpace(bytes[at + 2]!))) {
        at += 2;
        return;
      }
    }
    fail('inline image without EI');
  }
}

export const number = (o: Operand | undefined) => {
  if (typeof o !== 'number') throw new ContentNotUnderstood('an operand that should be a number');
  return o;
};
export const nameOf = (o: Operand | undefined) => {
  if (typeof o !== 'object' || o === null || !('name' in o)) throw new ContentNotUnderstood('an operand that should be a name');
  return o.name;
};

/** A stream's decoded bytes; one that cannot be decoded is not understood. */
export function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (!(stream instanceof PDFRawStream)) throw new ContentNotUnderstood('a content stream that is not a stream');
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    throw new ContentNotUnderstood('a content stream that cannot be decoded');
  }
}

/** A page's content streams, decoded and joined (a line break between them, as a reader joins them). */
export function pageContentBytes(page: PDFDict): Uint8Array {
  const contents = page.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((s) => page.context.lookup(s)) : contents === undefined ? [] : [contents];
  return Buffer.concat(streams.flatMap((s) => [Buffer.from(streamBytes(s)), Buffer.from('\n')]));
}
