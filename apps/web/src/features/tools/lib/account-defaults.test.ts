import { toolOptionsJsonSchema, type ToolId, type ToolSettings } from '@wattle/shared';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { accountFormDefaults, applyAccountDefaults, startingFormValues } from './account-defaults';
import { optionFields, type FormValues } from './option-fields';

const fieldsOf = (id: ToolId) => optionFields(toolOptionsJsonSchema(id));
const low: ToolSettings = { pdf_export_quality: 'low', preferred_page_size: 'Letter' };
const high: ToolSettings = { pdf_export_quality: 'high', preferred_page_size: 'Legal' };

describe('account defaults in the options form', () => {
  it("starts compress, pdf-to-image and image-to-pdf from the account's settings", () => {
    expect(startingFormValues(fieldsOf('compress'), accountFormDefaults('compress', fieldsOf('compress'), low))).toEqual({ level: 'high', grayscale: false });
    expect(startingFormValues(fieldsOf('pdf-to-image'), accountFormDefaults('pdf-to-image', fieldsOf('pdf-to-image'), high))).toMatchObject({ format: 'png', dpi: 300 });
    expect(accountFormDefaults('image-to-pdf', fieldsOf('image-to-pdf'), high)).toEqual({ pageSize: 'Legal' });
  });

  it("gives visitors and tools the settings do not touch the registry's defaults", () => {
    expect(accountFormDefaults('compress', fieldsOf('compress'), undefined)).toEqual({});
    expect(startingFormValues(fieldsOf('compress'), {})).toEqual({ level: 'medium', grayscale: false });
    expect(accountFormDefaults('rotate', fieldsOf('rotate'), low)).toEqual({});
  });

  it("fills in a profile that loads late, keeps the person's own choice, and Start over keeps the account's", () => {
    const fields = fieldsOf('compress');
    const visitorStart = startingFormValues(fields, {});
    const { formControl } = createFormControl<FormValues>({ defaultValues: visitorStart });
    // What useForm does once the form is on the page (values are then read from the form, not its defaults).
    formControl.control._state.mount = true;
    formControl.setValue('grayscale', true, { shouldDirty: true });
    applyAccountDefaults(formControl, visitorStart, accountFormDefaults('compress', fields, low));
    expect(formControl.getValues()).toEqual({ level: 'high', grayscale: true });

    // The settings change (saved on another tab) after the person picked a level: their pick stays.
    formControl.setValue('level', 'medium', { shouldDirty: true });
    applyAccountDefaults(formControl, visitorStart, accountFormDefaults('compress', fields, high));
    expect(formControl.getValues('level')).toBe('medium');

    // "Start over" is a plain reset: back to the account's level, not the registry's.
    formControl.reset();
    expect(formControl.getValues()).toEqual({ level: 'low', grayscale: false });
  });
});
