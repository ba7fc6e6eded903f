/** Fixed, so a caller's PATH (version managers, shims, odd local installs) never picks an engine. */
export const SAFE_PATH = '/usr/local/bin:/usr/bin:/bin';
