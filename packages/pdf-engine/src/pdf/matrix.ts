import { PDFArray, PDFNumber, type PDFDict, PDFName } from '@cantoo/pdf-lib';
import { number, type Operand } from './content-ops.ts';

/** A PDF transformation matrix [a b c d e f] and what content-stream readers do with it. */
export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 then m2. */
export const times = ([a, b, c, d, e, f]: Matrix, [a2, b2, c2, d2, e2, f2]: Matrix): Matrix => [
  a * a2 + b * c2,
  a * b2 + b * d2,
  c * a2 + d * c2,
  c * b2 + d * d2,
  e * a2 + f * c2 + e2,
  e * b2 + f * d2 + f2,
];
export const apply = ([a, b, c, d, e, f]: Matrix, x: number, y: number) => ({ x: a * x + c * y + e, y: b * x + d * y + f });

export interface Area {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The page-space box around a rectangle (x0, y0)–(x1, y1) drawn under a matrix. */
export function boxUnder(m: Matrix, x0: number, y0: number, x1: number, y1: number): Area {
  const points = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  return { x0: Math.min(...points.map((p) => p.x)), y0: Math.min(...points.map((p) => p.y)), x1: Math.max(...points.map((p) => p.x)), y1: Math.max(...points.map((p) => p.y)) };
}

export const matrixOf = (args: Operand[]) => args.slice(0, 6).map(number) as Matrix;

/** A form XObject's /Matrix (identity when it has none). */
export function formMatrix(form: PDFDict): Matrix {
  const matrix = form.lookup(PDFName.of('Matrix'));
  return matrix instanceof PDFArray ? (matrix.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) as Matrix) : IDENTITY;
}
