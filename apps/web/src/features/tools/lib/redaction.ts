import type { RedactionArea, RedactionMatch, RedactionPreset, RedactOptions } from '@wattle/shared';

/**
 * The redact tool's choices on its page, and the options they send. What to look for is typed one
 * item a line; the preview lists the matches, each ticked; when the person unticks some, the job
 * gets the ticked matches' boxes as areas (the engine then removes exactly those) instead of the
 * search, so what the preview showed is what is removed.
 */
export interface RedactionChoices {
  text: string;
  patterns: string;
  presets: RedactionPreset[];
  areas: RedactionArea[];
}

export interface RedactionPreview {
  /** The search the preview answered; a preview of another search is stale. */
  search: string;
  matches: (RedactionMatch & { keep: boolean })[];
  truncated: boolean;
}

export const EMPTY_CHOICES: RedactionChoices = { text: '', patterns: '', presets: [], areas: [] };

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Texts, patterns and presets, each left out when empty. */
export function searchOptions(choices: RedactionChoices): Omit<RedactOptions, 'areas'> {
  const text = lines(choices.text);
  const patterns = lines(choices.patterns);
  return { ...(text.length > 0 && { text }), ...(patterns.length > 0 && { patterns }), ...(choices.presets.length > 0 && { presets: choices.presets }) };
}

export const searchKey = (choices: RedactionChoices) => JSON.stringify(searchOptions(choices));

export const hasSearch = (choices: RedactionChoices) => Object.keys(searchOptions(choices)).length > 0;

/** A search needs a current preview before the redaction runs: the person sees every match first. */
export const needsPreview = (choices: RedactionChoices, preview: RedactionPreview | undefined) => hasSearch(choices) && preview?.search !== searchKey(choices);

export function redactOptions(choices: RedactionChoices, preview: RedactionPreview | undefined): RedactOptions {
  const areas = choices.areas;
  const current = preview && preview.search === searchKey(choices) ? preview : undefined;
  if (current && !current.truncated && current.matches.some((m) => !m.keep)) {
    const kept = current.matches.filter((m) => m.keep).flatMap((m) => m.boxes.map((box) => ({ page: m.page, ...roundBox(box) })));
    return { areas: [...areas, ...kept] };
  }
  return { ...searchOptions(choices), ...(areas.length > 0 && { areas }) };
}

const roundBox = (box: Omit<RedactionArea, 'page'>) => ({
  x: Math.floor(box.x * 100) / 100,
  y: Math.floor(box.y * 100) / 100,
  width: Math.max(1, Math.ceil(box.width * 100) / 100),
  height: Math.max(1, Math.ceil(box.height * 100) / 100),
});
