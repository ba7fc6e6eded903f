import type { PAGE_SIZES } from '@wattle/shared';
import type { JobRequest } from '@/features/jobs/api/submit';
import { requestFor, type JobInput } from '@/features/jobs/lib/inputs';

export type PageSize = (typeof PAGE_SIZES)[number];

/** The ways to make a new PDF, each one tool. */
export type CreateWay = 'blank' | 'images' | 'office' | 'text' | 'documents';

/** The registry tool behind each way. */
export const WAY_TOOLS: Record<CreateWay, string> = {
  blank: 'blank-pdf',
  images: 'image-to-pdf',
  office: 'office-to-pdf',
  text: 'text-to-pdf',
  documents: 'merge',
};

/** How a run ends, chosen before it starts. */
export type CreateEnding = 'editor' | 'save' | 'download';

export interface CreateChoices {
  pageSize: PageSize;
  blank: { pages: number; orientation: 'portrait' | 'landscape' };
  images: { inputs: JobInput[]; crop: boolean };
  office: { inputs: JobInput[] };
  /** Typed text, or a .txt/.md file (which wins when chosen). */
  text: { typed: string; markdown: boolean; inputs: JobInput[] };
  documents: { inputs: JobInput[] };
}

export const MAX_BLANK_PAGES = 100;

/** A typed text goes up as a file, as the text-to-pdf tool takes one .md or .txt file. */
export function typedTextFile(typed: string, markdown: boolean): File {
  return markdown ? new File([typed], 'document.md', { type: 'text/markdown' }) : new File([typed], 'document.txt', { type: 'text/plain' });
}

/** The job that makes the PDF the chosen way, or null while something it needs is missing. */
export function createRequest(way: CreateWay, choices: CreateChoices): JobRequest | null {
  const { pageSize } = choices;
  switch (way) {
    case 'blank': {
      const { pages, orientation } = choices.blank;
      if (!Number.isInteger(pages) || pages < 1 || pages > MAX_BLANK_PAGES) return null;
      return { tool: 'blank-pdf', options: { pages, pageSize, orientation }, files: [], fileIds: [] };
    }
    case 'images':
      return choices.images.inputs.length === 0 ? null : requestFor('image-to-pdf', { pageSize, fit: choices.images.crop ? 'cover' : 'contain' }, choices.images.inputs);
    case 'office':
      return choices.office.inputs.length === 0 ? null : requestFor('office-to-pdf', {}, choices.office.inputs);
    case 'text': {
      const { typed, markdown, inputs } = choices.text;
      if (inputs.length > 0) return requestFor('text-to-pdf', { pageSize, format: 'auto' }, inputs);
      if (!typed.trim()) return null;
      return { tool: 'text-to-pdf', options: { pageSize, format: markdown ? 'markdown' : 'plain' }, files: [typedTextFile(typed, markdown)], fileIds: [] };
    }
    case 'documents':
      // Merging needs two; one stored document is already a PDF to open.
      return choices.documents.inputs.length < 2 ? null : requestFor('merge', {}, choices.documents.inputs);
  }
}

/** Where "Open in the editor" goes: a stored document's editor, or (for visitors) the public editor with the output. */
export function editorPath(target: { documentId: string } | { outputId: string }): string {
  return 'documentId' in target ? `/dashboard/edit/${encodeURIComponent(target.documentId)}` : `/tools/edit?output=${encodeURIComponent(target.outputId)}`;
}
