import type { Tool } from '@wattle/shared';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { defaultFormValues, type FormValues, type OptionField } from '../lib/option-fields';
import { optionsResolver } from '../lib/options-resolver';
import type { ValidationContext } from '../lib/validate-options';

/**
 * A tool's options form, its fields generated from the registry schema, validated with what is known of the
 * document (its page count) at the moment of submitting.
 */
export function useOptionsForm(tool: Tool, fields: OptionField[], pageCount: number | undefined) {
  const validation = useRef<ValidationContext>({ pageCount });
  const form = useForm<FormValues>({
    defaultValues: defaultFormValues(fields),
    resolver: optionsResolver(tool.options, fields, () => validation.current),
  });
  validation.current = { pageCount, isEdited: (name) => form.getFieldState(name).isDirty };
  return form;
}
