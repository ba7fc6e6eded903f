import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { composeContainer } from './composition.ts';
import { listen } from './http/server.ts';
import { startApiOnlyJobs, startWorker } from './jobs/worker.ts';
import { unavailableTools } from './services/tool-jobs/admission.ts';

async function main() {
  const config = loadConfig(process.env);
  const container = await composeContainer(config);
  const { logger } = container;
  const stops: Array<() => Promise<void>> = [];
  const unavailable = unavailableTools(container);
  logger[unavailable.length ? 'warn' : 'info']({ engines: container.engines(), unavailableTools: unavailable }, 'PDF engines found');

  if (config.APP_ROLES.includes('api')) {
    await container.queue.start();
    const app = createApp(container);
    const server = await listen(app.fetch, { port: config.PORT, hostname: config.HOST });
    const { port } = server.address() as AddressInfo;
    logger.info({ port, url: config.publicUrl, database: container.database.kind, storage: container.blobStore.kind }, 'Wattle PDF is listening');
    stops.push(() => new Promise<void>((done) => server.close(() => done())));
    if (!config.APP_ROLES.includes('worker')) stops.push(startApiOnlyJobs(container));
  }

  if (config.APP_ROLES.includes('worker')) {
    const worker = await startWorker(container);
    stops.push(() => worker.stop());
    logger.info({ roles: config.APP_ROLES }, 'worker started');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await container.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err?.name === 'DataDirLockedError') {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
