import { TEAM_NAME_MAX, TEAM_SLUG_MAX, TEAM_SLUG_PATTERN } from '@wattle/shared';

/** A short name from the team's name: "Smith & Co. Newcastle" → "smith-co-newcastle". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEAM_SLUG_MAX)
    .replace(/-+$/, '');
}

export type TeamFormErrors = Partial<Record<'name' | 'slug', string>>;

/** The create and rename forms' checks, the same limits the server applies. */
export function teamFormErrors({ name, slug }: { name: string; slug: string }): TeamFormErrors {
  const errors: TeamFormErrors = {};
  if (!name.trim()) errors.name = 'Enter a team name';
  else if (name.trim().length > TEAM_NAME_MAX) errors.name = `Use at most ${TEAM_NAME_MAX} characters`;
  if (!slug) errors.slug = 'Enter a short name';
  else if (slug.length > TEAM_SLUG_MAX) errors.slug = `Use at most ${TEAM_SLUG_MAX} characters`;
  else if (!TEAM_SLUG_PATTERN.test(slug)) errors.slug = 'Use lower-case letters and digits, with single hyphens between words';
  return errors;
}
