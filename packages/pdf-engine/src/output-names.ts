import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';

const MAX_STEM = 100;

/** The user's file name without extension, made safe for a file name and a Content-Disposition. */
export function fileStem(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const ext = extname(base);
  const stem = (ext ? base.slice(0, -ext.length) : base)
    .replace(/[\x00-\x1F\x7F"*:<>?|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_STEM)
    .trim();
  return stem || 'document';
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
