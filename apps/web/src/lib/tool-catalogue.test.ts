import { isFormTool, TOOLS } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { FORM_TOOLS, TOOL_CATALOGUE, toolSummary } from './tool-catalogue';

describe('the tool catalogue built from the registry', () => {
  it('holds every registry tool, in order, with everything but its options schema', () => {
    expect(TOOL_CATALOGUE).toEqual(TOOLS.map(({ options: _options, ...summary }) => summary));
    expect(TOOL_CATALOGUE.some((tool) => 'options' in tool)).toBe(false);
  });

  it('lists the form tools the registry lists, and finds a tool by id', () => {
    expect(FORM_TOOLS.map((tool) => tool.id)).toEqual(TOOLS.filter(isFormTool).map((tool) => tool.id));
    expect(toolSummary('compress')?.name).toBe('Compress PDF');
    expect(toolSummary('nope')).toBeUndefined();
  });
});
