import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (standardwebhooks.com): the secret is `whsec_` and base64 of random bytes;
 * each delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`:
 * `v1,` and base64 of HMAC-SHA256 over `id.timestamp.body` keyed with the secret's bytes.
 */
const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export function webhookHeaders(secret: string, id: string, sentAt: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
