import type { PDFPageProxy } from 'pdfjs-dist';
import { useId, useMemo, type CSSProperties } from 'react';
import { cn } from '@/lib/utils';
import { fieldValue, widgetBox, type FormField, type FormFieldValue, type ScreenBox } from './form-fields';

interface FormFieldsLayerProps {
  page: PDFPageProxy;
  scale: number;
  fields: readonly FormField[];
  values: Readonly<Record<string, FormFieldValue>>;
  onChange: (name: string, value: FormFieldValue) => void;
}

/**
 * Real inputs over the page's form fields, at the page's scale. Absolutely positioned: the parent is
 * the page box. Fields with widgets on several pages show on each, sharing one value.
 */
export function FormFieldsLayer({ page, scale, fields, values, onChange }: FormFieldsLayerProps) {
  const layerId = useId();
  const transform = useMemo(() => page.getViewport({ scale }).transform, [page, scale]);
  const pageNumber = page.pageNumber;

  return (
    <div className="pointer-events-none absolute inset-0" data-form-layer>
      {fields.flatMap((field) =>
        field.widgets
          .map((widget, index) => ({ widget, index }))
          .filter(({ widget }) => widget.page === pageNumber)
          .map(({ widget, index }) => {
            const box = widgetBox(widget.rect, transform);
            return (
              <FieldInput
                key={`${field.name}#${index}`}
                field={field}
                exportValue={widget.exportValue}
                group={`${layerId}-${field.name}`}
                style={boxStyle(box, field)}
                value={fieldValue(field, values)}
                onChange={(value) => onChange(field.name, value)}
              />
            );
          }),
      )}
    </div>
  );
}

function boxStyle(box: ScreenBox, field: FormField): CSSProperties {
  const singleLine = field.kind === 'text' ? !field.multiline : field.kind === 'dropdown';
  // Text fills about two thirds of a one-line field, like a PDF viewer's auto size; never unreadably small.
  const fontSize = singleLine ? Math.max(8, Math.min(box.height * 0.65, 24)) : Math.max(8, Math.min(12 * (box.width / 100), 14));
  return { left: box.left, top: box.top, width: box.width, height: box.height, fontSize };
}

const INPUT_CLASS =
  'pointer-events-auto absolute m-0 rounded-[2px] border border-sky-500/50 bg-sky-100/50 px-1 py-0 text-black outline-none focus:border-sky-600 focus:bg-white/90 focus:ring-2 focus:ring-sky-500/40 disabled:cursor-not-allowed disabled:bg-transparent';

function FieldInput({
  field,
  exportValue,
  group,
  style,
  value,
  onChange,
}: {
  field: FormField;
  exportValue: string | undefined;
  group: string;
  style: CSSProperties;
  value: FormFieldValue;
  onChange: (value: FormFieldValue) => void;
}) {
  const common = { 'aria-label': field.name, disabled: field.readOnly, style, 'data-field': field.name };
  switch (field.kind) {
    case 'text':
      return field.multiline ? (
        <textarea {...common} className={cn(INPUT_CLASS, 'resize-none leading-tight')} value={String(value)} maxLength={field.maxLength ?? undefined} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={field.password ? 'password' : 'text'}
          className={INPUT_CLASS}
          value={String(value)}
          maxLength={field.maxLength ?? undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'checkbox':
      return <input {...common} type="checkbox" className={cn(INPUT_CLASS, 'accent-sky-700')} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'radio':
      return (
        <input
          {...common}
          aria-label={`${field.name}: ${exportValue ?? ''}`}
          type="radio"
          name={group}
          className={cn(INPUT_CLASS, 'rounded-full accent-sky-700')}
          checked={exportValue !== undefined && value === exportValue}
          onChange={() => exportValue !== undefined && onChange(exportValue)}
        />
      );
    case 'dropdown':
    case 'list':
      return (
        <select
          {...common}
          className={INPUT_CLASS}
          multiple={field.multiple}
          size={field.kind === 'list' ? Math.max(2, field.options.length) : undefined}
          value={value as string | string[]}
          onChange={(e) => onChange(field.multiple ? Array.from(e.target.selectedOptions, (o) => o.value) : e.target.value)}
        >
          {field.kind === 'dropdown' && !field.options.some((o) => o.value === value) && <option value={String(value)}>{String(value)}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
  }
}
