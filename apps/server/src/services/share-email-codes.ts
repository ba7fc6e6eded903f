import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { normaliseEmail } from '../domain/email-address.ts';
import { addressAllowed } from '../domain/share-viewer.ts';
import { shareCodeMail } from '../mail/templates.ts';
import { countEmailCodeAttempt, findLatestEmailCode, insertEmailCode, useEmailCode } from '../repositories/share-email-codes.ts';
import type { ShareLinkRow } from '../repositories/share-links.ts';
import { companyRecord } from './company-info.ts';

/** A viewer confirms an address by a 6-digit code: it lives 10 minutes and takes 5 guesses. */
export const EMAIL_CODE_SECONDS = 10 * 60;
export const EMAIL_CODE_ATTEMPTS = 5;

/** Only a keyed hash is stored: a database reader cannot turn the 10^6 codes into a lookup table. */
const codeHash = (container: Pick<Ports, 'authSecret'>, linkId: string, email: string, code: string) =>
  createHmac('sha256', container.authSecret).update(`share-email-code\0${linkId}\0${email}\0${code}`).digest('base64url');

/** What the viewer wrote, tidied: where the code goes and the address the visit records. */
const writtenAddress = (email: string) => email.trim().toLowerCase();

/**
 * Mails a new code when the address may open the link; the caller answers the same either way. The
 * code is kept under the normalised address, so every spelling of one mailbox shares its codes and guesses.
 */
export function sendEmailCode(container: Pick<Ports, 'config' | 'clock' | 'db' | 'mail' | 'authSecret'>, link: ShareLinkRow, documentName: string, email: string): void {
  if (!addressAllowed(email, link.allowList, link.blockList)) return;
  const address = normaliseEmail(email);
  // Off the request path: the answer's timing does not tell whether a mail went out.
  container.mail.dispatch(async () => {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = container.clock.now();
    await insertEmailCode(container.db, {
      linkId: link.id,
      email: address,
      codeHash: codeHash(container, link.id, address, code),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_SECONDS * 1000),
    });
    const company = await companyRecord(container);
    const brand = { tradingName: company.tradingName, abn: company.abn, address: company.address, publicUrl: container.config.publicUrl };
    return { to: writtenAddress(email), ...shareCodeMail(brand, { code, documentName, expiresInSeconds: EMAIL_CODE_SECONDS }) };
  });
}

/** Uses the newest code sent to this mailbox for this link; EMAIL_CODE_INCORRECT when wrong, used, expired or out of guesses. */
export async function confirmEmailCode(container: Pick<Ports, 'clock' | 'db' | 'authSecret'>, linkId: string, email: string, code: string): Promise<string> {
  const address = normaliseEmail(email);
  const row = await findLatestEmailCode(container.db, linkId, address);
  const now = container.clock.now();
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= EMAIL_CODE_ATTEMPTS) throw new AppError('EMAIL_CODE_INCORRECT');
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(container, linkId, address, code.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await countEmailCodeAttempt(container.db, row.id);
    throw new AppError('EMAIL_CODE_INCORRECT');
  }
  if (!(await useEmailCode(container.db, row.id, now))) throw new AppError('EMAIL_CODE_INCORRECT');
  return writtenAddress(email);
}
