import type { Tool } from '@wattle/shared';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FormValues } from '../lib/option-fields';
import { PAGE_GRID } from '../lib/page-grid-modes';
import { PDF_PREFILL } from '../lib/pdf-prefill';
import type { PdfDocumentState } from './use-pdf-document';

/**
 * Options that start from the document: its own metadata, its page count (the account's settings are
 * the form's own starting point, `useOptionsForm`). None of them overwrites what the person has edited.
 */
export function useOptionDefaults(tool: Tool, form: UseFormReturn<FormValues>, pdf: PdfDocumentState) {
  // Options that start from the document itself (its current metadata).
  const prefill = PDF_PREFILL[tool.id];
  useEffect(() => {
    if (!prefill || pdf.status !== 'ready') return;
    let cancelled = false;
    void pdf.doc.getMetadata().then(({ info }) => {
      if (cancelled) return;
      for (const [name, value] of Object.entries(prefill(info as Record<string, unknown>))) {
        if (!form.getFieldState(name).isDirty) form.resetField(name, { defaultValue: value });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [prefill, pdf, form]);

  // A new document starts organise on all of its pages in order.
  const grid = PAGE_GRID[tool.id];
  const pageCount = pdf.status === 'ready' ? pdf.pageCount : undefined;
  useEffect(() => {
    if (grid?.mode === 'order' && pageCount && !form.getValues(grid.field)) form.setValue(grid.field, `1-${pageCount}`, { shouldValidate: false });
  }, [grid, pageCount, form]);
}
