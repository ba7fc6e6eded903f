import type { ChildProcess } from 'node:child_process';

/**
 * One browser against an app a bench started: its own address (X-Forwarded-For, which the app trusts
 * there) and its own cookies, so each one is a separate visitor, account and rate-limit key.
 */
export function browser(origin: string, address: string) {
  const cookies = new Map<string, string>();
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', address);
    headers.set('origin', origin);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(origin + path, { redirect: 'manual', ...init, headers });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
}

export type Browser = ReturnType<typeof browser>;

/** Waits for the app's health check to answer, failing at once if its process stops. */
export async function waitForHealth(origin: string, server: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server stopped while starting');
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start within ${timeoutMs / 1000} s`);
}
