import { describe, expect, it } from 'vitest';
import { touchWording } from './drop-wording';

describe('touchWording', () => {
  it('says "Tap to choose" where a mouse would drag and drop', () => {
    expect(touchWording('Drag and drop your PDFs here')).toBe('Tap to choose your PDFs');
    expect(touchWording('Drop your PDF file here')).toBe('Tap to choose your PDF file');
    expect(touchWording('Drop a PDF here to edit it')).toBe('Tap to choose a PDF to edit it');
    expect(touchWording('Drop JPEG or PNG files here')).toBe('Tap to choose JPEG or PNG files');
  });

  it('leaves other titles alone', () => {
    expect(touchWording('Add more files')).toBe('Add more files');
    expect(touchWording('Add more images')).toBe('Add more images');
  });
});
