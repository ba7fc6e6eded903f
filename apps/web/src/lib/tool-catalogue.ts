import type { ToolDefinition, ToolId } from '@wattle/shared';
import { TOOL_CATALOGUE } from 'virtual:tool-catalogue';

/** A tool as lists and routing need it: the registry's entry without its options schema (and so without zod). */
export type ToolSummary = Omit<ToolDefinition<ToolId>, 'options'>;

export { TOOL_CATALOGUE };

/** The tools a generated form can run, as the registry's isFormTool says (the editor is not one). */
export const FORM_TOOLS = TOOL_CATALOGUE.filter((tool) => !tool.editorOnly);

const byId = new Map<string, ToolSummary>(TOOL_CATALOGUE.map((tool) => [tool.id, tool]));

export function toolSummary(id: string): ToolSummary | undefined {
  return byId.get(id);
}
