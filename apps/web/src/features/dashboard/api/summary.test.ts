import { describe, expect, it } from 'vitest';
import { megabytes } from './summary';

describe('megabytes', () => {
  it('shows MB with two decimals', () => {
    expect(megabytes(0)).toBe('0.00 MB');
    expect(megabytes(1_572_864)).toBe('1.50 MB');
    expect(megabytes(52428800)).toBe('50.00 MB');
    expect(megabytes(5243)).toBe('0.01 MB');
  });
});
