import { describe, expect, it } from 'vitest';
import { familyTools, getToolFamily, TOOL_FAMILIES, TOOLS_WITHOUT_FAMILY } from './families.ts';
import { isToolId, TOOL_IDS } from './registry.ts';

describe('tool families', () => {
  it.each(TOOL_FAMILIES.map((f) => [f.id, f] as const))('%s lists registry tools, each once', (id, family) => {
    const tools = familyTools(family);
    expect(id).toMatch(/^[a-z]+$/);
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every(isToolId)).toBe(true);
    expect(new Set(tools).size).toBe(tools.length);
    expect(getToolFamily(id)).toBe(family);
  });

  it('places every registry tool in a family or names it as without one, never both', () => {
    const inFamilies = new Set(TOOL_FAMILIES.flatMap(familyTools));
    const without: readonly string[] = TOOLS_WITHOUT_FAMILY;
    expect(TOOL_IDS.filter((id) => !inFamilies.has(id) && !without.includes(id))).toEqual([]);
    expect(without.filter((id) => inFamilies.has(id as never))).toEqual([]);
  });
});
