import { describe, expect, it } from 'vitest';
import { accountOptionDefaults, EXPORT_QUALITIES, PAGE_SIZES, profileSchema, profileUpdateSchema, TOOLS, type ToolSettings } from '@wattle/shared';
import { SETTINGS } from './settings';

describe('settings', () => {
  it("offers the spec's four settings with its labels, and Remove Active Content", () => {
    expect(SETTINGS.map((s) => [s.label, s.options.map((o) => o.label)])).toEqual([
      ['PDF Viewer Mode', ['Continuous', 'Single Page']],
      ['Export Quality', ['Low (Faster)', 'Medium', 'High (Slower)']],
      ['Default Page Size', ['A4', 'Letter', 'Legal']],
      ['Auto-Save Frequency', ['Off', 'Every minute', 'Every 5 minutes', 'Every 15 minutes', 'Every 30 minutes']],
      ['Remove Active Content', ['On', 'Off']],
    ]);
  });

  it('turns every option into a valid update, auto-save as whole minutes', () => {
    for (const setting of SETTINGS) {
      for (const option of setting.options) {
        const update = setting.toUpdate(String(option.value));
        expect(profileUpdateSchema.safeParse(update).success, `${setting.field}=${option.value}`).toBe(true);
        expect(update[setting.field]).toBe(option.value);
      }
    }
  });

  it('describes Export Quality and Default Page Size by the tools that start from them', () => {
    const toolsUsing = (field: keyof ToolSettings, values: readonly string[]) =>
      TOOLS.filter((tool) => {
        const results = values.map((value) => JSON.stringify(accountOptionDefaults(tool.id, { pdf_export_quality: 'medium', preferred_page_size: 'A4', [field]: value })));
        return new Set(results).size > 1;
      }).map((tool) => tool.name);
    for (const [field, values] of [['pdf_export_quality', EXPORT_QUALITIES], ['preferred_page_size', PAGE_SIZES]] as const) {
      const names = toolsUsing(field, values);
      expect(names.length, field).toBeGreaterThan(0);
      const description = SETTINGS.find((s) => s.field === field)!.description;
      for (const name of names) expect(description).toContain(name);
    }
  });

  it('refuses values outside the options', () => {
    for (const bad of [{ pdf_viewer_mode: 'book' }, { pdf_export_quality: 'max' }, { preferred_page_size: 'A3' }, { auto_save_frequency: 10 }, { auto_save_frequency: '5' }]) {
      expect(profileUpdateSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('profile form rules', () => {
  const valid = { first_name: 'Matilda', last_name: 'Jones', email: 'matilda@example.com.au', company_name: '', phone_number: '' };
  const errors = (values: object) => profileSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('accepts a full profile and empty optional fields', () => {
    expect(profileSchema.safeParse(valid).success).toBe(true);
    expect(profileSchema.safeParse({ ...valid, company_name: undefined, phone_number: undefined }).success).toBe(true);
  });

  it("answers the spec's messages", () => {
    expect(errors({ ...valid, first_name: 'M' })).toEqual([['first_name', 'First name must be at least 2 characters']]);
    expect(errors({ ...valid, last_name: ' J ' })).toEqual([['last_name', 'Last name must be at least 2 characters']]);
    expect(errors({ ...valid, email: 'matilda@' })).toEqual([['email', 'Invalid email address']]);
  });
});
