import { getTool, isFormTool, TOOLS, toolOptionsJsonSchema, type ToolId } from '@wattle/shared';
import { describe, expect, it } from 'vitest';
import { defaultFormValues, formatWithUnit, humanise, leafFields, optionFields, optionsFromForm, type OptionField } from './option-fields';

const fieldsOf = (id: ToolId) => optionFields(toolOptionsJsonSchema(id));
const byName = (fields: OptionField[], name: string) => leafFields(fields).find((f) => f.name === name);

describe('optionFields', () => {
  it('gives tools without options no fields', () => {
    expect(fieldsOf('merge')).toEqual([]);
    expect(fieldsOf('repair')).toEqual([]);
  });

  it('maps short enums to segmented choices and long ones to a select, with defaults', () => {
    expect(byName(fieldsOf('compress'), 'level')).toMatchObject({
      kind: 'choice',
      display: 'segmented',
      defaultValue: 'medium',
      options: [{ value: 'low', label: 'Low' }, { value: 'medium', label: 'Medium' }, { value: 'high', label: 'High' }],
    });
    expect(byName(fieldsOf('ocr'), 'language')).toMatchObject({ kind: 'choice', display: 'select', defaultValue: 'eng' });
    expect(byName(fieldsOf('ocr'), 'everyPage')).toMatchObject({ label: 'Recognise every page', defaultValue: false });
    expect(byName(fieldsOf('page-numbers'), 'position')).toMatchObject({ kind: 'choice', display: 'select', defaultValue: 'bottom-center' });
  });

  it('labels values in plain en-AU words', () => {
    const language = byName(fieldsOf('ocr'), 'language');
    expect(language?.kind === 'choice' && language.options.find((o) => o.value === 'chi_tra')?.label).toBe('Chinese (Traditional, Cantonese)');
    const position = byName(fieldsOf('page-numbers'), 'position');
    expect(position?.kind === 'choice' && position.options.map((o) => o.label)).toContain('Bottom centre');
    const angle = byName(fieldsOf('rotate'), 'angle');
    expect(angle).toMatchObject({ kind: 'choice', display: 'segmented', defaultValue: 90 });
    expect(angle?.kind === 'choice' && angle.options.map((o) => o.label)).toEqual(['90°', '180°', '270°']);
  });

  it('maps bounded numbers to sliders with the schema bounds and wide ranges to number inputs', () => {
    expect(byName(fieldsOf('pdf-to-image'), 'dpi')).toMatchObject({ kind: 'slider', min: 72, max: 300, step: 1, defaultValue: 150, unit: 'dpi' });
    expect(byName(fieldsOf('watermark'), 'opacity')).toMatchObject({ kind: 'slider', min: 0.05, max: 1, step: 0.01, defaultValue: 0.3, unit: 'percent' });
    expect(byName(fieldsOf('image-to-pdf'), 'margin')).toMatchObject({ kind: 'slider', min: 0, max: 50, step: 1, defaultValue: 0, unit: 'mm' });
    expect(byName(fieldsOf('page-numbers'), 'startAt')).toMatchObject({ kind: 'number', min: 1, max: 100000, step: 1, defaultValue: 1 });
  });

  it('maps booleans to switches, including nested groups', () => {
    expect(byName(fieldsOf('compress'), 'grayscale')).toMatchObject({ kind: 'switch', defaultValue: false, label: 'Greyscale' });
    const permissions = fieldsOf('protect').find((f) => f.name === 'permissions');
    expect(permissions?.kind).toBe('group');
    expect(byName(fieldsOf('protect'), 'permissions.print')).toMatchObject({ kind: 'switch', defaultValue: true });
  });

  it('maps strings to inputs: passwords hidden, colours as colour pickers, page ranges marked', () => {
    expect(byName(fieldsOf('protect'), 'userPassword')).toMatchObject({ kind: 'text', inputType: 'password', required: true });
    expect(byName(fieldsOf('protect'), 'ownerPassword')).toMatchObject({ kind: 'text', inputType: 'password', required: false });
    expect(byName(fieldsOf('watermark'), 'color')).toMatchObject({ kind: 'text', inputType: 'color', defaultValue: '#808080' });
    expect(byName(fieldsOf('watermark'), 'text')).toMatchObject({ kind: 'text', inputType: 'text', required: true, maxLength: 200 });
    expect(byName(fieldsOf('organize'), 'order')).toMatchObject({ kind: 'pages', required: true });
    expect(byName(fieldsOf('rotate'), 'pages')).toMatchObject({ kind: 'pages', required: false });
    expect(byName(fieldsOf('edit-metadata'), 'title')).toMatchObject({ kind: 'text', clearable: true });
  });

  it('maps lists of texts to one-a-line boxes and sets of named choices to tick boxes; lists of boxes get no control', () => {
    const fields = fieldsOf('redact');
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['text', 'lines'],
      ['patterns', 'lines'],
      ['presets', 'choices'],
    ]);
    expect(byName(fields, 'presets')).toMatchObject({ label: 'Australian numbers and details', options: expect.arrayContaining([{ value: 'tfn', label: 'Tax file numbers' }]) });
    expect(optionsFromForm(fields, { text: ' Kestrel \n\n Jane Citizen', patterns: '', presets: ['tfn'] })).toEqual({ text: ['Kestrel', 'Jane Citizen'], presets: ['tfn'] });
    expect(optionsFromForm(fields, { text: '', patterns: '', presets: [] })).toEqual({});
  });

  it('turns a discriminated union into a choice plus the fields of each variant', () => {
    const fields = fieldsOf('split');
    expect(fields[0]).toMatchObject({ name: 'mode', kind: 'choice', defaultValue: 'every' });
    expect(byName(fields, 'ranges')).toMatchObject({ kind: 'pages', visibleWhen: { name: 'mode', value: 'ranges' } });
    expect(byName(fields, 'every')).toMatchObject({ kind: 'number', visibleWhen: { name: 'mode', value: 'every' } });
  });
});

