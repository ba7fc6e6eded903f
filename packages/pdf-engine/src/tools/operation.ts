import type { ToolId, ToolOptions } from '@wattle/shared';
import type { ToolContext, ToolInput, ToolOutput } from '../context.ts';

/** One tool's work: inputs already count-checked, options already parsed by the tool's schema. */
export type Operation<Id extends ToolId> = (inputs: readonly ToolInput[], options: ToolOptions<Id>, ctx: ToolContext) => Promise<ToolOutput[]>;
