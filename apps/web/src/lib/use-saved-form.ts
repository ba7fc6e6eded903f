import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf } from '@/lib/api-client';

interface SavedFormOptions<Values extends FieldValues, Output, Saved> {
  /** What the server holds now; undefined while it loads. */
  saved: Saved | undefined;
  toValues: (saved: Saved | undefined) => Values;
  save: (values: Output) => Promise<Saved>;
  /** The toasts after saving, in the spec's words where it has them. */
  succeeded: { title: string; description: string };
  failed: string;
}

/**
 * A form over a record the server keeps (profile, billing details): it takes the record when it
 * arrives unless the person has started typing, and its submit saves, shows the saved values, and puts
 * the server's field errors under their fields.
 */
export function useSavedForm<Values extends FieldValues, Output, Saved>(form: UseFormReturn<Values, unknown, Output>, options: SavedFormOptions<Values, Output, Saved>) {
  const { saved, toValues, save, succeeded, failed } = options;
  useEffect(() => {
    if (saved && !form.formState.isDirty) form.reset(toValues(saved));
  }, [saved, form, toValues]);

  return form.handleSubmit((values) =>
    save(values).then(
      (result) => {
        form.reset(toValues(result));
        toast({ ...succeeded, variant: 'success' });
      },
      (error: unknown) => {
        for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
          if (field in form.getValues()) form.setError(field as Path<Values>, { message });
        }
        toast({ title: 'Error', description: failed, variant: 'destructive' });
      },
    ),
  );
}
