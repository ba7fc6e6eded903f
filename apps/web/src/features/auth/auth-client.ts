import { magicLinkClient, organizationClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { WEB_CLIENT_HEADER } from '@wattle/shared';

/** better-auth's browser client on our own origin (/api/auth), with the magic-link, organisation (team) and two-factor endpoints. */
export const authClient = createAuthClient({
  plugins: [magicLinkClient(), organizationClient(), twoFactorClient()],
  fetchOptions: { headers: { [WEB_CLIENT_HEADER]: '1' } },
});
