import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { qpdf } from '../process/commands.ts';
import type { CommandResult } from '../process/run-command.ts';

/** qpdf's exit codes: 0 ok, 3 ok with warnings (it recovered something), 2 failed. */
export const qpdfSucceeded = (result: CommandResult) => result.exitCode === 0 || result.exitCode === 3;

export const isInvalidPassword = (result: CommandResult) => /invalid password/i.test(result.stderr.toString());

/** Runs qpdf with arguments from a private file in the job dir (passwords stay out of `ps`). */
export async function runQpdfArgFile(ctx: ToolContext, lines: readonly string[]): Promise<CommandResult> {
  if (lines.some((line) => /[\r\n]/.test(line))) throw new EngineError('VALIDATION_FAILED', 'Passwords cannot contain line breaks.');
  const argFile = join(ctx.dir, `args-${randomUUID()}`);
  await writeFile(argFile, lines.join('\n') + '\n', { mode: 0o600 });
  try {
    return await ctx.run(qpdf.withArgFile(argFile));
  } finally {
    await rm(argFile, { force: true });
  }
}
