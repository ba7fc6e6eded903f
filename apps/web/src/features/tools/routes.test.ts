import { describe, expect, it } from 'vitest';
import { getTool, isFormTool, TOOL_FAMILIES } from '@wattle/shared';
import { toolsRoutes } from './routes';

describe('toolsRoutes', () => {
  it('gives a category page to every family whose address no tool page or page of its own takes', () => {
    const expected = TOOL_FAMILIES.filter((family) => family.id !== 'create' && family.id !== 'edit')
      .filter((family) => {
        const tool = getTool(family.id);
        return !tool || !isFormTool(tool);
      })
      .map((family) => `tools/${family.id}`);
    const families = new Set(TOOL_FAMILIES.map((family) => `tools/${family.id}`));
    const categoryPaths = toolsRoutes.map((route) => route.path).filter((path) => path && families.has(path) && path !== 'tools/create');
    expect(categoryPaths).toEqual(expected);
  });
});
