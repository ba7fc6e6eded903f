import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { qpdf, type QpdfJob } from '../process/commands.ts';
import type { CommandResult } from '../process/run-command.ts';

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
