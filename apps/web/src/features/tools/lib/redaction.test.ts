import { describe, expect, it } from 'vitest';
import { EMPTY_CHOICES, needsPreview, redactOptions, searchKey, type RedactionChoices, type RedactionPreview } from './redaction';

const choices: RedactionChoices = { ...EMPTY_CHOICES, text: ' Project Kestrel \n\n', presets: ['tfn'] };
const match = (page: number, text: string, keep: boolean) => ({ page, text, source: 'text' as const, boxes: [{ x: 10.123, y: 20.456, width: 30.001, height: 12 }], keep });

describe('redaction choices', () => {
  it('sends the search, one item a line, until matches are unticked', () => {
    expect(redactOptions(choices, undefined)).toEqual({ text: ['Project Kestrel'], presets: ['tfn'] });
    const all: RedactionPreview = { search: searchKey(choices), matches: [match(1, 'Project Kestrel', true)], truncated: false };
    expect(redactOptions(choices, all)).toEqual({ text: ['Project Kestrel'], presets: ['tfn'] });
  });

  it('sends the ticked matches as areas when some are unticked', () => {
    const some: RedactionPreview = { search: searchKey(choices), matches: [match(1, 'Project Kestrel', true), match(2, 'Project Kestrel', false)], truncated: false };
    const area = { page: 3, x: 0, y: 0, width: 5, height: 5 };
    expect(redactOptions({ ...choices, areas: [area] }, some)).toEqual({ areas: [area, { page: 1, x: 10.12, y: 20.45, width: 30.01, height: 12 }] });
  });

  it('asks for a preview of the current search before redacting', () => {
    expect(needsPreview(EMPTY_CHOICES, undefined)).toBe(false);
    expect(needsPreview(choices, undefined)).toBe(true);
    const preview: RedactionPreview = { search: searchKey(choices), matches: [], truncated: false };
    expect(needsPreview(choices, preview)).toBe(false);
    expect(needsPreview({ ...choices, text: 'Other' }, preview)).toBe(true);
  });
});
