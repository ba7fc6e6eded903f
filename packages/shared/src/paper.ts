import type { PAGE_SIZES } from './validation.ts';

export type PaperSize = (typeof PAGE_SIZES)[number];

/** Paper sizes in points, portrait (width, height): the one table the engine, the tools and the editor use. */
export const PAPER_SIZES: Record<PaperSize, readonly [number, number]> = { A4: [595.28, 841.89], Letter: [612, 792], Legal: [612, 1008] };

/** A paper size's page in points, its long side across when landscape. */
export function paperPage(size: PaperSize, landscape: boolean): [number, number] {
  const [short, long] = PAPER_SIZES[size];
  return landscape ? [long, short] : [short, long];
}
