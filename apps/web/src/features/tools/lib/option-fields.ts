import { OCR_LANGUAGES, REDACTION_PRESETS } from '@wattle/shared';

/**
 * Turns a tool's options (as the JSON Schema the registry generates from its zod schema, the same one
 * the API publishes) into form fields. Pure, so the mapping is unit-tested for every tool; the zod
 * schema itself still does the validation.
 */

export type FieldValue = string | number | boolean;

export interface ChoiceOption {
  value: string | number;
  label: string;
}

interface FieldBase {
  /** Dotted path in the options object, e.g. "permissions.print". */
  name: string;
  label: string;
  description?: string;
  required: boolean;
  /** Only shown (and sent) while another field has this value: the variants of a discriminated union. */
  visibleWhen?: { name: string; value: FieldValue };
}

export type OptionField =
  | (FieldBase & { kind: 'choice'; display: 'segmented' | 'select'; options: ChoiceOption[]; defaultValue: string | number })
  | (FieldBase & { kind: 'slider'; min: number; max: number; step: number; unit?: FieldUnit; defaultValue: number })
  | (FieldBase & { kind: 'number'; min?: number; max?: number; step: number; unit?: FieldUnit; defaultValue?: number })
  | (FieldBase & { kind: 'switch'; defaultValue: boolean })
  | (FieldBase & {
      kind: 'text';
      inputType: 'text' | 'password' | 'color';
      maxLength?: number;
      placeholder?: string;
      defaultValue?: string;
      /** Optional text where "" is a value of its own (clear it), unlike "left out" (keep it). */
      clearable: boolean;
    })
  /** A list of short texts, typed one a line (the value is the text; the options get the lines). */
  | (FieldBase & { kind: 'lines'; maxItems?: number; placeholder?: string; defaultValue?: string })
  /** Several of a closed set, each a tick box. */
  | (FieldBase & { kind: 'choices'; options: ChoiceOption[]; defaultValue?: string[] })
  /** Page ranges ("1-3,5"): a text field that the page-thumbnail grid can also write. */
  | (FieldBase & { kind: 'pages'; placeholder?: string; defaultValue?: string })
  | (FieldBase & { kind: 'group'; fields: OptionField[] });

export type FieldUnit = 'percent' | 'degrees' | 'mm' | 'pt' | 'dpi';

interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  maxItems?: number;
}

/** Labels where the property name does not read well on its own (en-AU). */
const FIELD_LABELS: Record<string, string> = {
  dpi: 'Resolution',
  every: 'Pages per file',
  fillForms: 'Fill in forms',
  assemble: 'Insert, delete or rotate pages',
  modify: 'Change the document',
  copy: 'Copy text and images',
  annotate: 'Add comments',
  print: 'Print',
  grayscale: 'Greyscale',
  level: 'Compression',
  fontSize: 'Text size',
  color: 'Colour',
  layout: 'Keep the page layout',
  startAt: 'First number',
  userPassword: 'Password to open',
  ownerPassword: 'Owner password',
  order: 'Page order',
  ranges: 'Page ranges',
  mode: 'Split by',
  topCenter: 'Top centre',
  bottomCenter: 'Bottom centre',
  start: 'First number',
  threshold: 'White threshold',
  text: 'Words or phrases',
  presets: 'Australian numbers and details',
  everyPage: 'Recognise every page',
};

/** Descriptions for properties whose schema carries none. */
const FIELD_DESCRIPTIONS: Record<string, string> = {
  userPassword: 'Needed to open the PDF.',
  ownerPassword: 'Needed to change what people may do with the PDF. Leave it empty and a random one is used.',
};

const VALUE_LABELS: Record<string, string> = {
  ranges: 'Page ranges',
  every: 'Every few pages',
  center: 'Centre',
  'top-center': 'Top centre',
  'bottom-center': 'Bottom centre',
  fit: 'Fit',
  auto: 'Auto',
  png: 'PNG',
  plain: 'Plain text',
  jpeg: 'JPEG',
  ...Object.fromEntries(OCR_LANGUAGES.map((l) => [l.id, l.name])),
  ...Object.fromEntries(REDACTION_PRESETS.map((p) => [p.id, p.name])),
};

