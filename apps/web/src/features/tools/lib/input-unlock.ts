import type { Tool } from '@wattle/shared';
import { unlockInput } from '@/features/jobs/api/unlock';
import { uploadInput, type JobInput } from '@/features/jobs/lib/inputs';

/**
 * An encrypted single input: take the password and swap in an unlocked copy, then (after a refused or
 * failed run) run the tool again on it. The unlock tool itself takes the password as an option instead.
 */
export function inputUnlock(tool: Tool, inputs: JobInput[], replace: (next: JobInput[]) => void, runOn: (next: JobInput[]) => void) {
  if (tool.id === 'unlock' || inputs.length !== 1) return { unlock: undefined, unlockAndRun: undefined };
  const unlock = async (password: string) => {
    const unlocked = [uploadInput(await unlockInput(inputs[0]!, password))];
    replace(unlocked);
    return unlocked;
  };
  const unlockAndRun = async (password: string) => runOn(await unlock(password));
  return { unlock, unlockAndRun };
}
