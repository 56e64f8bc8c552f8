// Connected accounts (docs/product.md §Connected accounts): the platforms a creator connects through OAuth, as plain data shared by the server
// and the dashboard.

export const CONNECT_PLATFORMS = ['twitch', 'youtube'] as const;
export type ConnectPlatform = (typeof CONNECT_PLATFORMS)[number];

export const PLATFORM_NAMES: Record<ConnectPlatform, string> = { twitch: 'Twitch', youtube: 'YouTube' };

/** What the server needs to connect a platform: shown on the card while it is not configured. */
export const PLATFORM_SETTINGS: Record<ConnectPlatform, readonly string[]> = {
  twitch: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
  youtube: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
};

/**
 * - `connected`: tokens held and valid as far as we know;
 * - `reconnect`: the provider refused the refresh token (revoked from its side): connect again.
 */
export const CONNECTION_STATUSES = ['connected', 'reconnect'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * Where our callback sends the browser back: `/connect-accounts?platform=<platform>&complete=<token>` (the signed-in
 * creator completes the connection with it) or `?platform=<platform>&error=<code>`, a code of CONNECT_ERRORS.
 */
export const CONNECT_RETURN_PATH = '/connect-accounts';

/**
 * Why the callback sent the browser back without a connection, the only values of `error=` on the way back (the
 * address bar is anyone's to write, so Connect Accounts shows its own message for each, and a generic one for
 * anything else; never text from the address):
 * - `denied`: the creator refused on the platform's consent page;
 * - `state_missing`: the platform came back without the attempt's `state`;
 * - `state_mismatch`: a `state` that is unknown, already used, or another platform's;
 * - `expired`: the attempt is older than its 10 minutes;
 * - `provider_error`: the platform answered another error (its own text is logged on the server, not passed on);
 * - `code_missing`: the platform came back without a code.
 */
export const CONNECT_ERRORS = [
  'denied',
  'state_missing',
  'state_mismatch',
  'expired',
  'provider_error',
  'code_missing',
] as const;
export type ConnectError = (typeof CONNECT_ERRORS)[number];
