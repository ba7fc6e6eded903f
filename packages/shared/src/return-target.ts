const FALLBACK = '/dashboard';

/**
 * Accepts only same-origin relative paths ("/x"). Refuses "//x", "/\x", schemes and encoded or
 * whitespace variants of these, which browsers would otherwise treat as another origin.
 */
export function sanitizeReturnTarget(target: unknown, fallback = FALLBACK): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  let decoded = target;
  // Decode repeatedly so "%2F%2Fevil" and double-encoded forms are judged as the browser would see them.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith('/')) return fallback;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  try {
    const base = 'https://same-origin.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
