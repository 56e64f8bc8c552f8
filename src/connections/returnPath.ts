// The way back from Connect Accounts (issue 48 item 16): an offer that needs a channel links here with its own address,
// which Connect Accounts keeps across the platform's page. Its own module: offer cards link here without the
// connections flow.

/** Where a person came to Connect Accounts from (an offer that needs a channel), kept across the platform's page. */
export const RETURN_KEY = 'castbridge.connect.return';

/** A path inside the app (not another site): `/…`, never `//…` or a scheme. */
export const isAppPath = (path: string | null): path is string =>
  path !== null && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && path.length <= 300;

/** The address of Connect Accounts that comes back to `path` once a channel is connected (issue 48 item 16). */
export const connectAndReturn = (path: string) => `/connect-accounts?return=${encodeURIComponent(path)}`;
