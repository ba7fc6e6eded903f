/** Reading time as people say it: "0.4 s", "45 s", "3 min 20 s", "1 h 5 min". */
export function formatDuration(ms: number): string {
  // Tenths under ten seconds: a glance at a page is short, but not nothing.
  const tenths = Math.round(ms / 100);
  if (tenths > 0 && tenths < 100) return `${tenths % 10 ? (tenths / 10).toFixed(1) : tenths / 10} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}
