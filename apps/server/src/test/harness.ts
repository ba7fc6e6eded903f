import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '@wattle/db';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { composeContainer } from '../composition.ts';
import type { Container, ContainerOverrides } from '../container.ts';
import { createLogger } from '../adapters/logger.ts';
import type { StoredMail } from '../adapters/mailer.ts';

export const TEST_ORIGIN = 'http://localhost:3999';

export interface TestContext {
  container: Container;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** A browser-like client with its own cookie jar, sending our Origin on every request. */
  client(): TestClient;
  /** Mails the dev outbox received, newest first. */
  mails(to?: string): Promise<StoredMail[]>;
  close(): Promise<void>;
}

export interface TestClient {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  cookies: Map<string, string>;
}

/**
 * A whole app on a temp data dir. The database is an in-memory PGlite, or a fresh database on the
 * PostgreSQL in TEST_DATABASE_URL when set (the same tests then run on both).
 */
export async function createTestContext(env: Record<string, string> = {}, overrides: ContainerOverrides = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { database, dropDatabase } = await testDatabase(dataDir);
  const container = await composeContainer(config, { logger: createLogger('silent'), database, ...overrides });
  const app = createApp(container);

  return {
    container,
    app,
    dataDir,
    client: () => createClient(app),
    async mails(to) {
      const all = (await container.mailer.outbox?.list()) ?? [];
      return to ? all.filter((m) => m.to === to) : all;
    },
    async close() {
      await container.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function testDatabase(dataDir: string): Promise<{ database: DatabaseHandle; dropDatabase: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return { database: await createDatabase({ dataDir: 'memory://' }), dropDatabase: async () => {} };
  const name = `wattle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), dataDir, poolSize: 4 });
  return {
    database,
    dropDatabase: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function createClient(app: TestContext['app']): TestClient {
  return cookieJarClient((path, init) => Promise.resolve(app.request(path, init)));
}

/**
 * A browser-like client over any way of sending a request (the app in this process, or a socket):
 * it keeps the cookies it is given and those it is sent, and sends our Origin.
 */
export function cookieJarClient(send: (path: string, init: RequestInit) => Promise<Response>, cookies = new Map<string, string>()): TestClient {
  return {
    cookies,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await send(path, { ...init, headers, body });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return res;
    },
  };
}