const FIELD_UNITS: Record<string, FieldUnit> = {
  opacity: 'percent',
  angle: 'degrees',
  margin: 'mm',
  fontSize: 'pt',
  dpi: 'dpi',
};

const PASSWORD_FIELD = /password$/i;
const COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';
/** Segmented buttons fit up to four short choices on a phone; more become a select. */
const MAX_SEGMENTS = 4;
/** Sliders are for bounded ranges a thumb can actually pick from; wider ranges get a number input. */
const MAX_SLIDER_STEPS = 400;

export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelForValue(value: string | number, unit?: FieldUnit): string {
  if (typeof value === 'number') return formatWithUnit(value, unit);
  return VALUE_LABELS[value] ?? humanise(value);
}

export function formatWithUnit(value: number, unit?: FieldUnit): string {
  switch (unit) {
    case 'percent':
      return `${Math.round(value * 100)}%`;
    case 'degrees':
      return `${value}°`;
    case 'mm':
      return `${value} mm`;
    case 'pt':
      return `${value} pt`;
    case 'dpi':
      return `${value} dpi`;
    default:
      return String(value);
  }
}

/** Whether a schema property is a page-ranges string (the registry's shared page-ranges field). */
function isPageRanges(schema: JsonSchema): boolean {
  return schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.includes('\\d{1,6}') && schema.maxLength === 500;
}

/** A step that gives about twenty stops over the range, never coarser than 1. */
function sliderStep(min: number, max: number, integer: boolean): number {
  if (integer) return 1;
  return Math.min(1, 10 ** Math.floor(Math.log10((max - min) / 20)));
}

function fieldFor(key: string, schema: JsonSchema, path: string, required: boolean): OptionField | undefined {
  const base = {
    name: path,
    label: FIELD_LABELS[key] ?? humanise(key),
    description: schema.description ?? FIELD_DESCRIPTIONS[key],
    required,
  };
  const unit = FIELD_UNITS[key];

  if (schema.enum) {
    const values = schema.enum.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    const options = values.map((value) => ({ value, label: labelForValue(value, unit) }));
    const defaultValue = (schema.default as string | number | undefined) ?? values[0]!;
    return { ...base, kind: 'choice', display: options.length <= MAX_SEGMENTS ? 'segmented' : 'select', options, defaultValue };
  }

  switch (schema.type) {
    case 'boolean':
      return { ...base, kind: 'switch', defaultValue: schema.default === true };
    case 'integer':
    case 'number': {
      const integer = schema.type === 'integer';
      const { minimum: min, maximum: max } = schema;
      const defaultValue = typeof schema.default === 'number' ? schema.default : undefined;
      if (min !== undefined && max !== undefined) {
        const step = sliderStep(min, max, integer);
        if ((max - min) / step <= MAX_SLIDER_STEPS) {
          return { ...base, kind: 'slider', min, max, step, unit, defaultValue: defaultValue ?? min };
        }
      }
      return { ...base, kind: 'number', min, max, step: integer ? 1 : sliderStep(min ?? 0, max ?? 100, false), unit, defaultValue };
    }
    case 'string': {
      const placeholder = typeof schema.examples?.[0] === 'string' ? (schema.examples[0] as string) : undefined;
      const defaultValue = typeof schema.default === 'string' ? schema.default : undefined;
      if (isPageRanges(schema)) return { ...base, kind: 'pages', placeholder, defaultValue };
      const inputType = PASSWORD_FIELD.test(key) ? 'password' : schema.pattern === COLOUR_PATTERN ? 'color' : 'text';
      const clearable = !required && defaultValue === undefined && !schema.pattern && !schema.minLength;
      return { ...base, kind: 'text', inputType, maxLength: schema.maxLength, placeholder, defaultValue, clearable };
    }
    case 'object':
      return { ...base, kind: 'group', fields: objectFields(schema, `${path}.`) };
    case 'array': {
      // Lists of texts and of choices; lists of objects (redact's areas) have no generated control.
      const items = schema.items;
      // A set of named choices (redact's presets); a list of numbers in order (merge's rotations per file) is not one.
      if (items?.enum?.every((value) => typeof value === 'string')) return { ...base, kind: 'choices', options: items.enum.map((value) => ({ value: value as string, label: labelForValue(value as string) })) };
      if (items?.type === 'string') return { ...base, description: base.description && `${base.description} One a line.`, kind: 'lines', maxItems: schema.maxItems, placeholder: typeof items.examples?.[0] === 'string' ? items.examples[0] : undefined };
      return undefined;
    }
    default:
      return undefined;
  }
}

