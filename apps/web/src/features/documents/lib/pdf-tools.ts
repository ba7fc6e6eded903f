import { isFormTool, TOOLS, type Tool } from '@wattle/shared';

/** The tools a stored PDF can go to (My Documents holds PDFs only), for a row or for a selection of `count`. */
export function toolsForDocuments(count: number): Tool[] {
  return TOOLS.filter((tool) => isFormTool(tool) && tool.accepts.includes('pdf') && tool.maxFiles >= count);
}
