import type { ToolId } from '@wattle/shared';

/** The document-information keys pdf.js reports, mapped to edit-metadata's option fields. */
const METADATA_FIELDS = { title: 'Title', author: 'Author', subject: 'Subject', keywords: 'Keywords', creator: 'Creator', producer: 'Producer' } as const;

/**
 * Options a tool starts from the chosen PDF's own values, so "edit" means edit: edit-metadata shows
 * the current title, author and so on (an emptied field then clears it).
 */
export const PDF_PREFILL: Partial<Record<ToolId, (info: Record<string, unknown>) => Record<string, string>>> = {
  'edit-metadata': (info) => {
    const values: Record<string, string> = {};
    for (const [field, key] of Object.entries(METADATA_FIELDS)) {
      const value = info[key];
      if (typeof value === 'string') values[field] = value.slice(0, 500);
    }
    return values;
  },
};
