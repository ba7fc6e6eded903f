import type { ToolId } from './registry.ts';

/**
 * Tool families: what people come to do (create, edit, secure, share, organise), each a curated set of
 * registry tools, in sections. The menu's category pages (/tools/<family>) list a family's tools, the
 * dashboard's hubs (/dashboard/<family>) show its sections, and a tool page whose address is a family's
 * (/tools/organize) lists the family under it. A tool may belong to several families.
 */
export interface ToolFamily {
  /** Also the address: /tools/<id>, and /dashboard/<id> for the families with a hub. */
  readonly id: string;
  readonly name: string;
  readonly sections: readonly { readonly title?: string; readonly tools: readonly ToolId[] }[];
}

export const TOOL_FAMILIES = [
  {
    id: 'create',
    name: 'Create PDF',
    sections: [
      { title: 'Start from scratch', tools: ['blank-pdf', 'text-to-pdf'] },
      { title: 'From files you already have', tools: ['image-to-pdf', 'office-to-pdf', 'html-to-pdf', 'email-to-pdf'] },
      { title: 'Combine and make searchable', tools: ['merge', 'ocr'] },
    ],
  },
  {
    id: 'edit',
    name: 'Edit PDF',
    sections: [
      { title: 'Mark up pages', tools: ['watermark', 'image-watermark', 'page-numbers', 'header-footer', 'bates', 'flatten'] },
      { title: 'Rearrange pages', tools: ['organize', 'rotate', 'merge', 'split', 'extract-pages', 'remove-pages', 'remove-blank-pages', 'crop', 'n-up'] },
      { title: 'Fix and tidy', tools: ['edit-metadata', 'add-attachments', 'extract-attachments', 'repair', 'unlock', 'pdf-to-pdfa', 'validate-pdfa'] },
      { title: 'Review', tools: ['compare', 'redact'] },
    ],
  },
  {
    id: 'secure',
    name: 'Secure PDF',
    sections: [{ tools: ['protect', 'unlock', 'redact', 'sanitize', 'flatten'] }],
  },
  {
    id: 'share',
    name: 'Share PDF',
    sections: [{ title: 'Prepare for sharing', tools: ['compress', 'protect', 'redact', 'sanitize', 'pdf-to-image'] }],
  },
  {
    id: 'organize',
    name: 'Organize PDFs',
    sections: [{ tools: ['merge', 'split', 'organize', 'extract-pages', 'remove-pages', 'remove-blank-pages', 'rotate', 'crop', 'n-up', 'compress', 'repair'] }],
  },
] as const satisfies readonly ToolFamily[];

export type ToolFamilyId = (typeof TOOL_FAMILIES)[number]['id'];

/** Registry tools that no family lists on purpose (the PDF-to-Office and text conversions, the editor). */
export const TOOLS_WITHOUT_FAMILY = ['pdf-to-word', 'pdf-to-excel', 'pdf-to-powerpoint', 'pdf-to-text', 'edit'] as const satisfies readonly ToolId[];

type ToolInAFamily = (typeof TOOL_FAMILIES)[number]['sections'][number]['tools'][number];

/**
 * The compiler's check that every tool is placed: a Record over the registry's tools that are in no family
 * and not in TOOLS_WITHOUT_FAMILY, which must be empty. A new registry tool fails typecheck here
 * ("Property 'new-tool' is missing") until a family's section or TOOLS_WITHOUT_FAMILY names it.
 */
export const UNPLACED_TOOLS: Record<Exclude<ToolId, ToolInAFamily | (typeof TOOLS_WITHOUT_FAMILY)[number]>, never> = {};

/** Every tool of a family, section after section. */
export function familyTools(family: ToolFamily): ToolId[] {
  return family.sections.flatMap((section) => section.tools);
}

export function getToolFamily(id: ToolFamilyId): ToolFamily;
export function getToolFamily(id: string): ToolFamily | undefined;
export function getToolFamily(id: string): ToolFamily | undefined {
  return TOOL_FAMILIES.find((family) => family.id === id);
}
