import { Slider as SliderPrimitive, ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { formatWithUnit, type ChoiceOption, type FieldUnit } from '../lib/option-fields';

/**
 * The inputs an options form is built from. Choices keep their real values (numbers stay numbers);
 * the radix parts only ever see strings.
 */

interface ChoiceProps {
  id?: string;
  options: ChoiceOption[];
  value: string | number;
  onChange: (value: string | number) => void;
  invalid?: boolean;
  'aria-describedby'?: string;
  label: string;
}

const toValue = (options: ChoiceOption[], key: string) => options.find((o) => String(o.value) === key)?.value;

export function SegmentedChoice({ id, options, value, onChange, invalid, label, ...rest }: ChoiceProps) {
  return (
    <ToggleGroupPrimitive.Root
      id={id}
      type="single"
      value={String(value)}
      onValueChange={(key) => {
        const next = toValue(options, key);
        if (next !== undefined) onChange(next);
      }}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={rest['aria-describedby']}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1"
    >
      {options.map((option) => (
        <ToggleGroupPrimitive.Item
          key={String(option.value)}
          value={String(option.value)}
          className={cn(
            'h-8 min-w-0 truncate rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors outline-none',
            'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:bg-input/60',
          )}
        >
          {option.label}
        </ToggleGroupPrimitive.Item>
      ))}
    </ToggleGroupPrimitive.Root>
  );
}

export function SelectChoice({ id, options, value, onChange, invalid, label, ...rest }: ChoiceProps) {
  return (
    <Select
      value={String(value)}
      onValueChange={(key) => {
        const next = toValue(options, key);
        if (next !== undefined) onChange(next);
      }}
    >
      <SelectTrigger id={id} aria-label={label} aria-invalid={invalid || undefined} aria-describedby={rest['aria-describedby']} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={String(option.value)} value={String(option.value)}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

interface SliderProps {
  id?: string;
  label: string;
  min: number;
  max: number;
  step: number;
  unit?: FieldUnit;
  value: number;
  onChange: (value: number) => void;
}

export function OptionSlider({ id, label, min, max, step, unit, value, onChange }: SliderProps) {
  return (
    <div className="flex items-center gap-4">
      <SliderPrimitive.Root
        id={id}
        min={min}
        max={max}
        step={step}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onChange(next)}
        className="relative flex h-5 flex-1 touch-none items-center select-none"
      >
        <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-primary/20">
          <SliderPrimitive.Range className="absolute h-full bg-primary" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          aria-label={label}
          className="block size-5 rounded-full border-2 border-primary bg-background shadow-sm transition-[box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
      </SliderPrimitive.Root>
      <output htmlFor={id} className="w-16 shrink-0 text-right text-sm font-medium tabular-nums">
        {formatWithUnit(Number(value.toFixed(2)), unit)}
      </output>
    </div>
  );
}

/** A colour swatch next to its hex text, both editing the same value. */
export function ColourInput({ value, onChange, ...props }: Omit<React.ComponentProps<'input'>, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#808080'}
        onChange={(e) => onChange(e.target.value)}
        aria-label="Pick a colour"
        className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
      />
      <Input {...props} value={value} onChange={(e) => onChange(e.target.value)} maxLength={7} spellCheck={false} className="font-mono uppercase" />
    </div>
  );
}
