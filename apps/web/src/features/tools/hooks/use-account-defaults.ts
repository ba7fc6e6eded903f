import { useMemo } from 'react';
import { useProfile } from '@/features/account/api/profile';
import { accountFormDefaults } from '../lib/account-defaults';
import type { FormValues, OptionField } from '../lib/option-fields';

/** The signed-in account's defaults for a tool's option fields (`GET /api/profile`); empty for visitors and until the profile loads. */
export function useAccountDefaults(toolId: string, fields: OptionField[]): FormValues {
  const { data: profile } = useProfile();
  return useMemo(() => accountFormDefaults(toolId, fields, profile), [toolId, fields, profile]);
}
