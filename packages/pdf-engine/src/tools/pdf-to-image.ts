import sharp from 'sharp';
import { expandPageRanges } from '@wattle/shared';
import { outputFilename } from '../output-names.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { renderPageFile, renderPageRaw, renderSize } from '../pdf/render.ts';
import { openPrepared, pageRangesFor } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import type { Operation } from './operation.ts';

/** pdftoppm writes JPEG itself; PNG goes through sharp (pdftoppm's PNG writer is 15x slower). */
export const pdfToImage: Operation<'pdf-to-image'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const pages = options.pages
    ? [...new Set(expandPageRanges(pageRangesFor('pages', options.pages, pdf.pages)))]
    : Array.from({ length: pdf.pages }, (_, i) => i + 1);
  for (const page of pages) renderSize(ctx, doc, page - 1, options.dpi);
  const ext = options.format === 'png' ? 'png' : 'jpg';
  const targets = pages.map((page) => ctx.output(outputFilename(pdf.filename, `page-${page}`, ext)));
  let done = 0;
  await mapLimit(pages, ctx.limits.parallelism, async (page, i) => {
    const target = targets[i]!;
    if (options.format === 'jpeg') {
      await renderPageFile(ctx, pdf.path, page, options.dpi, 'jpeg', target.path.slice(0, -'.jpg'.length));
    } else {
      const raw = await renderPageRaw(ctx, pdf.path, page, options.dpi);
      await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
        .png({ compressionLevel: 6 })
        .toFile(target.path);
    }
    ctx.progress(++done / pages.length);
  });
  return targets.map((t) => ({ path: t.path, filename: t.filename, contentType: options.format === 'png' ? 'image/png' : 'image/jpeg' }));
};
