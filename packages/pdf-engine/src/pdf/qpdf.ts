import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { qpdf, type QpdfJob } from '../process/commands.ts';
import type { CommandResult, CommandSpec } from '../process/run-command.ts';

/** qpdf's exit codes: 0 ok, 3 ok with warnings (it recovered something), 2 failed. */
export const qpdfSucceeded = (result: CommandResult) => result.exitCode === 0 || result.exitCode === 3;

export const isInvalidPassword = (result: CommandResult) => /invalid password/i.test(result.stderr.toString());

/** Runs a qpdf job from a private file in the job dir (passwords stay out of `ps`). */
export async function runQpdfJob(ctx: ToolContext, job: QpdfJob): Promise<CommandResult> {
  const jobFile = join(ctx.dir, `job-${randomUUID()}.json`);
  await writeFile(jobFile, JSON.stringify(job), { mode: 0o600 });
  try {
    return await ctx.run(qpdf.withJobFile(jobFile));
  } finally {
    await rm(jobFile, { force: true });
  }
}

/**
 * One qpdf run over all the files, pages in the order given; each rotation (output page range and
 * angle) adds to the pages' own. Paths are ours, so they can sit on the command line.
 */
export const qpdfMerge = (inputs: readonly string[], rotations: readonly { pages: string; angle: number }[], output: string): CommandSpec => ({
  command: 'qpdf',
  args: ['--empty', '--pages', ...inputs, '--', ...rotations.map((r) => `--rotate=+${r.angle}:${r.pages}`), output],
});

/** Pages of one file, as a new document (qpdf page-range syntax, e.g. "4-5"). */
export const qpdfSelect = (input: string, pages: string, output: string): CommandSpec => ({
  command: 'qpdf',
  args: ['--empty', '--pages', input, pages, '--', output],
});

/** Every `every` pages to their own file, `<base>-001.pdf` or `<base>-001-005.pdf`, numbered to sort in order. */
export const qpdfSplit = (input: string, every: number, outputBase: string): CommandSpec => ({
  command: 'qpdf',
  args: [`--split-pages=${every}`, input, `${outputBase}.pdf`],
});
