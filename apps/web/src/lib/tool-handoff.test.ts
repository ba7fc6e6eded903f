import { describe, expect, it } from 'vitest';
import type { DocumentItem } from '@wattle/shared';
import { handedInputs, handoffState } from './tool-handoff';

describe('handedInputs', () => {
  it('turns handed files and documents into the tool page\'s inputs', () => {
    const file = new File(['%PDF-'], 'report.pdf', { type: 'application/pdf' });
    const document = { id: 'd1', filename: 'kept.pdf' } as DocumentItem;
    expect(handedInputs(handoffState({ files: [file] }))).toMatchObject([{ kind: 'upload', file }]);
    expect(handedInputs(handoffState({ documents: [document] }))).toMatchObject([{ kind: 'stored', document }]);
  });

  it('finds nothing in any other navigation state', () => {
    expect(handedInputs(null)).toEqual([]);
    expect(handedInputs({ continueWith: [] })).toEqual([]);
  });
});
