import type { PDFPage } from '@cantoo/pdf-lib';
import type { ToolOptions } from '@wattle/shared';
import { EngineError } from '../errors.ts';
import { displayBox } from '../pdf/geometry.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { lookAtPagesGray } from '../pdf/render.ts';
import { chosenPages, openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { RawImage } from '../util/ppm.ts';
import { MM } from './header-footer.ts';
import type { Operation } from './operation.ts';

/**
 * Crop sets each page's CropBox (and TrimBox, for printers) to the area kept: readers show only that,
 * but the content outside stays in the file, so cropping can be undone and is no way to remove anything.
 */

/** Auto-crop finds the content on a page rendered this coarsely: a pixel is 1 mm, enough to trim margins. */
const AUTO_DPI = 25;
/** Grey levels above this are paper, not content. */
const PAPER = 235;
/** Smaller than this (points) is no page at all. */
const MIN_SIDE = 1;

/** A rectangle on the page as shown: from its left and bottom edges, in points. */
interface Area {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export const crop: Operation<'crop'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const chosen = chosenPages(options.pages, pdf.pages);
  const pages = doc.getPages().map((page, i) => ({ page, number: i + 1 })).filter(({ number }) => !chosen || chosen.has(number));
  const ink = options.cropTo === 'content' ? await lookAtPagesGray(ctx, pdf.path, doc, pages.map((p) => p.number), AUTO_DPI, inkBounds) : undefined;
  for (const { page, number } of pages) {
    const area = options.cropTo === 'content' ? contentArea(page, ink!.get(number)!, options.padding * MM) : keptArea(page, options);
    if (!area) continue;
    if (area.right - area.left < MIN_SIDE || area.top - area.bottom < MIN_SIDE) {
      const message = `Nothing of page ${number} would be left: make the margins smaller or the box larger.`;
      throw new EngineError('VALIDATION_FAILED', message, { field: options.cropTo === 'box' ? 'width' : 'top', message, page: number });
    }
    setVisibleArea(page, area);
  }
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'cropped', 'pdf'), pdf.pages)];
};

/** The area the margins or the box keep, within the page as shown. */
function keptArea(page: PDFPage, options: Exclude<ToolOptions<'crop'>, { cropTo: 'content' }>): Area {
  const { width, height } = displayBox(page);
  if (options.cropTo === 'margins') {
    return { left: options.left * MM, bottom: options.bottom * MM, right: width - options.right * MM, top: height - options.top * MM };
  }
  const left = options.x * MM;
  const top = height - options.y * MM;
  return { left, top, right: Math.min(width, left + options.width * MM), bottom: Math.max(0, top - options.height * MM) };
}

/** The content's bounding box with padding, or undefined for a page with nothing on it (left as it is). */
function contentArea(page: PDFPage, ink: Ink | undefined, padding: number): Area | undefined {
  if (!ink) return undefined;
  const { width, height } = displayBox(page);
  const x = (pixels: number) => (pixels / ink.across) * width;
  const y = (pixels: number) => height - (pixels / ink.down) * height;
  return {
    left: Math.max(0, x(ink.left) - padding),
    right: Math.min(width, x(ink.right + 1) + padding),
    top: Math.min(height, y(ink.top) + padding),
    bottom: Math.max(0, y(ink.bottom + 1) - padding),
  };
}

/** Where a rendered page has ink: first and last rows and columns from the top left, of `across` by `down` pixels. */
interface Ink {
  left: number;
  right: number;
  top: number;
  bottom: number;
  across: number;
  down: number;
}

/** The first and last rows and columns holding a pixel darker than paper. */
function inkBounds(image: RawImage): Ink | undefined {
  let left = image.width;
  let right = -1;
  let top = image.height;
  let bottom = -1;
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x++) {
      if (image.data[row + x]! > PAPER) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? undefined : { left, right, top, bottom, across: image.width, down: image.height };
}

/** Sets CropBox and TrimBox to an area of the page as shown, mapped back through its rotation. */
function setVisibleArea(page: PDFPage, area: Area): void {
  const box = displayBox(page);
  const a = box.toPage(area.left, area.bottom);
  const b = box.toPage(area.right, area.top);
  const [x, y] = [Math.min(a.x, b.x), Math.min(a.y, b.y)];
  const [width, height] = [Math.abs(a.x - b.x), Math.abs(a.y - b.y)];
  page.setCropBox(x, y, width, height);
  page.setTrimBox(x, y, width, height);
}
