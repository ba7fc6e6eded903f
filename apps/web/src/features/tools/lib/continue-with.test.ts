import { describe, expect, it } from 'vitest';
import type { JobOutput } from '@wattle/shared';
import { continueTargets, continuedOutputs } from './continue-with';

const pdf = { id: 'o1', filename: 'report-compressed.pdf', contentType: 'application/pdf' } as JobOutput;
const png = { id: 'o2', filename: 'page-1.png', contentType: 'image/png' } as JobOutput;

describe('continue with another tool', () => {
  it('offers the form tools that take every output, not the one just used', () => {
    const ids = continueTargets('compress', [pdf]).map((t) => t.id);
    expect(ids).toContain('protect');
    expect(ids).toContain('merge');
    expect(ids).not.toContain('compress');
    expect(ids).not.toContain('edit');
    expect(ids).not.toContain('image-to-pdf');
    // Images alone are no job for the tools that place an image or attach a file on a PDF.
    expect(continueTargets('pdf-to-image', [png, { ...png, id: 'o3' }]).map((t) => t.id)).toEqual(['image-to-pdf']);
    expect(continueTargets('compress', [pdf]).map((t) => t.id)).toContain('image-watermark');
    // Two PDFs are more than a one-file tool takes.
    const fromTwo = continueTargets('split', [pdf, { ...pdf, id: 'o4' }]).map((t) => t.id);
    expect(fromTwo).toEqual(expect.arrayContaining(['merge', 'bates', 'add-attachments']));
    expect(fromTwo).not.toContain('compress');
  });

  it('reads the outputs a tool page was opened with from the navigation state, and nothing else', () => {
    expect(continuedOutputs({ continueWith: [pdf] })).toEqual([pdf]);
    expect(continuedOutputs(null)).toEqual([]);
    expect(continuedOutputs({ continueWith: 'x' })).toEqual([]);
  });
});
