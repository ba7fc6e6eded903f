import { describe, expect, it } from 'vitest';
import { guestRedirectFor, loginRedirectFor, returnTargetFrom } from './redirects.ts';

describe('loginRedirectFor', () => {
  it('remembers the requested path, query and hash as ?next=', () => {
    expect(loginRedirectFor({ pathname: '/dashboard' })).toBe('/auth/login?next=%2Fdashboard');
    const url = loginRedirectFor({ pathname: '/dashboard/documents', search: '?upload=true', hash: '#top' });
    expect(new URLSearchParams(url.split('?')[1]).get('next')).toBe('/dashboard/documents?upload=true#top');
  });

  it('round-trips through returnTargetFrom', () => {
    const url = loginRedirectFor({ pathname: '/dashboard/documents', search: '?upload=true' });
    expect(returnTargetFrom(url.slice(url.indexOf('?')))).toBe('/dashboard/documents?upload=true');
  });
});

describe('returnTargetFrom', () => {
  it('falls back to /dashboard when there is no target', () => {
    expect(returnTargetFrom('')).toBe('/dashboard');
  });

  it.each(['?next=//evil.example', '?next=https://evil.example', '?next=%2F%2Fevil.example', '?next=/%5Cevil.example', '?next=javascript:alert(1)'])(
    'refuses an off-site target %s',
    (search) => {
      expect(returnTargetFrom(search)).toBe('/dashboard');
    },
  );
});

describe('guestRedirectFor', () => {
  it('lets guests through every auth screen', () => {
    expect(guestRedirectFor({ pathname: '/auth/login' }, false)).toBeNull();
    expect(guestRedirectFor({ pathname: '/auth/signup' }, false)).toBeNull();
  });

  it.each(['/auth/login', '/auth/signup', '/auth/magic-link', '/auth/verify-email', '/auth/update-password'])(
    'sends a signed-in user from %s to /dashboard',
    (pathname) => {
      expect(guestRedirectFor({ pathname }, true)).toBe('/dashboard');
    },
  );

  it('sends a signed-in user to the remembered return target', () => {
    expect(guestRedirectFor({ pathname: '/auth/login', search: '?next=%2Fdashboard%2Fsettings' }, true)).toBe('/dashboard/settings');
    expect(guestRedirectFor({ pathname: '/auth/login', search: '?next=//evil.example' }, true)).toBe('/dashboard');
  });

  it('keeps reset-password and the callback reachable when signed in', () => {
    expect(guestRedirectFor({ pathname: '/auth/reset-password' }, true)).toBeNull();
    expect(guestRedirectFor({ pathname: '/auth/callback', search: '?next=/auth/update-password' }, true)).toBeNull();
  });
});
