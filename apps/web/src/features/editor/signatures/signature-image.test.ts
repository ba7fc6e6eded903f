import { describe, expect, it } from 'vitest';
import { uploadProblem } from './signature-image';

describe('uploadProblem', () => {
  it('takes PNG, JPEG and WebP pictures up to 1 MiB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(uploadProblem({ type, size: 1024 * 1024 })).toBeNull();
  });

  it('refuses other kinds and larger files with a message to act on', () => {
    expect(uploadProblem({ type: 'image/gif', size: 10 })).toBe('Choose a PNG, JPEG or WebP image.');
    expect(uploadProblem({ type: 'application/pdf', size: 10 })).toBe('Choose a PNG, JPEG or WebP image.');
    expect(uploadProblem({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe('Choose an image of 1 MB or less.');
  });
});
