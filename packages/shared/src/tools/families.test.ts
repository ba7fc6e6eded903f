import { describe, expect, it } from 'vitest';
import { familyTools, getToolFamily, TOOL_FAMILIES } from './families.ts';
import { isToolId } from './registry.ts';

describe('tool families', () => {
  it.each(TOOL_FAMILIES.map((f) => [f.id, f] as const))('%s lists registry tools, each once', (id, family) => {
    const tools = familyTools(family);
    expect(id).toMatch(/^[a-z]+$/);
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every(isToolId)).toBe(true);
    expect(new Set(tools).size).toBe(tools.length);
    expect(getToolFamily(id)).toBe(family);
  });
});