describe('form values', () => {
  it('starts every tool from values its schema accepts, except where the person must type something', () => {
    const mustType = new Set(['organize', 'extract-pages', 'remove-pages', 'watermark', 'protect']);
    for (const tool of TOOLS.filter(isFormTool)) {
      const fields = fieldsOf(tool.id);
      const options = optionsFromForm(fields, defaultFormValues(fields));
      expect(getTool(tool.id).options.safeParse(options).success, tool.id).toBe(!mustType.has(tool.id));
    }
  });

  it('drops the fields of the variant not chosen', () => {
    const fields = fieldsOf('split');
    const values = { ...defaultFormValues(fields), mode: 'ranges', ranges: '1-2,3' };
    expect(optionsFromForm(fields, values)).toEqual({ mode: 'ranges', ranges: '1-2,3' });
  });

  it('leaves out empty optional text unless a clearable field was emptied on purpose', () => {
    const rotate = fieldsOf('rotate');
    expect(optionsFromForm(rotate, { angle: 180, pages: '' })).toEqual({ angle: 180 });
    const metadata = fieldsOf('edit-metadata');
    const values = { ...defaultFormValues(metadata), title: '', author: 'Ada' };
    expect(optionsFromForm(metadata, values)).toEqual({ author: 'Ada' });
    expect(optionsFromForm(metadata, values, (name) => name === 'title')).toEqual({ title: '', author: 'Ada' });
  });

  it('nests grouped values', () => {
    const fields = fieldsOf('protect');
    const values = defaultFormValues(fields);
    expect(values).toMatchObject({ userPassword: '', permissions: { print: true, copy: true } });
    expect(optionsFromForm(fields, { ...values, userPassword: 'pw' })).toMatchObject({ userPassword: 'pw', permissions: { print: true } });
  });
});

describe('labels', () => {
  it('humanises property names', () => {
    expect(humanise('fontSize')).toBe('Font size');
    expect(humanise('top-left')).toBe('Top left');
  });

  it('formats values with their unit', () => {
    expect(formatWithUnit(0.3, 'percent')).toBe('30%');
    expect(formatWithUnit(45, 'degrees')).toBe('45°');
    expect(formatWithUnit(12, 'mm')).toBe('12 mm');
    expect(formatWithUnit(7)).toBe('7');
  });
});
