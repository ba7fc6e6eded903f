import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import type { Database } from '@wattle/db';
import { AppError } from '@wattle/shared';
import { currentDb } from '../adapters/auth-database.ts';
import type { Clock } from '../adapters/clock.ts';
import type { MailDispatcher } from '../mail/dispatcher.ts';
import type { Brand } from '../mail/layout.ts';
import { accountDeletedMail, changeEmailMail, emailChangingMail } from '../mail/templates.ts';
import { findPasswordHash } from '../repositories/accounts.ts';
import { updateProfile } from '../repositories/profiles.ts';

/**
 * Erasing an account, given by the container (`services/account-deletion.ts`): auth does not import
 * services. `prepare` runs before the rows go (an AppError refuses the deletion) and returns the step
 * that erases the bytes once they are gone.
 */
export interface AccountErasure {
  prepare(person: { id: string; name: string; email: string }): Promise<() => Promise<void>>;
}

export interface AccountSecurityDeps {
  db: Database;
  eraseAccount: AccountErasure;
  clock: Clock;
  mail: MailDispatcher;
  brand: Brand;
  secret: string;
  onPublicUrl(pathAndQuery: string): string;
  authBasePath: string;
  linkSeconds: number;
}

/** A confirmed new address lands back on the Security tab. */
export const CHANGE_EMAIL_CALLBACK_PATH = `/auth/callback?link=change-email&next=${encodeURIComponent('/dashboard/settings?tab=security')}`;

/**
 * A change-email link carries a stamp of the password it was asked under: once the password changes
 * (the notice to the old address says to do that), a pending change no longer goes through.
 */
export function passwordStamp(secret: string, passwordHash: string | null): string {
  return createHmac('sha256', secret).update(`email-change:${passwordHash ?? ''}`).digest('base64url').slice(0, 22);
}

export function stampMatches(secret: string, passwordHash: string | null, presented: string): boolean {
  const expected = Buffer.from(passwordStamp(secret, passwordHash));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Person {
  id: string;
  email: string;
  name: string;
}

/**
 * Change email and delete account on better-auth's own endpoints. A change is confirmed at the new
 * address while the old one is told; a deletion is refused for a team owner, and otherwise erases the
 * bytes the person's rows named once the rows are gone, then mails a confirmation.
 */
export function accountSecurity(deps: AccountSecurityDeps) {
  const { mail, brand, onPublicUrl } = deps;
  /** The erasure prepared before a deletion, run after it; by user id. */
  const toErase = new Map<string, () => Promise<void>>();

  async function sendEmailChange(person: Pick<Person, 'id' | 'name'>, oldEmail: string, newEmail: string, token: string) {
    const stamp = passwordStamp(deps.secret, await findPasswordHash(currentDb(deps.db), person.id));
    const url = onPublicUrl(
      `${deps.authBasePath}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(CHANGE_EMAIL_CALLBACK_PATH)}&stamp=${stamp}`,
    );
    mail.dispatch(() => ({ to: newEmail, ...changeEmailMail(brand, { name: person.name, url, expiresInSeconds: deps.linkSeconds }) }));
    mail.dispatch(() => ({ to: oldEmail, ...emailChangingMail(brand, { name: person.name, newEmail, resetUrl: onPublicUrl('/auth/reset-password') }) }));
  }

  return {
    /**
     * better-auth sends an email change through the verification sender with the new address as the
     * user's; the token says it is a change (it carries `updateTo`). Anything else is a sign-up verification.
     */
    async changeOrVerify(input: { user: Person; token: string }, verify: (user: Person) => void): Promise<void> {
      const claims = await verifyJWT<{ email?: unknown; updateTo?: unknown }>(input.token, deps.secret);
      if (typeof claims?.email === 'string' && typeof claims.updateTo === 'string') return sendEmailChange(input.user, claims.email, claims.updateTo, input.token);
      verify(input.user);
    },

    /** The profile's email follows the account's once a new address is confirmed. */
    async afterEmailVerification(user: Person): Promise<void> {
      await updateProfile(currentDb(deps.db), user.id, { email: user.email }, deps.clock.now());
    },

    user: {
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        async beforeDelete(user: Person) {
          try {
            toErase.set(user.id, await deps.eraseAccount.prepare(user));
          } catch (err) {
            if (err instanceof AppError) throw new APIError(err.status as 409, { code: err.code, message: err.message });
            throw err;
          }
        },
        async afterDelete(user: Person) {
          const erase = toErase.get(user.id);
          toErase.delete(user.id);
          await erase?.();
          mail.dispatch(() => ({ to: user.email, ...accountDeletedMail(brand, { name: user.name }) }));
        },
      },
    },
  };
}
