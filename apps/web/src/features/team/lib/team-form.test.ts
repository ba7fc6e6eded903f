import { describe, expect, it } from 'vitest';
import { TEAM_NAME_MAX, TEAM_SLUG_MAX } from '@wattle/shared';
import { slugFromName, teamFormErrors } from './team-form';

describe('slugFromName', () => {
  it('turns a team name into lower-case words joined by single hyphens', () => {
    expect(slugFromName('Harbourside Accounting')).toBe('harbourside-accounting');
    expect(slugFromName('  Smith & Co. — Newcastle NSW ')).toBe('smith-co-newcastle-nsw');
    expect(slugFromName('Café Öffnung')).toBe('cafe-offnung');
    expect(slugFromName('***')).toBe('');
  });

  it('keeps within the slug limit without a trailing hyphen', () => {
    const slug = slugFromName(`${'a'.repeat(TEAM_SLUG_MAX - 1)} bcd`);
    expect(slug).toBe('a'.repeat(TEAM_SLUG_MAX - 1));
    expect(slugFromName('word '.repeat(30)).length).toBeLessThanOrEqual(TEAM_SLUG_MAX);
  });
});

describe('teamFormErrors', () => {
  it('accepts a name and a well-formed slug', () => {
    expect(teamFormErrors({ name: 'Harbourside', slug: 'harbourside' })).toEqual({});
  });

  it('names each problem under its own field', () => {
    expect(teamFormErrors({ name: '  ', slug: '' })).toEqual({ name: 'Enter a team name', slug: 'Enter a short name' });
    expect(teamFormErrors({ name: 'x'.repeat(TEAM_NAME_MAX + 1), slug: 'Bad Slug' })).toEqual({
      name: `Use at most ${TEAM_NAME_MAX} characters`,
      slug: 'Use lower-case letters and digits, with single hyphens between words',
    });
    expect(teamFormErrors({ name: 'Ok', slug: 'a'.repeat(TEAM_SLUG_MAX + 1) }).slug).toBe(`Use at most ${TEAM_SLUG_MAX} characters`);
  });
});
