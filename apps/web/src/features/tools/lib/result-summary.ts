import { formatBytes, type Job } from '@wattle/shared';

/**
 * What a finished job changed, in a line, for the tools where that is the point (a smaller file, files
 * combined or split); undefined where the output speaks for itself.
 */
export function resultSummary(job: Pick<Job, 'tool' | 'inputs' | 'outputs'>): string | undefined {
  const [output] = job.outputs;
  if (!output) return undefined;
  switch (job.tool) {
    case 'compress': {
      const before = job.inputs[0]?.size ?? 0;
      if (output.size >= before) return `This PDF was already as small as it can be made (${formatBytes(before)}).`;
      return `${formatBytes(before)} → ${formatBytes(output.size)}, ${Math.round((1 - output.size / before) * 100)}% smaller`;
    }
    case 'merge':
      return `${job.inputs.length} PDFs combined into one${output.pages ? ` of ${output.pages} page${output.pages === 1 ? '' : 's'}` : ''}`;
    case 'split':
      return `Split into ${job.outputs.length} PDF${job.outputs.length === 1 ? '' : 's'}`;
    default:
      return undefined;
  }
}
