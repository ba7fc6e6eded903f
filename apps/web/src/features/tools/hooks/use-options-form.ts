import type { Tool } from '@wattle/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { applyAccountDefaults, startingFormValues } from '../lib/account-defaults';
import type { FormValues, OptionField } from '../lib/option-fields';
import { optionsResolver } from '../lib/options-resolver';
import type { ValidationContext } from '../lib/validate-options';
import { useAccountDefaults } from './use-account-defaults';

/**
 * A tool's options form, its fields generated from the registry schema and started from the account's
 * settings, validated with what is known of the document (its page count) at the moment of submitting.
 */
export function useOptionsForm(tool: Tool, fields: OptionField[], pageCount: number | undefined) {
  const validation = useRef<ValidationContext>({ pageCount });
  const accountDefaults = useAccountDefaults(tool.id, fields);
  const form = useForm<FormValues>({
    defaultValues: startingFormValues(fields, accountDefaults),
    resolver: optionsResolver(tool.options, fields, () => validation.current),
  });
  useEffect(() => applyAccountDefaults(form, form.formState.defaultValues ?? {}, accountDefaults), [form, accountDefaults]);
  validation.current = { pageCount, isEdited: (name) => form.getFieldState(name).isDirty };
  return form;
}
