import type { PDFDocumentProxy } from 'pdfjs-dist';

/** A value of the edit tool's `form` operation: text, ticked or not, a chosen option or several. */
export type FormFieldValue = string | boolean | string[];

/** Where one widget of a field sits: its page (1-based) and rectangle in PDF points [x1, y1, x2, y2]. */
export interface FormWidget {
  page: number;
  rect: [number, number, number, number];
  /** The value a radio button (or a checkbox) stands for when it is on. */
  exportValue?: string;
}

interface FieldBase {
  name: string;
  readOnly: boolean;
  widgets: FormWidget[];
}

export type FormField =
  | (FieldBase & { kind: 'text'; value: string; multiline: boolean; password: boolean; maxLength: number | null })
  | (FieldBase & { kind: 'checkbox'; value: boolean })
  /** `value` is the chosen button's export value, '' when none is chosen. */
  | (FieldBase & { kind: 'radio'; value: string })
  /** One option as text ('' for none); a multi-select list's value is the list of chosen options. */
  | (FieldBase & { kind: 'dropdown' | 'list'; value: string | string[]; multiple: boolean; options: { value: string; label: string }[] });

/** What pdf.js's `getFieldObjects()` gives per widget (the parts the editor uses). */
interface PdfjsFieldObject {
  type?: string;
  name?: string;
  value?: unknown;
  editable?: boolean;
  hidden?: boolean;
  page?: number;
  rect?: number[];
  exportValues?: unknown;
  multiline?: boolean;
  password?: boolean;
  charLimit?: number;
  multipleSelection?: boolean;
  items?: { exportValue?: unknown; displayValue?: unknown }[];
}

/** The fillable AcroForm fields of a document (text, checkbox, radio, dropdown and list), page order. */
export async function readFormFields(pdf: PDFDocumentProxy): Promise<FormField[]> {
  const objects = (await pdf.getFieldObjects()) as Record<string, PdfjsFieldObject[]> | null;
  if (!objects) return [];
  // getFieldObjects gives one value per field: a multi-select list's other choices are on its widgets.
  const listValues = new Map<string, string[]>();
  const pages = new Set(
    Object.values(objects)
      .flat()
      .filter((o) => o.type === 'listbox' && o.multipleSelection)
      .map((o) => o.page!),
  );
  for (const index of pages) {
    const annotations = (await (await pdf.getPage(index + 1)).getAnnotations()) as { fieldName?: string; fieldValue?: unknown }[];
    for (const a of annotations) if (a.fieldName && Array.isArray(a.fieldValue)) listValues.set(a.fieldName, a.fieldValue.map(String));
  }
  return fieldsFromObjects(objects, listValues);
}

/** Turns pdf.js field objects into fields; buttons, signatures and hidden widgets are left out. */
export function fieldsFromObjects(objects: Record<string, PdfjsFieldObject[]>, listValues = new Map<string, string[]>()): FormField[] {
  const fields: FormField[] = [];
  for (const [name, all] of Object.entries(objects)) {
    const widgets = all.filter((o) => typeof o.page === 'number' && Array.isArray(o.rect) && o.rect.length === 4 && !o.hidden);
    const first = widgets[0];
    if (!first) continue;
    const base = {
      name,
      readOnly: first.editable === false,
      widgets: widgets.map((o) => ({
        page: o.page! + 1,
        rect: normalise(o.rect!),
        ...(typeof o.exportValues === 'string' ? { exportValue: o.exportValues } : {}),
      })),
    };
    switch (first.type) {
      case 'text':
        fields.push({
          ...base,
          kind: 'text',
          value: typeof first.value === 'string' ? first.value : '',
          multiline: Boolean(first.multiline),
          password: Boolean(first.password),
          maxLength: first.charLimit ? first.charLimit : null,
        });
        break;
      case 'checkbox':
        fields.push({ ...base, kind: 'checkbox', value: isOn(widgets.find((o) => isOn(o.value))?.value) });
        break;
      case 'radiobutton': {
        const chosen = widgets.map((o) => o.value).find(isOn);
        fields.push({ ...base, kind: 'radio', value: typeof chosen === 'string' ? chosen : '' });
        break;
      }
      case 'combobox':
      case 'listbox': {
        const multiple = first.type === 'listbox' && Boolean(first.multipleSelection);
        const single = typeof first.value === 'string' ? first.value : '';
        fields.push({
          ...base,
          kind: first.type === 'combobox' ? 'dropdown' : 'list',
          multiple,
          value: multiple ? (listValues.get(name) ?? (single ? [single] : [])) : single,
          options: (first.items ?? []).map((item) => ({ value: String(item.exportValue ?? ''), label: String(item.displayValue ?? item.exportValue ?? '') })),
        });
        break;
      }
    }
  }
  return fields.sort((a, b) => a.widgets[0]!.page - b.widgets[0]!.page || b.widgets[0]!.rect[3] - a.widgets[0]!.rect[3]);
}

function isOn(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value !== 'Off';
}

function normalise([x1, y1, x2, y2]: number[]): [number, number, number, number] {
  return [Math.min(x1!, x2!), Math.min(y1!, y2!), Math.max(x1!, x2!), Math.max(y1!, y2!)];
}

/** A field's value as the user sees it: their change, else what the document holds. */
export function fieldValue(field: FormField, values: Readonly<Record<string, FormFieldValue>>): FormFieldValue {
  return values[field.name] ?? field.value;
}

/** The `form` operation's `values`: only the fields the user changed. */
export function changedFormValues(fields: readonly FormField[], values: Readonly<Record<string, FormFieldValue>>): Record<string, FormFieldValue> {
  const out: Record<string, FormFieldValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || sameValue(value, field.value)) continue;
    out[field.name] = value;
  }
  return out;
}

function sameValue(a: FormFieldValue, b: FormFieldValue): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;
}

/** A CSS box over the page: left, top, width and height in pixels. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A rectangle in PDF points as a box on the drawn page, through the viewport's transform (which
 * carries the scale, the flipped y axis and the page's rotation).
 */
export function widgetBox(rect: readonly [number, number, number, number], transform: readonly number[]): ScreenBox {
  const [a, b, c, d, e, f] = transform as [number, number, number, number, number, number];
  const point = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f] as const;
  const [x1, y1] = point(rect[0], rect[1]);
  const [x2, y2] = point(rect[2], rect[3]);
  return { left: Math.min(x1, x2), top: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}
