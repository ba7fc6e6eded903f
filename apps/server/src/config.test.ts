import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', publicUrl: 'http://localhost:3000', APP_ROLES: ['api', 'worker'], EXECUTION_POLICY: 'thread' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_ROLES: 'api,cron' })).toThrow(/APP_ROLES/);
    expect(() => loadConfig({ EXECUTION_POLICY: 'process' })).toThrow(/EXECUTION_POLICY/);
  });

  it('requires AUTH_SECRET in production with PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', AUTH_SECRET: 'x'.repeat(32) }).production).toBe(true);
  });

  it('enables a social provider only when both its id and secret are set', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', FACEBOOK_CLIENT_ID: 'only-id' });
    expect(Object.keys(c.oauth)).toEqual(['google']);
  });

  it('lets webhooks reach this machine only when WEBHOOK_ALLOW_LOOPBACK says so, in development as in production', () => {
    expect(loadConfig({}).WEBHOOK_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).WEBHOOK_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'true' }).WEBHOOK_ALLOW_LOOPBACK).toBe(true);
  });
});
