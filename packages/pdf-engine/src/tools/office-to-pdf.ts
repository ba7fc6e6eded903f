import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { OFFICE_INPUT_KINDS } from '@wattle/shared';
import type { ToolContext } from '../context.ts';
import { detectFileType } from '../detect/file-type.ts';
import { checkZipBudget } from '../detect/zip.ts';
import { detectEngines } from '../engines.ts';
import { EngineError, isEngineError } from '../errors.ts';
import { OFFICE_FILTERS, ZIPPED_KINDS } from '../office/filters.ts';
import { officePool } from '../office/pool.ts';
import { writeProfile } from '../office/profile.ts';
import { outputFilename } from '../output-names.ts';
import { checkFileSize } from '../pdf/prepare.ts';
import { checkedOutput } from '../pdf/write.ts';
import { sofficeConvert, type OfficeFilters } from '../process/commands.ts';
import type { Operation } from './operation.ts';

export const officeToPdf: Operation<'office-to-pdf'> = async ([input], _options, ctx) => {
  await checkFileSize(ctx, input!);
  const kind = await detectFileType(input!.path);
  const filters = kind && (OFFICE_INPUT_KINDS as readonly string[]).includes(kind) ? OFFICE_FILTERS[kind] : undefined;
  if (!kind || !filters) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not a supported document.', { filename: input!.filename });
  if (ZIPPED_KINDS.has(kind)) {
    try {
      await checkZipBudget(input!.path, ctx.limits);
    } catch (error) {
      if (isEngineError(error)) throw error;
      throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This document could not be read.', { filename: input!.filename }, { cause: error });
    }
  }
  // Our own name and extension in the job dir: the user's name never reaches a command line.
  const source = join(ctx.dir, `source.${filters.ext}`);
  await copyFile(input!.path, source);
  const converted = join(ctx.dir, 'source.pdf');
  ctx.progress(0.1);
  try {
    await officePool().convert(ctx, source, converted, filters);
  } catch (error) {
    if (!isEngineError(error, 'ENGINE_UNAVAILABLE')) throw error;
    await convertCold(ctx, source, filters);
  }
  const target = ctx.output(outputFilename(input!.filename, undefined, 'pdf'));
  await copyFile(converted, target.path);
  return [await checkedOutput(ctx, target)];
};

/** One LibreOffice process with a private profile: slower, but works where the listener cannot start. */
async function convertCold(ctx: ToolContext, source: string, filters: OfficeFilters): Promise<void> {
  const profile = join(ctx.dir, 'cold-profile');
  await writeProfile(profile);
  const outDir = join(ctx.dir, 'cold-out');
  await mkdir(outDir);
  const result = await ctx.run(sofficeConvert(profile, source, outDir, filters), { isolateNetwork: (await detectEngines()).networkIsolation });
  const produced = await readdir(outDir);
  if (result.exitCode !== 0 || !produced.includes('source.pdf')) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This document could not be converted.');
  await copyFile(join(outDir, 'source.pdf'), join(ctx.dir, 'source.pdf'));
}
