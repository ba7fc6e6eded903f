import { INPUT_KINDS, isFormTool, TOOLS, type InputKind, type JobOutput, type Tool } from '@wattle/shared';

/**
 * "Continue with another tool": a result becomes the next tool's input by its output id, carried to
 * the next tool page in the navigation state (nothing is downloaded or uploaded again).
 */

const kindOf = (output: JobOutput) => (Object.keys(INPUT_KINDS) as InputKind[]).find((kind) => INPUT_KINDS[kind].mime === output.contentType.split(';')[0]);

/**
 * The tools with a form that take every one of these outputs at once; not the tool that made them. A
 * tool that works on a PDF (and takes an image or a file beside it) needs a PDF among them.
 */
export function continueTargets(fromToolId: string, outputs: readonly JobOutput[]): Tool[] {
  const kinds = outputs.map(kindOf);
  return TOOLS.filter((tool) => {
    const accepts = tool.accepts as readonly string[];
    const hasItsPdf = !accepts.includes('pdf') || kinds.includes('pdf');
    return tool.id !== fromToolId && isFormTool(tool) && tool.maxFiles >= outputs.length && hasItsPdf && kinds.every((kind) => kind && accepts.includes(kind));
  });
}

export const continueState = (outputs: readonly JobOutput[]) => ({ continueWith: outputs });

export function continuedOutputs(state: unknown): JobOutput[] {
  const carried = (state as { continueWith?: unknown } | null)?.continueWith;
  return Array.isArray(carried) ? (carried as JobOutput[]) : [];
}
