/** Time left until an output is deleted, as a clock: "59:12" under an hour, "23:59:12" above. */
export function formatCountdown(msRemaining: number): string {
  const total = Math.max(0, Math.ceil(msRemaining / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** The line shown under a result: "Deleted automatically in 59:12", or that it is gone. */
export function expiryText(expiresAt: string | number | Date, now: number): string {
  const remaining = new Date(expiresAt).getTime() - now;
  if (!(remaining > 0)) return 'Deleted automatically';
  return `Deleted automatically in ${formatCountdown(remaining)}`;
}

export function isExpired(expiresAt: string | number | Date, now: number): boolean {
  return !(new Date(expiresAt).getTime() - now > 0);
}
