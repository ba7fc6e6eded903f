import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface Choice<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: ReactNode;
}

/** Native radio buttons drawn as tiles: keyboard arrows, labels and forms work as browsers make them. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  onChange,
  options,
  disabled,
  className,
  hideLabel,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly Choice<T>[];
  disabled?: boolean;
  className?: string;
  hideLabel?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="grid min-w-0 gap-1.5" disabled={disabled}>
      <legend className={cn('mb-1.5 text-sm leading-none font-medium', hideLabel && 'sr-only')}>{label}</legend>
      <div className={cn('flex flex-wrap gap-2', className)}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border bg-card px-3 py-2.5 text-sm transition-colors hover:border-primary/50',
              'has-checked:border-primary has-checked:bg-primary/5 has-checked:ring-1 has-checked:ring-primary/40',
              'has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50 has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.icon}
            <span className="min-w-0">
              <span className="block font-medium">{option.label}</span>
              {option.description && <span className="mt-0.5 block text-xs text-muted-foreground">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
