// Connect Accounts (docs/product.md §Connected accounts): GET /api/connections, POST /api/connections/:platform/start (then the browser goes to
// the provider), POST /api/connections/:platform/complete and DELETE /api/connections/:platform with the session's
// jwt. The way back (/connect-accounts?platform=…&complete=… or ?platform=…&error=…) is read once; the screen takes
// it off the address bar.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Connection } from '@/contract';
import { CONNECT_PLATFORMS, type ConnectPlatform } from '@/contract/connections';
import { connectAccountsMachine, type ConnectReturn } from '@/machines/connections/connectAccounts.machine';
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
  };
}

export const connectAccountsActions = {
  redirect: (_args: unknown, { url }: { url: string }) => window.location.assign(url),
};

/** The way back in the address bar (`?platform=twitch&complete=…`, `?platform=twitch&error=…`). */
export function readConnectReturn(search: string): ConnectReturn & { present: boolean } {
  const query = new URLSearchParams(search);
  const platform = (CONNECT_PLATFORMS as readonly string[]).find((p) => p === query.get('platform')) as
    ConnectPlatform | undefined;
  const error = query.get('error');
  const completion = query.get('complete');
  return {
    platform: platform ?? null,
    error: error ? error.slice(0, 300) : null,
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
