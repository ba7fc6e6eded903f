import { describe, expect, it } from 'vitest';
import type { DocumentItem, JobOutput } from '@wattle/shared';
import { addInputs, canMove, inputName, inputSize, outputInput, requestFor, sortByName, storedInput, uploadInput } from './inputs';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const document = (id: string, filename: string) => ({ id, filename, file_size: 20 }) as DocumentItem;
const output = (id: string, filename: string) => ({ id, filename, size: 30, contentType: 'application/pdf' }) as JobOutput;

describe('job inputs', () => {
  it('keep uploads, then stored documents, then earlier outputs, as the API takes them', () => {
    const inputs = addInputs([outputInput(output('o1', 'compressed.pdf'))], [storedInput(document('d1', 'lease.pdf')), uploadInput(file('scan.pdf'))]);
    expect(inputs.map(inputName)).toEqual(['scan.pdf', 'lease.pdf', 'compressed.pdf']);
    expect(inputs.map(inputSize)).toEqual([10, 20, 30]);
    expect(canMove(inputs, 0, 1)).toBe(false);
    const request = requestFor('merge', {}, inputs);
    expect(request.files.map((f) => f.name)).toEqual(['scan.pdf']);
    expect(request.fileIds).toEqual(['d1']);
    expect(request.outputIds).toEqual(['o1']);
  });

  it('sort A–Z by name within each kind, in the way people read numbers', () => {
    const inputs = [uploadInput(file('page 10.pdf')), uploadInput(file('Page 2.pdf')), uploadInput(file('appendix.pdf')), storedInput(document('d2', 'b.pdf')), storedInput(document('d1', 'a.pdf'))];
    expect(sortByName(inputs).map(inputName)).toEqual(['appendix.pdf', 'Page 2.pdf', 'page 10.pdf', 'a.pdf', 'b.pdf']);
  });
});
