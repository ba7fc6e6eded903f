import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getPath, type FormValues, type OptionField } from '../lib/option-fields';
import { ColourInput, OptionSlider, SegmentedChoice, SelectChoice } from './option-controls';

interface OptionsFormProps {
  fields: OptionField[];
  form: UseFormReturn<FormValues>;
}

/** The fields generated from a tool's options schema; the parent owns the form and submits it. */
export function OptionsFields({ fields, form }: OptionsFormProps) {
  const values = useWatch({ control: form.control });
  return (
    <div className="grid gap-5">
      {fields.map((field) => {
        if (field.visibleWhen && getPath(values, field.visibleWhen.name) !== field.visibleWhen.value) return null;
        return <OptionFieldControl key={field.name} field={field} form={form} />;
      })}
    </div>
  );
}

function OptionFieldControl({ field, form }: { field: OptionField; form: UseFormReturn<FormValues> }) {
  if (field.kind === 'group') {
    return (
      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="-ml-1 px-1 text-sm font-medium">{field.label}</legend>
        {field.description && <p className="-mt-1 text-sm text-muted-foreground">{field.description}</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          {field.fields.map((child) => (
            <OptionFieldControl key={child.name} field={child} form={form} />
          ))}
        </div>
      </fieldset>
    );
  }

  if (field.kind === 'switch') {
    return (
      <FormField
        control={form.control}
        name={field.name}
        render={({ field: control }) => (
          <FormItem className="flex flex-row items-center justify-between gap-4 space-y-0">
            <div className="grid gap-1">
              <FormLabel>{field.label}</FormLabel>
              {field.description && <FormDescription className="text-xs">{field.description}</FormDescription>}
            </div>
            <FormControl>
              <Switch checked={Boolean(control.value)} onCheckedChange={control.onChange} onBlur={control.onBlur} />
            </FormControl>
          </FormItem>
        )}
      />
    );
  }

  if (field.kind === 'choices') {
    return (
      <FormField
        control={form.control}
        name={field.name}
        render={({ field: control }) => {
          const ticked = (control.value as string[] | undefined) ?? [];
          return (
            <FormItem>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{field.label}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {field.options.map((option) => {
                    const id = `${control.name}-${option.value}`;
                    return (
                      <div key={option.value} className="flex items-start gap-2">
                        <Checkbox
                          id={id}
                          checked={ticked.includes(String(option.value))}
                          onCheckedChange={(checked) => control.onChange(checked === true ? [...ticked, option.value] : ticked.filter((v) => v !== option.value))}
                        />
                        <Label htmlFor={id} className="leading-tight font-normal">
                          {option.label}
                        </Label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
              {field.description && <FormDescription className="text-xs">{field.description}</FormDescription>}
              <FormMessage />
            </FormItem>
          );
        }}
      />
    );
  }

  return (
    <FormField
      control={form.control}
      name={field.name}
      render={({ field: control, fieldState }) => (
        <FormItem>
          <FormLabel>
            {field.label}
            {!field.required && field.defaultValue === undefined && <span className="font-normal text-muted-foreground">(optional)</span>}
          </FormLabel>
          <FormControl>
            {field.kind === 'choice' ? (
              field.display === 'segmented' ? (
                <SegmentedChoice options={field.options} value={control.value as string | number} onChange={control.onChange} invalid={fieldState.invalid} label={field.label} />
              ) : (
                <SelectChoice options={field.options} value={control.value as string | number} onChange={control.onChange} invalid={fieldState.invalid} label={field.label} />
              )
            ) : field.kind === 'slider' ? (
              <OptionSlider label={field.label} min={field.min} max={field.max} step={field.step} unit={field.unit} value={Number(control.value)} onChange={control.onChange} />
            ) : field.kind === 'number' ? (
              <Input
                type="number"
                inputMode="numeric"
                min={field.min}
                max={field.max}
                step={field.step}
                name={control.name}
                ref={control.ref}
                onBlur={control.onBlur}
                value={control.value === undefined || Number.isNaN(control.value) ? '' : String(control.value)}
                onChange={(e) => control.onChange(e.target.value === '' ? undefined : e.target.valueAsNumber)}
                className="max-w-40"
              />
            ) : field.kind === 'lines' ? (
              <Textarea rows={3} name={control.name} ref={control.ref} onBlur={control.onBlur} value={String(control.value ?? '')} onChange={control.onChange} aria-invalid={fieldState.invalid} />
            ) : field.kind === 'text' && field.inputType === 'color' ? (
              <ColourInput name={control.name} ref={control.ref} onBlur={control.onBlur} value={String(control.value ?? '')} onChange={control.onChange} />
            ) : (
              <Input
                type={field.kind === 'text' ? field.inputType : 'text'}
                autoComplete={field.kind === 'text' && field.inputType === 'password' ? 'new-password' : 'off'}
                inputMode={field.kind === 'pages' ? 'numeric' : undefined}
                placeholder={field.placeholder ? `e.g. ${field.placeholder}` : undefined}
                maxLength={field.kind === 'text' ? field.maxLength : 500}
                name={control.name}
                ref={control.ref}
                onBlur={control.onBlur}
                value={String(control.value ?? '')}
                onChange={control.onChange}
              />
            )}
          </FormControl>
          {field.description && <FormDescription className="text-xs">{field.description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
