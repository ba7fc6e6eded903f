import { readFile, writeFile } from 'node:fs/promises';
import { extname, posix } from 'node:path';
import { detectFileType } from '../detect/file-type.ts';
import { readZipFiles } from '../detect/zip.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { pdfLibPageCount } from '../pdf/load.ts';
import { checkFileSize } from '../pdf/prepare.ts';
import { checkedOutput } from '../pdf/write.ts';
import { printDocument } from '../process/chromium.ts';
import type { Operation } from './operation.ts';

/** A web page's files are held in memory while it prints: far less than an Office file may unpack to. */
const MAX_SITE_BYTES = 64 * 1024 * 1024;
const MAX_SITE_FILES = 2000;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html', '.htm': 'text/html', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf',
};
const isPage = (name: string) => /\.html?$/i.test(name);

/** One HTML file, or a ZIP holding a page (index.html, else the shallowest HTML file) with its images, styles and fonts. */
export const htmlToPdf: Operation<'html-to-pdf'> = async ([input], { pageSize }, ctx) => {
  await checkFileSize(ctx, input!);
  const kind = await detectFileType(input!.path);
  let names: Map<string, Buffer>;
  if (kind === 'html') names = new Map([['index.html', await readFile(input!.path)]]);
  else if (kind === 'zip') names = await readZipFiles(input!.path, { maxBytes: MAX_SITE_BYTES, maxEntries: MAX_SITE_FILES });
  else throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not a web page or a ZIP of one.', { filename: input!.filename });
  const pages = [...names.keys()].filter(isPage).sort((a, b) => a.split('/').length - b.split('/').length || Number(posix.basename(b) === 'index.html') - Number(posix.basename(a) === 'index.html'));
  if (!pages[0]) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'The ZIP holds no HTML page.', { filename: input!.filename });
  const files = new Map([...names].map(([name, body]) => [name, { body, contentType: CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream' }]));
  ctx.progress(0.1);

  const pdf = await printDocument(ctx, { entry: `/${pages[0].split('/').map(encodeURIComponent).join('/')}`, files, format: pageSize });
  const count = (await pdfLibPageCount(pdf))?.pages ?? 0;
  if (count > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The web page lays out to too many pages.', { limit: 'maxPages', pages: count });
  const target = ctx.output(outputFilename(input!.filename, undefined, 'pdf'));
  await writeFile(target.path, pdf);
  return [await checkedOutput(ctx, target, count)];
};
