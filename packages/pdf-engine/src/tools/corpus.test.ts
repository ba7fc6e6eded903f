import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolId } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEngineError } from '../errors.ts';
import { runTool } from '../run-tool.ts';
import { buildCorpus, type CorpusFile } from '../test/corpus.ts';
import { filesFor, OPTIONS, PDF_TOOLS } from '../test/harness.ts';
import { mapLimit } from '../util/map-limit.ts';

/**
 * Valid PDFs from real producers through every PDF tool: a file qpdf accepts is never called
 * damaged (PDF_CORRUPT), nothing fails uncoded, and every PDF result passes qpdf --check.
 * Two runs at a time: the corpus is small, so this stays within a couple of minutes on 2 cores.
 */

let root: string;
let corpus: CorpusFile[];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wattle-corpus-'));
  corpus = await buildCorpus(join(root, 'corpus'));
}, 180_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const qpdfArgs = (tool: ToolId) => (tool === 'protect' ? ['--password=x'] : []);

describe('real-world corpus', () => {
  it('is made of valid PDFs that have what they stand for', async () => {
    for (const file of corpus) {
      expect(spawnSync('qpdf', ['--check', file.path]).status, file.name).toBe(0);
      expect((await readFile(file.path)).includes(file.marker), `${file.name} has ${file.marker}`).toBe(true);
    }
  });

  it.each(PDF_TOOLS)('through %s: never PDF_CORRUPT, never uncoded, every result valid', async (tool) => {
    const work = await mkdtemp(join(root, `${tool}-work-`));
    const problems = await mapLimit(corpus, 2, async (file) => {
      try {
        const outputDir = await mkdtemp(join(root, `${tool}-out-`));
        const inputDir = await mkdtemp(join(root, `${tool}-in-`));
        const inputs = await Promise.all(
          filesFor(tool, { name: 'input.pdf', bytes: await readFile(file.path) }).map(async (f, i) => {
            await writeFile(join(inputDir, String(i)), f.bytes);
            return { path: join(inputDir, String(i)), filename: f.name };
          }),
        );
        const outputs = await runTool(tool, { inputs, options: OPTIONS[tool] ?? {}, workDir: work, outputDir });
        for (const output of outputs) {
          if (output.contentType !== 'application/pdf') {
            if ((await stat(output.path)).size === 0) return `${file.name}: empty ${output.filename}`;
            continue;
          }
          const check = spawnSync('qpdf', [...qpdfArgs(tool), '--check', output.path]);
          const pages = Number(spawnSync('qpdf', [...qpdfArgs(tool), '--show-npages', output.path]).stdout.toString());
          if (check.status !== 0 || !(pages > 0)) return `${file.name}: ${output.filename} fails qpdf --check (${check.stdout.toString().slice(-200)})`;
        }
        return undefined;
      } catch (error) {
        if (!isEngineError(error)) return `${file.name}: uncoded ${String(error)}`;
        if (error.code === 'PDF_CORRUPT') return `${file.name}: PDF_CORRUPT (${String((error.cause as Error | undefined)?.message ?? error.message)})`;
        return undefined; // a coded refusal (a page range that does not fit, a missing language) is not damage
      }
    });
    expect(problems.filter(Boolean)).toEqual([]);
    expect(await readdir(work), 'job dirs left behind').toEqual([]);
  }, 240_000);
});
