import { accountOptionDefaults, type ToolSettings } from '@wattle/shared';
import type { UseFormReturn } from 'react-hook-form';
import { defaultFormValues, leafFields, type FormValues, type OptionField } from './option-fields';

/**
 * The account's PDF settings in a tool's options form, from the same table the server applies
 * (`accountOptionDefaults`), so what the form shows is what a submission without the field would get.
 */

/** The form values the account's settings give for this form's fields; none for visitors. */
export function accountFormDefaults(toolId: string, fields: OptionField[], settings: ToolSettings | undefined): FormValues {
  if (!settings) return {};
  const names = new Set(leafFields(fields).map((f) => f.name));
  return Object.fromEntries(Object.entries(accountOptionDefaults(toolId, settings)).filter(([name]) => names.has(name)));
}

/** Where the options form starts, and "Start over" returns to: the registry's defaults, then the account's. */
export function startingFormValues(fields: OptionField[], accountDefaults: FormValues): FormValues {
  return { ...defaultFormValues(fields), ...accountDefaults };
}

/**
 * The account's defaults arrive with the profile, possibly after the form was made and before its
 * fields are shown: each becomes its field's default (so a reset, "Start over", keeps it) and its value,
 * unless the person has already chosen something else.
 */
export function applyAccountDefaults(
  form: Pick<UseFormReturn<FormValues>, 'getFieldState' | 'setValue' | 'resetDefaultValues'>,
  currentDefaults: FormValues,
  accountDefaults: FormValues,
) {
  if (Object.keys(accountDefaults).length === 0) return;
  form.resetDefaultValues({ ...currentDefaults, ...accountDefaults }, { keepDirty: true });
  for (const [name, value] of Object.entries(accountDefaults)) {
    if (!form.getFieldState(name).isDirty) form.setValue(name, value);
  }
}
