import { describe, expect, it } from 'vitest';
import { storedInput, uploadInput } from '@/features/jobs/lib/inputs';
import type { DocumentItem } from '@wattle/shared';
import { createRequest, editorPath, type CreateChoices } from './create-request';

const none: CreateChoices = {
  pageSize: 'Letter',
  blank: { pages: 3, orientation: 'landscape' },
  images: { inputs: [], crop: false },
  office: { inputs: [] },
  text: { typed: '', markdown: true, inputs: [] },
  documents: { inputs: [] },
};
const photo = (name: string) => uploadInput(new File(['x'], name, { type: 'image/jpeg' }));
const stored = (id: string) => storedInput({ id, filename: `${id}.pdf`, file_size: 1 } as DocumentItem);

describe('createRequest', () => {
  it('makes blank pages in the chosen size and orientation', () => {
    expect(createRequest('blank', none)).toEqual({ tool: 'blank-pdf', options: { pages: 3, pageSize: 'Letter', orientation: 'landscape' }, files: [], fileIds: [] });
  });

  it('refuses a page count outside 1 to 100', () => {
    for (const pages of [0, 101, 2.5, Number.NaN]) expect(createRequest('blank', { ...none, blank: { pages, orientation: 'portrait' } })).toBeNull();
  });

  it('sends images in their order, cropped to fill the page when asked', () => {
    const inputs = [photo('b.jpg'), photo('a.jpg')];
    const request = createRequest('images', { ...none, images: { inputs, crop: true } })!;
    expect(request.tool).toBe('image-to-pdf');
    expect(request.options).toEqual({ pageSize: 'Letter', fit: 'cover' });
    expect(request.files.map((f) => f.name)).toEqual(['b.jpg', 'a.jpg']);
    expect(createRequest('images', { ...none, images: { inputs, crop: false } })!.options).toMatchObject({ fit: 'contain' });
    expect(createRequest('images', none)).toBeNull();
  });

  it('turns typed text into a Markdown or plain text file', async () => {
    const markdown = createRequest('text', { ...none, text: { typed: '# Hello', markdown: true, inputs: [] } })!;
    expect(markdown.options).toEqual({ pageSize: 'Letter', format: 'markdown' });
    expect(markdown.files[0]!.name).toBe('document.md');
    expect(await markdown.files[0]!.text()).toBe('# Hello');
    const plain = createRequest('text', { ...none, text: { typed: 'Hello', markdown: false, inputs: [] } })!;
    expect(plain.options).toEqual({ pageSize: 'Letter', format: 'plain' });
    expect(plain.files[0]!.name).toBe('document.txt');
    expect(createRequest('text', { ...none, text: { typed: '  \n', markdown: true, inputs: [] } })).toBeNull();
  });

  it('prefers a chosen text file, read by its extension', () => {
    const file = uploadInput(new File(['# Notes'], 'notes.md'));
    const request = createRequest('text', { ...none, text: { typed: 'ignored', markdown: false, inputs: [file] } })!;
    expect(request.options).toEqual({ pageSize: 'Letter', format: 'auto' });
    expect(request.files.map((f) => f.name)).toEqual(['notes.md']);
  });

  it('merges two or more stored documents by id', () => {
    expect(createRequest('documents', { ...none, documents: { inputs: [stored('one')] } })).toBeNull();
    expect(createRequest('documents', { ...none, documents: { inputs: [stored('two'), stored('one')] } })).toEqual({ tool: 'merge', options: {}, files: [], fileIds: ['two', 'one'], outputIds: [] });
  });

  it('converts one Office file', () => {
    const doc = uploadInput(new File(['x'], 'letter.docx'));
    expect(createRequest('office', { ...none, office: { inputs: [doc] } })).toMatchObject({ tool: 'office-to-pdf', options: {}, fileIds: [] });
  });
});

describe('editorPath', () => {
  it('opens a stored document in the dashboard editor, an output in the public one', () => {
    expect(editorPath({ documentId: 'abc' })).toBe('/dashboard/edit/abc');
    expect(editorPath({ outputId: 'out 1' })).toBe('/tools/edit?output=out%201');
  });
});
