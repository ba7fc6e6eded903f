import { useFormContext, useWatch } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
}

/** A new password with its live strength check, then the confirmation; reads the form from the surrounding `<Form>`. */
export function NewPasswordFields({ passwordLabel, confirmLabel }: NewPasswordFieldsProps) {
  const { control } = useFormContext<{ password: string; confirmPassword: string }>();
  const password = useWatch({ control, name: 'password' });
  return (
    <>
      <FormField
        control={control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{passwordLabel}</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
            <PasswordStrength password={password} />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="confirmPassword"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{confirmLabel}</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
