import { readAuthError } from '@/features/auth/lib/auth-errors';
import { ApiError } from '@/lib/api-client';

/**
 * Runs one of better-auth's organisation calls and answers its data, or throws its refusal as an
 * ApiError carrying the server's code and message (shown as they are).
 */
export async function orgCall<T>(run: () => Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await run();
  if (error) {
    const read = readAuthError(error);
    throw new ApiError({ code: read?.code ?? 'INTERNAL', status: read?.status ?? 0, message: read?.message || 'Something went wrong. Please try again.' });
  }
  // better-auth answers data whenever there is no error.
  return data as T;
}
