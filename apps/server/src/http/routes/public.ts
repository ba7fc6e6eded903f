import { Hono } from 'hono';
import type { Container } from '../../container.ts';
import { companyRecord } from '../../services/company-info.ts';
import { devMailAvailable } from '../../services/dev-outbox.ts';
import type { AppEnv } from '../types.ts';

/** Routes anyone may call: health, the browser's capabilities, the company record. */
export function publicRoutes(container: Container) {
  const app = new Hono<AppEnv>();

  app.get('/health', async (c) => {
    const checks = await healthChecks(container);
    const ok = Object.values(checks).every((s) => s === 'up');
    // The runtime and database kind show a deploy runs what it should (Node 24, PostgreSQL in production).
    const runtime = { node: process.versions.node, databaseKind: container.database.kind };
    return c.json({ status: ok ? 'ok' : 'degraded', version: container.version, ...runtime, ...checks, engines: container.engines?.() ?? {} }, ok ? 200 : 503);
  });

  app.get('/config', (c) =>
    c.json({
      version: container.version,
      socialProviders: Object.keys(container.config.oauth),
      devMail: devMailAvailable(container),
    }),
  );

  app.get('/company-info', async (c) => {
    const row = await companyRecord(container);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({
      company_name: row.companyName,
      trading_name: row.tradingName,
      abn: row.abn,
      address: row.address,
      email_support: row.emailSupport,
      email_complaints: row.emailComplaints,
      email_sales: row.emailSales,
    });
  });

  return app;
}

async function healthChecks(container: Container): Promise<Record<string, 'up' | 'down'>> {
  const [database, storage] = await Promise.all([
    container.database.ping(),
    container.blobStore ? container.blobStore.ping() : Promise.resolve(true),
  ]);
  return { database: database ? 'up' : 'down', storage: storage ? 'up' : 'down' };
}
