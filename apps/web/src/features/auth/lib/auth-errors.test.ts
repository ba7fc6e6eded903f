import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage, callbackErrorMessage, serverFieldErrors, signInToastTitle, signUpErrorMessage } from './auth-errors.ts';

/** better-auth's client error for a refusal: the JSON body spread next to the status. */
const refusal = (code: string, status: number, message = 'From the server', details?: unknown) => ({
  error: { code, message, requestId: 'req-1', ...(details !== undefined && { details }) },
  status,
  statusText: 'Refused',
});

describe('sign-in message mapping (spec section 8)', () => {
  it.each([
    // The spec's own keys, as the hosted auth service worded them.
    [{ message: 'Invalid login credentials' }, 'The email or password you entered is incorrect. Please try again.'],
    [{ message: 'Email not confirmed' }, 'Please verify your email address before signing in. Check your inbox for the verification email.'],
    [{ message: 'User not found' }, 'No account found with this email address. Would you like to sign up instead?'],
    [{ message: 'Too many requests' }, 'Too many login attempts. Please try again in a few minutes.'],
    [{ message: 'Email link is invalid or has expired' }, 'The login link has expired. Please request a new one.'],
    [{ message: 'Password is too short' }, 'Password must be at least 6 characters long.'],
    [{ message: 'Email rate limit exceeded' }, 'Please wait a moment before trying again.'],
    // Our server's catalogue codes, in the API's envelope as better-auth's client hands it over.
    [refusal('INVALID_CREDENTIALS', 401), AUTH_MESSAGES.invalidCredentials],
    [refusal('EMAIL_NOT_VERIFIED', 403), AUTH_MESSAGES.emailNotConfirmed],
    [refusal('RATE_LIMITED', 429, 'Please wait a moment before trying again.'), AUTH_MESSAGES.tooManyRequests],
    [refusal('INVALID_TOKEN', 400), AUTH_MESSAGES.linkExpired],
  ])('maps %o', (error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });

  it('shows any other message as received', () => {
    expect(authErrorMessage(refusal('FORBIDDEN', 403, 'You are not allowed to do that.'))).toBe('You are not allowed to do that.');
  });

  it('answers an unexpected exception or server fault with the generic text', () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe('An unexpected error occurred. Please try again later.');
    expect(authErrorMessage(refusal('INTERNAL', 500, 'An unexpected error occurred. Please try again later.'))).toBe(AUTH_MESSAGES.unexpected);
    expect(authErrorMessage(undefined)).toBe(AUTH_MESSAGES.unexpected);
    expect(authErrorMessage({ status: 400 })).toBe(AUTH_MESSAGES.unexpected);
  });

  it('says "wait a moment" for a 429 outside sign-in', () => {
    expect(authErrorMessage(refusal('RATE_LIMITED', 429), 'request')).toBe('Please wait a moment before trying again.');
    expect(authErrorMessage({ message: 'Too many requests' }, 'request')).toBe('Too many login attempts. Please try again in a few minutes.');
  });

  it('titles the toast "Email Verification Required" only for an unconfirmed address', () => {
    expect(signInToastTitle(refusal('EMAIL_NOT_VERIFIED', 403))).toBe('Email Verification Required');
    expect(signInToastTitle({ message: 'Email not confirmed' })).toBe('Email Verification Required');
    expect(signInToastTitle(refusal('INVALID_CREDENTIALS', 401))).toBe('Sign In Failed');
  });
});

describe('sign-up messages', () => {
  it('turns a database error or server fault into the spec sentence', () => {
    expect(signUpErrorMessage({ message: 'Database error saving new user', status: 400 })).toBe('There was an issue creating your account. Please try again later.');
    expect(signUpErrorMessage(refusal('INTERNAL', 500))).toBe('There was an issue creating your account. Please try again later.');
  });

  it('passes other messages through', () => {
    expect(signUpErrorMessage(refusal('RATE_LIMITED', 429))).toBe('Please wait a moment before trying again.');
    expect(signUpErrorMessage(refusal('VALIDATION_FAILED', 400, 'Some fields are not valid.'))).toBe('Some fields are not valid.');
  });
});

describe('callback errors', () => {
  it('names expired links and falls back to "Authentication failed"', () => {
    expect(callbackErrorMessage('INVALID_TOKEN')).toBe('The login link has expired. Please request a new one.');
    expect(callbackErrorMessage('token_expired')).toBe('The login link has expired. Please request a new one.');
    expect(callbackErrorMessage('state_mismatch')).toBe('Authentication failed');
    expect(callbackErrorMessage(null)).toBe('Authentication failed');
  });
});

describe('server field errors', () => {
  it('takes the first message per field and renames fields to the form', () => {
    const error = refusal('VALIDATION_FAILED', 400, 'Some fields are not valid.', { fieldErrors: { name: ['Full name must be at least 2 characters'], password: ['A', 'B'] } });
    expect(serverFieldErrors(error, { name: 'fullName' })).toEqual({ fullName: 'Full name must be at least 2 characters', password: 'A' });
    expect(serverFieldErrors(refusal('BAD_REQUEST', 400))).toEqual({});
  });
});
