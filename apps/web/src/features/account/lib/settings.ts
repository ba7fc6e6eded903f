import { AUTO_SAVE_OPTIONS, EXPORT_QUALITIES, getTool, PAGE_SIZES, PDF_VIEWER_MODES, type ProfileUpdate } from '@wattle/shared';

type SettingField = 'pdf_viewer_mode' | 'pdf_export_quality' | 'preferred_page_size' | 'auto_save_frequency' | 'remove_active_content';

export interface SettingDefinition {
  field: SettingField;
  label: string;
  description: string;
  options: Array<{ value: string | number | boolean; label: string }>;
  /** The PATCH body for a value chosen in the select (which only deals in strings). */
  toUpdate: (value: string) => ProfileUpdate;
}

const VIEWER_LABELS: Record<(typeof PDF_VIEWER_MODES)[number], string> = { continuous: 'Continuous', single: 'Single Page' };
const QUALITY_LABELS: Record<(typeof EXPORT_QUALITIES)[number], string> = { low: 'Low (Faster)', medium: 'Medium', high: 'High (Slower)' };
const AUTO_SAVE_LABELS: Record<(typeof AUTO_SAVE_OPTIONS)[number], string> = {
  0: 'Off',
  1: 'Every minute',
  5: 'Every 5 minutes',
  15: 'Every 15 minutes',
  30: 'Every 30 minutes',
};

/**
 * Spec section 2, "PDF Settings": the four settings, their options and labels, and Remove Active Content
 * (issue 33, decision 134). The descriptions say
 * only what each setting does today (the tools' defaults come from shared `accountOptionDefaults`).
 */
export const SETTINGS: SettingDefinition[] = [
  {
    field: 'pdf_viewer_mode',
    label: 'PDF Viewer Mode',
    description: 'How the document preview shows pages: one after another, or one at a time.',
    options: PDF_VIEWER_MODES.map((value) => ({ value, label: VIEWER_LABELS[value] })),
    toUpdate: (value) => ({ pdf_viewer_mode: value as (typeof PDF_VIEWER_MODES)[number] }),
  },
  {
    field: 'pdf_export_quality',
    label: 'Export Quality',
    description: `Where ${getTool('compress').name} and ${getTool('pdf-to-image').name} start: Low makes smaller files faster, High keeps more detail. Each tool still lets you choose.`,
    options: EXPORT_QUALITIES.map((value) => ({ value, label: QUALITY_LABELS[value] })),
    toUpdate: (value) => ({ pdf_export_quality: value as (typeof EXPORT_QUALITIES)[number] }),
  },
  {
    field: 'preferred_page_size',
    label: 'Default Page Size',
    description: `The paper size ${getTool('image-to-pdf').name}, ${getTool('blank-pdf').name}, ${getTool('text-to-pdf').name}, ${getTool('n-up').name}, ${getTool('html-to-pdf').name} and ${getTool('email-to-pdf').name} start with. Each tool still lets you choose.`,
    options: PAGE_SIZES.map((value) => ({ value, label: value })),
    toUpdate: (value) => ({ preferred_page_size: value as (typeof PAGE_SIZES)[number] }),
  },
  {
    field: 'auto_save_frequency',
    label: 'Auto-Save Frequency',
    description: 'How often the PDF editor saves your work.',
    options: AUTO_SAVE_OPTIONS.map((value) => ({ value, label: AUTO_SAVE_LABELS[value] })),
    toUpdate: (value) => ({ auto_save_frequency: Number(value) as ProfileUpdate['auto_save_frequency'] }),
  },
  {
    field: 'remove_active_content',
    label: 'Remove Active Content',
    description: 'Takes scripts, actions that run when a PDF opens, and links that start programs out of every PDF the tools make. Visitors always have it on.',
    options: [
      { value: true, label: 'On' },
      { value: false, label: 'Off' },
    ],
    toUpdate: (value) => ({ remove_active_content: value === 'true' }),
  },
];
