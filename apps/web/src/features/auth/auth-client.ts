import { magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client on our own origin (/api/auth), with the magic-link endpoints. */
export const authClient = createAuthClient({ plugins: [magicLinkClient()] });
