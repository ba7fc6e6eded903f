import type { Config } from './config.ts';
import { createContainer, type Container, type ContainerOverrides, type Wiring } from './container.ts';
import { JOB_DEFINITIONS } from './jobs/definitions/index.ts';
import { queueSettings } from './jobs/job-definition.ts';
import { accountErasure } from './services/account-deletion.ts';
import { countHits } from './services/rate-limit.ts';
import { WEBHOOK_RETRY_SECONDS } from './services/webhook-delivery.ts';

/**
 * The one place that knows every layer: the job list's queues, the webhook retries and the services
 * auth is given are handed to the container here, so no lower layer imports upward (decision 143).
 */
const WIRING: Wiring = {
  queues: queueSettings(JOB_DEFINITIONS),
  webhookRetrySeconds: WEBHOOK_RETRY_SECONDS,
  countHit: (ports) => (key, limit) => countHits(ports, key, limit),
  eraseAccount: accountErasure,
};

/** The container main.ts starts (and the tests build): every port, with the job list and auth wired in. */
export const composeContainer = (config: Config, overrides: ContainerOverrides = {}): Promise<Container> => createContainer(config, WIRING, overrides);
