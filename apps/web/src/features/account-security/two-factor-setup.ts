/** The parts of two-factor setup that are plain text: the key for typing in, and the backup codes file. */

/** The base32 key inside an otpauth:// link, for people who cannot scan the QR code. */
export function secretFromTotpUri(totpUri: string): string {
  try {
    return new URL(totpUri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** The key in groups of four, as authenticator apps accept it and as it is easier to read aloud. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

export const BACKUP_CODES_FILENAME = 'wattle-pdf-backup-codes.txt';

/** The downloaded file: who the codes are for, how they work, one code a line. */
export function backupCodesText(codes: readonly string[], email: string): string {
  return [
    `Wattle PDF backup codes for ${email}`,
    'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}
