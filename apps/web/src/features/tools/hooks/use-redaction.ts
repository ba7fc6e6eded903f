import type { RedactPreviewResponse, Tool } from '@wattle/shared';
import { useState } from 'react';
import { inputName, type JobInput } from '@/features/jobs/lib/inputs';
import { api } from '@/lib/api-client';
import { EMPTY_CHOICES, hasSearch, needsPreview, redactOptions, searchKey, searchOptions, type RedactionChoices, type RedactionPreview } from '../lib/redaction';
import { pdfBytes } from './use-input-previews';

export type Redaction = ReturnType<typeof useRedactionState>;

/** The redact tool's own options panel state; other tools get undefined. */
export function useRedaction(tool: Tool, input: JobInput | undefined): Redaction | undefined {
  const state = useRedactionState(input);
  return tool.id === 'redact' ? state : undefined;
}

function useRedactionState(input: JobInput | undefined) {
  const [choices, setChoices] = useState<RedactionChoices>(EMPTY_CHOICES);
  const [preview, setPreview] = useState<RedactionPreview>();
  const [finding, setFinding] = useState(false);
  const [error, setError] = useState<unknown>();

  /** Asks the server what the search finds in this file (POST /api/v1/tools/redact/preview). */
  async function find() {
    if (!input) return;
    const search = searchKey(choices);
    setFinding(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.append('options', JSON.stringify(searchOptions(choices)));
      form.append('file', new Blob([await pdfBytes(input)], { type: 'application/pdf' }), inputName(input));
      const found = await api.post<RedactPreviewResponse>('/api/v1/tools/redact/preview', form);
      setPreview({ search, truncated: found.truncated, matches: found.matches.map((m) => ({ ...m, keep: true })) });
    } catch (caught) {
      setError(caught);
    } finally {
      setFinding(false);
    }
  }

  return {
    choices,
    change: (next: Partial<RedactionChoices>) => setChoices((current) => ({ ...current, ...next })),
    preview: preview && preview.search === searchKey(choices) ? preview : undefined,
    keep: (index: number, keep: boolean) => setPreview((current) => current && { ...current, matches: current.matches.map((m, i) => (i === index ? { ...m, keep } : m)) }),
    find,
    canFind: hasSearch(choices),
    finding,
    error,
    /** Nothing to send yet, or a search not yet previewed. */
    blocked: needsPreview(choices, preview) || (!hasSearch(choices) && choices.areas.length === 0),
    options: () => redactOptions(choices, preview),
    reset: () => {
      setChoices(EMPTY_CHOICES);
      setPreview(undefined);
      setError(undefined);
    },
  };
}
