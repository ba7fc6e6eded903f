import type { RateLimit } from '../domain/rate-limit.ts';

/**
 * Requests allowed per client IP and per account (the email in the body) on each guarded auth
 * endpoint. Tests pass smaller numbers through the container overrides to reach them quickly.
 */
export interface AuthLimits {
  signIn: { ip: RateLimit; account: RateLimit };
  signUp: { ip: RateLimit; account: RateLimit };
  magicLink: { ip: RateLimit; account: RateLimit };
  passwordReset: { ip: RateLimit; account: RateLimit };
  verificationEmail: { ip: RateLimit; account: RateLimit };
  /** Two-factor codes and the password-checked two-factor changes; the account is the user, not an email. */
  twoFactor: { ip: RateLimit; account: RateLimit };
  /** Following links and tokens (verify, reset, magic link, OAuth start and callback), per IP. */
  links: { ip: RateLimit };
  /** Team invitation mails, sent or sent again: per inviter, per invited mailbox (any team) and per team. */
  invitation: { inviter: RateLimit; address: RateLimit; team: RateLimit };
}

const minutes = (n: number) => n * 60;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signIn: { ip: { max: 30, windowSeconds: minutes(15) }, account: { max: 10, windowSeconds: minutes(15) } },
  signUp: { ip: { max: 30, windowSeconds: minutes(60) }, account: { max: 5, windowSeconds: minutes(60) } },
  magicLink: { ip: { max: 20, windowSeconds: minutes(60) }, account: { max: 5, windowSeconds: minutes(15) } },
  passwordReset: { ip: { max: 20, windowSeconds: minutes(60) }, account: { max: 5, windowSeconds: minutes(15) } },
  verificationEmail: { ip: { max: 20, windowSeconds: minutes(60) }, account: { max: 3, windowSeconds: minutes(15) } },
  twoFactor: { ip: { max: 30, windowSeconds: minutes(15) }, account: { max: 10, windowSeconds: minutes(15) } },
  links: { ip: { max: 60, windowSeconds: minutes(15) } },
  invitation: { inviter: { max: 20, windowSeconds: minutes(60) }, address: { max: 3, windowSeconds: minutes(60) }, team: { max: 50, windowSeconds: minutes(60) } },
};

export type AuthLimitOverrides = { [K in keyof AuthLimits]?: Partial<AuthLimits[K]> };

export function resolveLimits(overrides: AuthLimitOverrides = {}): AuthLimits {
  const out = structuredClone(DEFAULT_AUTH_LIMITS);
  for (const [name, value] of Object.entries(overrides)) Object.assign(out[name as keyof AuthLimits], value);
  return out;
}
