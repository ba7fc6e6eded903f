/** "1 hour", "24 hours", "30 minutes": how long files are kept, from the API's limits. */
export function formatRetention(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
