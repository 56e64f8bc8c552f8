// Connect Accounts (docs/product.md §Connected accounts): GET /api/connections, POST /api/connections/:platform/start (then the browser goes to
// the provider), POST /api/connections/:platform/complete, DELETE /api/connections/:platform and PUT
// /api/connections/:platform/bot (the chat bot's consent) with the session's jwt. The way back
// (/connect-accounts?platform=…&complete=… or ?platform=…&error=<code>) is read once; the screen takes it off the
// address bar. An error shows the product's own message for its code (contract CONNECT_ERRORS), never
// text from the address: anyone can send a creator a link to this page.
import { useMemo } from 'react';
import { isAppPath, RETURN_KEY } from './returnPath';
import { fromPromise } from 'xstate';
import type { Connection } from '@/contract';
import {
  CONNECT_ERRORS,
  CONNECT_PLATFORMS,
  PLATFORM_NAMES,
  type ConnectError,
  type ConnectPlatform,
} from '@/contract/connections';
import {
  connectAccountsMachine,
  type BotConsentAnswer,
  type ConnectReturn,
} from '@/machines/connections/connectAccounts.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type ConnectAccountsLogic = typeof connectAccountsMachine;

type Jwt = () => string | null;

export function connectAccountsActors(jwt: Jwt) {
  const start = (platform: ConnectPlatform) =>
    fromPromise<string, void>(
      async () =>
        (await (await api()).request('startConnection', { jwt: requireJwt(jwt()), params: { platform } })).url,
    );
  const complete = (platform: ConnectPlatform) =>
    fromPromise<Connection, { completion: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('completeConnection', {
            jwt: requireJwt(jwt()),
            params: { platform },
            json: { completion: input.completion },
          })
        ).connection,
    );
  const disconnect = (platform: ConnectPlatform) =>
    fromPromise<Connection, void>(
      async () =>
        (await (await api()).request('disconnect', { jwt: requireJwt(jwt()), params: { platform } })).connection,
    );
  const consent = (platform: ConnectPlatform) =>
    fromPromise<BotConsentAnswer, { consent: boolean }>(
      async ({ input }) =>
        await (
          await api()
        ).request('setBotConsent', { jwt: requireJwt(jwt()), params: { platform }, json: { consent: input.consent } }),
    );
  return {
    listConnections: fromPromise<Connection[], void>(
      async () => (await (await api()).request('listConnections', { jwt: requireJwt(jwt()) })).connections,
    ),
    twitchStart: start('twitch'),
    youtubeStart: start('youtube'),
    twitchComplete: complete('twitch'),
    youtubeComplete: complete('youtube'),
    twitchDisconnect: disconnect('twitch'),
    youtubeDisconnect: disconnect('youtube'),
    twitchBotConsent: consent('twitch'),
    youtubeBotConsent: consent('youtube'),
  };
}

export const connectAccountsActions = {
  redirect: (_args: unknown, { url }: { url: string }) => window.location.assign(url),
};

/** What the card says for each code the callback sends back (docs/user-guide.md §Connected accounts). */
const CONNECT_ERROR_MESSAGES: Record<ConnectError, (name: string) => string> = {
  denied: (name) => `You did not allow Castbridge on ${name}`,
  state_missing: (name) => `${name} sent you back without the connection's state: connect again`,
  state_mismatch: (name) => `This ${name} connection attempt is unknown or was already used: connect again`,
  expired: (name) => `This ${name} connection attempt expired: connect again`,
  provider_error: (name) => `${name} reported an error: connect again`,
  code_missing: (name) => `${name} sent you back without a code: connect again`,
};

/** The message for the way back's `error=`: a known code's own, anything else the generic one. */
export function connectErrorMessage(platform: ConnectPlatform, code: string): string {
  const name = PLATFORM_NAMES[platform];
  return (CONNECT_ERRORS as readonly string[]).includes(code)
    ? CONNECT_ERROR_MESSAGES[code as ConnectError](name)
    : `${name} did not connect: connect again`;
}

/** The way back in the address bar (`?platform=twitch&complete=…`, `?platform=twitch&error=<code>`). */
export function readConnectReturn(search: string): ConnectReturn & { present: boolean } {
  const query = new URLSearchParams(search);
  const platform = (CONNECT_PLATFORMS as readonly string[]).find((p) => p === query.get('platform')) as
    ConnectPlatform | undefined;
  const error = query.get('error');
  const completion = query.get('complete');
  return {
    platform: platform ?? null,
    // Without a platform no card shows it.
    error: error && platform ? connectErrorMessage(platform, error) : null,
    completion: completion && !error ? completion.slice(0, 200) : null,
    present: query.has('complete') || query.has('error'),
  };
}

/** `logic` (tests) replaces the API actors; the redirect is given either way. */
export function useConnectAccountsLogic(logic?: ConnectAccountsLogic): ConnectAccountsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? connectAccountsMachine.provide({ actors: connectAccountsActors(app.jwt) })).provide({
        actions: connectAccountsActions,
      }),
    [logic, app],
  );
}

/**
 * The way back to where the person came from: `?return=<path>` is remembered for the session (the platform's page
 * sends the browser back to /connect-accounts without it), read again on the platform's answer, and forgotten on a
 * visit of its own.
 */
export function rememberReturn(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
): string | null {
  const query = new URLSearchParams(search);
  const asked = query.get('return');
  try {
    if (isAppPath(asked)) {
      storage?.setItem(RETURN_KEY, asked);
      return asked;
    }
    if (readConnectReturn(search).present) {
      const kept = storage?.getItem(RETURN_KEY) ?? null;
      return isAppPath(kept) ? kept : null;
    }
    storage?.removeItem(RETURN_KEY);
  } catch {
    // Storage refused (private mode): the way back is the address's own, if any.
    return isAppPath(asked) ? asked : null;
  }
  return null;
}
