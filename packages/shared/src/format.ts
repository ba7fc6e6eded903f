const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec section 9 size display: base 1024, units Bytes to GB, at most two decimals ("1.5 MB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(2));
  return `${value} ${SIZE_UNITS[exponent]}`;
}

/** Australian cents as people read them: 1200 → "A$12.00", 1234567 → "A$12,345.67". */
export function formatAud(cents: number): string {
  return `A$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
