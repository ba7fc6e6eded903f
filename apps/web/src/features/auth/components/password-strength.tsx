import { CheckIcon, XIcon } from 'lucide-react';
import { PASSWORD_RULES, passwordStrength } from '@wattle/shared/validation';
import { cn } from '@/lib/utils';

const BAR_COLOUR = { weak: 'bg-red-500', medium: 'bg-yellow-500', strong: 'bg-green-600 dark:bg-green-500' } as const;
const LEVEL_LABEL = { weak: 'Weak', medium: 'Fair', strong: 'Strong' } as const;

/** Live strength bar (share of the five rules met; red, yellow, green at 33% and 66%) and the checklist. */
export function PasswordStrength({ password }: { password: string }) {
  const { percent, level } = passwordStrength(password);
  return (
    <div className="grid gap-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${LEVEL_LABEL[level]}, ${percent}%`}
        >
          <div className={cn('h-full rounded-full transition-[width,background-color] duration-200', BAR_COLOUR[level])} style={{ width: `${percent}%` }} />
        </div>
        <span className="w-12 text-right text-xs text-muted-foreground">{password ? LEVEL_LABEL[level] : ''}</span>
      </div>
      <ul className="grid gap-1 text-xs">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={cn('flex items-center gap-2', met ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground')}>
              {met ? <CheckIcon className="size-3.5" aria-hidden="true" /> : <XIcon className="size-3.5" aria-hidden="true" />}
              <span>{rule.label}</span>
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
