import type { EXPORT_QUALITIES, PAGE_SIZES } from '../validation.ts';
import type { ToolId, ToolOptionsInput } from './registry.ts';

/**
 * The account's PDF settings as tool option defaults: the one table the server applies to a submission
 * and the web starts its options form from, so both agree. A value the caller gives always wins.
 */

export type ExportQuality = (typeof EXPORT_QUALITIES)[number];

/** The PDF settings that tools start from (a `Profile` has them). */
export interface ToolSettings {
  pdf_export_quality: ExportQuality;
  preferred_page_size: (typeof PAGE_SIZES)[number];
}

/**
 * What each Export Quality means. Low (Faster) compresses hardest (100 dpi images) and renders pages at
 * screen resolution; High (Slower) loses least (200 dpi images) and renders at print resolution. Medium
 * is the registry's own default, so a new account gets what a visitor gets.
 */
export const EXPORT_QUALITY: Record<ExportQuality, { compressLevel: NonNullable<ToolOptionsInput<'compress'>['level']>; pageImageDpi: number }> = {
  low: { compressLevel: 'high', pageImageDpi: 96 },
  medium: { compressLevel: 'medium', pageImageDpi: 150 },
  high: { compressLevel: 'low', pageImageDpi: 300 },
};

const ACCOUNT_DEFAULTS: { [Id in ToolId]?: (settings: ToolSettings) => Partial<ToolOptionsInput<Id>> } = {
  compress: (s) => ({ level: EXPORT_QUALITY[s.pdf_export_quality].compressLevel }),
  'pdf-to-image': (s) => ({ dpi: EXPORT_QUALITY[s.pdf_export_quality].pageImageDpi }),
  'image-to-pdf': (s) => ({ pageSize: s.preferred_page_size }),
  'blank-pdf': (s) => ({ pageSize: s.preferred_page_size }),
  'text-to-pdf': (s) => ({ pageSize: s.preferred_page_size }),
  'n-up': (s) => ({ pageSize: s.preferred_page_size }),
  'html-to-pdf': (s) => ({ pageSize: s.preferred_page_size }),
  'email-to-pdf': (s) => ({ pageSize: s.preferred_page_size }),
};

/** Whether the account's settings shape this tool's options at all (most tools: no, so they need not be read). */
export const takesAccountDefaults = (toolId: string): boolean => Object.hasOwn(ACCOUNT_DEFAULTS, toolId);

/** The options a tool takes from the account's settings; none for tools the settings do not touch. */
export function accountOptionDefaults(toolId: string, settings: ToolSettings): Record<string, unknown> {
  if (!takesAccountDefaults(toolId)) return {};
  const defaults = ACCOUNT_DEFAULTS[toolId as ToolId] as (settings: ToolSettings) => Record<string, unknown>;
  return defaults(settings);
}
