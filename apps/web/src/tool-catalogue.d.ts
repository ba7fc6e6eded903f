/** Built from the registry by `build/tool-catalogue.ts`: every tool without its options schema. */
declare module 'virtual:tool-catalogue' {
  export const TOOL_CATALOGUE: readonly import('@/lib/tool-catalogue').ToolSummary[];
}