function objectFields(schema: JsonSchema, prefix = ''): OptionField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const field = fieldFor(key, property, `${prefix}${key}`, required.has(key));
    return field ? [field] : [];
  });
}

/**
 * A discriminated union (`oneOf` of objects sharing a `const` property) becomes a choice of the
 * discriminator plus each variant's own fields, shown only while that variant is chosen.
 */
function unionFields(variants: JsonSchema[]): OptionField[] {
  const first = variants[0];
  const discriminator = Object.entries(first?.properties ?? {}).find(([, p]) => p.const !== undefined)?.[0];
  if (!discriminator) return [];
  const values = variants.map((v) => v.properties![discriminator]!.const as string);
  // Start on the first variant that is complete with its defaults alone (nothing to type first).
  const ready = variants.find((v) => (v.required ?? []).every((key) => key === discriminator || v.properties?.[key]?.default !== undefined));
  const defaultValue = (ready ?? first)!.properties![discriminator]!.const as string;
  const choice: OptionField = {
    name: discriminator,
    label: FIELD_LABELS[discriminator] ?? humanise(discriminator),
    required: true,
    kind: 'choice',
    display: values.length <= MAX_SEGMENTS ? 'segmented' : 'select',
    options: values.map((value) => ({ value, label: labelForValue(value) })),
    defaultValue,
  };
  const variantFields = variants.flatMap((variant, index) =>
    objectFields({ ...variant, properties: omit(variant.properties ?? {}, discriminator) }).map((field) => ({
      ...field,
      visibleWhen: { name: discriminator, value: values[index]! },
    })),
  );
  return [choice, ...variantFields];
}

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _omitted, ...rest } = record;
  return rest;
}

/** The form fields for a tool's options JSON Schema. */
export function optionFields(schema: Record<string, unknown>): OptionField[] {
  const root = schema as JsonSchema;
  if (root.oneOf) return unionFields(root.oneOf);
  return objectFields(root);
}

/** Every field that holds a value (groups flattened). */
export function leafFields(fields: OptionField[]): Exclude<OptionField, { kind: 'group' }>[] {
  return fields.flatMap((field) => (field.kind === 'group' ? leafFields(field.fields) : [field]));
}

export type FormValues = Record<string, unknown>;

/** The form's starting values: the schema's defaults, with text fields empty rather than undefined. */
export function defaultFormValues(fields: OptionField[]): FormValues {
  const values: FormValues = {};
  for (const field of leafFields(fields)) {
    const fallback = field.kind === 'text' || field.kind === 'pages' || field.kind === 'lines' ? '' : field.kind === 'choices' ? [] : undefined;
    setPath(values, field.name, field.defaultValue ?? fallback);
  }
  return values;
}

/**
 * The options object to send: fields of variants not chosen are dropped, and empty optional text is
 * left out (the schema reads "left out" as "keep" or "all pages") unless the person emptied a
 * clearable field on purpose.
 */
export function optionsFromForm(fields: OptionField[], values: FormValues, isEdited: (name: string) => boolean = () => false): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const field of leafFields(fields)) {
    if (field.visibleWhen && getPath(values, field.visibleWhen.name) !== field.visibleWhen.value) continue;
    const value = listValue(field, getPath(values, field.name));
    if (value === undefined) continue;
    if (value === '' && !field.required && !(field.kind === 'text' && field.clearable && isEdited(field.name))) continue;
    setPath(options, field.name, value);
  }
  return options;
}

/** A list field's value as the options take it: the non-empty lines, or the ticked choices; left out when empty. */
function listValue(field: OptionField, value: unknown): unknown {
  if (field.kind === 'lines') {
    const lines = String(value ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return lines.length > 0 ? lines : undefined;
  }
  if (field.kind === 'choices') return Array.isArray(value) && value.length > 0 ? value : undefined;
  return value;
}

export function getPath(values: FormValues, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as FormValues)[key] : undefined), values);
}

function setPath(target: FormValues, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as FormValues;
  }
  node[keys.at(-1)!] = value;
}
