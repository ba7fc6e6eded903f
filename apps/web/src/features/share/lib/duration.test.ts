import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('keeps a tenth of a second under ten seconds, so a short read never shows as nothing', () => {
    expect(formatDuration(400)).toBe('0.4 s');
    expect(formatDuration(9_440)).toBe('9.4 s');
    expect(formatDuration(9_960)).toBe('10 s');
  });

  it('says seconds, minutes and hours as people read them', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(44_600)).toBe('45 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(7_200_000)).toBe('2 h');
  });
});
