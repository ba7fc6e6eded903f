import { describe, expect, it } from 'vitest';
import type { Job } from '@wattle/shared';
import { resultSummary } from './result-summary';

const job = (tool: string, inputs: number[], outputs: { size: number; pages?: number }[]) =>
  ({
    tool,
    inputs: inputs.map((size, i) => ({ filename: `in-${i}.pdf`, size })),
    outputs: outputs.map((o, i) => ({ id: `o${i}`, filename: `out-${i}.pdf`, size: o.size, pages: o.pages ?? null })),
  }) as unknown as Job;

describe('resultSummary', () => {
  it('says how much smaller a compressed PDF is, in the app’s units', () => {
    expect(resultSummary(job('compress', [1_352_663], [{ size: 163_840 }]))).toBe('1.29 MB → 160 KB, 88% smaller');
  });

  it('says when a PDF could not be made smaller', () => {
    expect(resultSummary(job('compress', [20_000], [{ size: 20_000 }]))).toBe('This PDF was already as small as it can be made (19.53 KB).');
  });

  it('counts the files a merge combined and the files a split made', () => {
    expect(resultSummary(job('merge', [10, 20, 30], [{ size: 50, pages: 7 }]))).toBe('3 PDFs combined into one of 7 pages');
    expect(resultSummary(job('split', [10], [{ size: 5 }, { size: 5 }]))).toBe('Split into 2 PDFs');
  });

  it('says nothing where the change is the result itself', () => {
    expect(resultSummary(job('rotate', [10], [{ size: 10 }]))).toBeUndefined();
  });
});
