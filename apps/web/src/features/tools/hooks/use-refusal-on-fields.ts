import type { Tool } from '@wattle/shared';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { useJobRun } from '@/features/jobs/hooks/use-job-run';
import { describeError } from '@/features/jobs/lib/job-errors';
import { fieldErrorsOf } from '@/lib/api-client';
import type { FormValues } from '../lib/option-fields';

/** What the server said about the options, put under the fields it concerns. */
export function useRefusalOnFields(tool: Tool, form: UseFormReturn<FormValues>, { stage, job }: ReturnType<typeof useJobRun>) {
  // Options the API refused come back under "options.<field>".
  useEffect(() => {
    if (stage.name !== 'refused') return;
    for (const [key, message] of Object.entries(fieldErrorsOf(stage.error))) {
      if (key.startsWith('options.')) form.setError(key.slice('options.'.length), { message });
    }
  }, [stage, form]);

  // On the unlock tool itself, a missing or wrong password belongs under its field.
  const failedCode = stage.name === 'submitted' && job?.status === 'failed' ? job.error?.code : undefined;
  useEffect(() => {
    if (tool.id === 'unlock' && (failedCode === 'PDF_ENCRYPTED' || failedCode === 'WRONG_PASSWORD')) {
      form.setError('password', { message: describeError({ code: failedCode }).message }, { shouldFocus: true });
    }
  }, [failedCode, tool.id, form]);
}
