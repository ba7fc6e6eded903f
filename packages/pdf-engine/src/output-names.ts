import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { safeFilename } from '@wattle/shared';

/** Bytes of the input's stem kept in an output's name, leaving room for a suffix and an extension. */
const MAX_STEM_BYTES = 100;

/** The user's file name without extension, under the one filename policy. */
export function fileStem(filename: string): string {
  const ext = extname(filename);
  return safeFilename(ext ? filename.slice(0, -ext.length) : filename, 'document', MAX_STEM_BYTES);
}

/** "report.pdf" + "compressed" + "pdf" -> "report-compressed.pdf". */
export function outputFilename(inputFilename: string, suffix: string | undefined, extension: string): string {
  return `${fileStem(inputFilename)}${suffix ? `-${suffix}` : ''}.${extension}`;
}

/** Hands out paths in the output dir, never the same name twice (two inputs called report.pdf). */
export function createOutputNamer(outputDir: string) {
  const used = new Set<string>();
  return (filename: string): { path: string; filename: string } => {
    const ext = extname(filename);
    const stem = filename.slice(0, filename.length - ext.length);
    let candidate = filename;
    for (let n = 2; used.has(candidate) || existsSync(join(outputDir, candidate)); n++) candidate = `${stem}-${n}${ext}`;
    used.add(candidate);
    return { path: join(outputDir, candidate), filename: candidate };
  };
}
