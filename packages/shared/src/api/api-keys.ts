import { z } from 'zod';
import { apiComponents, timestamp } from './components.ts';

/** Personal API keys (`/api/v1/keys`): made and revoked from a signed-in session only, never with a key. */

export const API_KEY_NAME_MAX = 100;
/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'wattle_';

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** `POST /api/v1/keys`. */
export const createApiKeySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Enter a name').max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`),
    expiresAt: z.iso
      .datetime({ offset: true, message: 'Enter a date and time' })
      .nullable()
      .optional()
      .meta({ description: 'When the key stops working; must be in the future. Null or left out: it never expires.' }),
  })
  .register(apiComponents, { id: 'CreateApiKey' });

export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart; the rest is never shown again.' }),
    status: z.enum(API_KEY_STATUSES),
    createdAt: timestamp(),
    expiresAt: timestamp().nullable(),
    lastUsedAt: timestamp().nullable(),
    revokedAt: timestamp().nullable(),
    usage: z.strictObject({
      jobs: z.int().nonnegative().meta({ description: 'Jobs submitted with the key.' }),
      pages: z.int().nonnegative().meta({ description: 'Pages in the outputs of those jobs that succeeded.' }),
    }),
  })
  .register(apiComponents, { id: 'ApiKey' });

export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to `POST /api/v1/keys`: the only time the secret is sent. */
export const createdApiKeySchema = apiKeySchema
  .extend({ secret: z.string().meta({ description: 'The whole key, shown once: send it as `Authorization: Bearer <secret>`.' }) })
  .register(apiComponents, { id: 'CreatedApiKey' });

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/v1/keys`: every key of the account, newest first (revoked ones included, marked). */
export const apiKeyListSchema = z.strictObject({ items: z.array(apiKeySchema) }).register(apiComponents, { id: 'ApiKeyList' });

export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/**
 * The curl example of the API page and docs/api/keys.md: merge two PDFs with a key, wait, read the
 * job, download the result. A test runs it as written against a real server.
 */
export function apiKeyCurlExample(origin: string): string {
  const auth = '-H "Authorization: Bearer $WATTLE_KEY"';
  return `export WATTLE_KEY='paste your key here'

# 1. Submit the job (202 with the job; its id is kept in JOB).
JOB=$(curl -s ${auth} -F tool=merge -F files=@a.pdf -F files=@b.pdf ${origin}/api/v1/jobs | jq -r .id)

# 2. Wait for it: the event stream ends when the job has finished.
curl -s ${auth} ${origin}/api/v1/jobs/$JOB/events > /dev/null

# 3. Get the job: "status": "succeeded", and its outputs with a downloadUrl each.
curl -s ${auth} ${origin}/api/v1/jobs/$JOB

# 4. Download the merged PDF.
curl -s ${auth} -o merged.pdf "${origin}$(curl -s ${auth} ${origin}/api/v1/jobs/$JOB | jq -r '.outputs[0].downloadUrl')"
`;
}
