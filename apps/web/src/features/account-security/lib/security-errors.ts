import { readAuthError } from '@/features/auth/lib/auth-errors';

/** The server's code for a refusal from better-auth's account endpoints (see the API's error envelope). */
export const errorCodeOf = (error: unknown): string | undefined => readAuthError(error)?.code;

export const SECURITY_MESSAGES = {
  currentPasswordIncorrect: 'Your current password is not correct.',
  passwordIncorrect: 'That password is not correct.',
  sameEmail: 'This is already your email address.',
  teamOwner: 'You own a team. Transfer or delete your team first.',
} as const;
