import { Hono, type Context } from 'hono';
import { AppError, isErrorCode, type DetailsOf, type ErrorCode } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { appErrorResponse } from '../middleware/error-handler.ts';
import { notJson } from '../validate.ts';
import type { AppEnv } from '../types.ts';

/** better-auth's error codes (its `{ code, message }` bodies) in our catalogue's words. */
const CODE_FOR: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  // The signed-in person's own password, asked again (change password, delete account).
  INVALID_PASSWORD: 'PASSWORD_INCORRECT',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  EXPIRED_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  INVALID_EMAIL: 'VALIDATION_FAILED',
  PASSWORD_TOO_SHORT: 'VALIDATION_FAILED',
  PASSWORD_TOO_LONG: 'VALIDATION_FAILED',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  // Two-factor sign-in: a wrong code, a used backup code, or a code screen left past its time.
  INVALID_CODE: 'TWO_FACTOR_CODE_INCORRECT',
  INVALID_BACKUP_CODE: 'BACKUP_CODE_INCORRECT',
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_EXPIRED',
  // Teams (better-auth's organization plugin).
  ORGANIZATION_ALREADY_EXISTS: 'TEAM_SLUG_TAKEN',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'TEAM_SLUG_TAKEN',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: 'TEAM_LIMIT_REACHED',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'TEAM_LIMIT_REACHED',
  INVITATION_LIMIT_REACHED: 'TEAM_LIMIT_REACHED',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'ALREADY_IN_TEAM',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'ALREADY_INVITED',
  INVITATION_NOT_FOUND: 'INVITATION_UNUSABLE',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: 'INVITATION_FOR_ANOTHER_ADDRESS',
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: 'EMAIL_NOT_VERIFIED',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: 'TEAM_OWNER',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: 'TEAM_OWNER',
  // Someone not (or no longer) in the team learns nothing of it.
  MEMBER_NOT_FOUND: 'NOT_FOUND',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'NOT_FOUND',
  ORGANIZATION_NOT_FOUND: 'NOT_FOUND',
};

/** Anything else by its status. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/** A failed better-auth answer rebuilt in the API's one error envelope. */
async function asAppError(c: Context<AppEnv>, res: Response): Promise<Response> {
  const body = (await res.json().catch(() => null)) as { code?: unknown; details?: unknown } | null;
  const given = typeof body?.code === 'string' ? body.code : '';
  // Our guards already throw catalogue codes (RATE_LIMITED, VALIDATION_FAILED with field errors).
  const code = isErrorCode(given) ? given : (CODE_FOR[given] ?? codeForStatus(res.status));
  const details = isErrorCode(given) ? (body?.details as DetailsOf<ErrorCode>) : undefined;
  // The only headers of a refusal that still matter to the client: Retry-After and cookies.
  const answer = appErrorResponse(c, new AppError(code, details, { retryAfter: Number(res.headers.get('retry-after')) || undefined }));
  for (const cookie of res.headers.getSetCookie()) answer.headers.append('Set-Cookie', cookie);
  return answer;
}

/** better-auth answers a body that declares JSON and is not JSON with a 500; an empty body it takes. */
async function refuseBrokenJson(request: Request): Promise<void> {
  if (!request.headers.get('content-type')?.includes('application/json')) return;
  const text = await request.clone().text();
  if (text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch {
    throw notJson();
  }
}

/** better-auth answers everything under /api/auth (sign-in, sign-up, links, OAuth, session); its refusals get our envelope. */
export function authRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'POST'], '/auth/*', async (c) => {
    await refuseBrokenJson(c.req.raw);
    const res = await container.auth.handler(c.req.raw);
    return res.status >= 400 ? asAppError(c, res) : res;
  });
  return app;
}
