import { describe, expect, it } from 'vitest';
import { EXPORT_QUALITIES, PAGE_SIZES } from '../validation.ts';
import { accountOptionDefaults, takesAccountDefaults } from './account-defaults.ts';
import { getTool, TOOLS } from './registry.ts';

/** Any settings that give every settings-shaped tool a default. */
const some = { pdf_export_quality: 'low', preferred_page_size: 'Letter' } as const;
const everySetting = EXPORT_QUALITIES.flatMap((pdf_export_quality) => PAGE_SIZES.map((preferred_page_size) => ({ pdf_export_quality, preferred_page_size })));

describe('account defaults for tool options', () => {
  it('every default the settings give is a valid option of its tool', () => {
    for (const tool of TOOLS) {
      for (const settings of everySetting) {
        const defaults = accountOptionDefaults(tool.id, settings);
        // Only the defaulted fields are judged: a tool may also need options no setting gives.
        const refused = tool.options.safeParse(defaults).error?.issues.filter((issue) => String(issue.path[0]) in defaults) ?? [];
        expect(refused, `${tool.id} ${JSON.stringify(settings)}`).toEqual([]);
      }
    }
  });

  it("Medium is the registry's own default, so a new account gets what a visitor gets", () => {
    const medium = { pdf_export_quality: 'medium', preferred_page_size: 'A4' } as const;
    for (const id of ['compress', 'pdf-to-image', 'image-to-pdf'] as const) {
      expect(getTool(id).options.parse(accountOptionDefaults(id, medium))).toEqual(getTool(id).options.parse({}));
    }
  });

  it('Export Quality goes from smallest and fastest to least loss', () => {
    const at = (pdf_export_quality: 'low' | 'medium' | 'high') => ({ pdf_export_quality, preferred_page_size: 'Letter' }) as const;
    expect(EXPORT_QUALITIES.map((q) => accountOptionDefaults('compress', at(q)))).toEqual([{ level: 'high' }, { level: 'medium' }, { level: 'low' }]);
    expect(EXPORT_QUALITIES.map((q) => accountOptionDefaults('pdf-to-image', at(q)))).toEqual([{ dpi: 96 }, { dpi: 150 }, { dpi: 300 }]);
    expect(accountOptionDefaults('image-to-pdf', at('low'))).toEqual({ pageSize: 'Letter' });
    expect(accountOptionDefaults('merge', at('high'))).toEqual({});
  });

  it('says which tools the settings shape, so the others need not read them', () => {
    for (const tool of TOOLS) expect(takesAccountDefaults(tool.id), tool.id).toBe(Object.keys(accountOptionDefaults(tool.id, some)).length > 0);
    expect(takesAccountDefaults('merge')).toBe(false);
    expect(takesAccountDefaults('compress')).toBe(true);
  });

  it('knows only registered tools, never what every object has', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(takesAccountDefaults(name), name).toBe(false);
      expect(accountOptionDefaults(name, some), name).toEqual({});
    }
  });
});
