// Connect Accounts (issue 16): GET /api/connections, POST /api/connections/:platform/start (then the browser goes to
// the provider) and DELETE /api/connections/:platform with the session's jwt. The provider's way back
// (/connect-accounts?connected=… or ?platform=…&error=…) is read once; the screen takes it off the address bar.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Connection } from '@/contract';
import { CONNECT_PLATFORMS, type ConnectPlatform } from '@/contract/connections';
import { connectAccountsMachine, type ConnectReturn } from '@/machines/connectAccounts.machine';
import { api, requireJwt, useAppWiring } from './session';

export type ConnectAccountsLogic = typeof connectAccountsMachine;

type Jwt = () => string | null;

export function connectAccountsActors(jwt: Jwt) {
  const start = (platform: ConnectPlatform) =>
    fromPromise<string, void>(async () => (await (await api()).request('startConnection', { jwt: requireJwt(jwt()), params: { platform } })).url);
  const disconnect = (platform: ConnectPlatform) =>
    fromPromise<Connection, void>(async () => (await (await api()).request('disconnect', { jwt: requireJwt(jwt()), params: { platform } })).connection);
  return {
    listConnections: fromPromise<Connection[], void>(async () => (await (await api()).request('listConnections', { jwt: requireJwt(jwt()) })).connections),
    twitchStart: start('twitch'),
    youtubeStart: start('youtube'),
    twitchDisconnect: disconnect('twitch'),
    youtubeDisconnect: disconnect('youtube'),
  };
}

export const connectAccountsActions = {
  redirect: (_args: unknown, { url }: { url: string }) => window.location.assign(url),
};

/** The provider's answer in the address bar (`?connected=twitch`, `?platform=twitch&error=…`). */
export function readConnectReturn(search: string): ConnectReturn & { present: boolean } {
  const query = new URLSearchParams(search);
  const platform = (CONNECT_PLATFORMS as readonly string[]).find((p) => p === (query.get('platform') ?? query.get('connected'))) as ConnectPlatform | undefined;
  const error = query.get('error');
  return { platform: platform ?? null, error: error ? error.slice(0, 300) : null, present: query.has('connected') || query.has('error') };
}

/** `logic` (tests) replaces the API actors; the redirect is given either way. */
export function useConnectAccountsLogic(logic?: ConnectAccountsLogic): ConnectAccountsLogic {
  const app = useAppWiring();
  return useMemo(() => (logic ?? connectAccountsMachine.provide({ actors: connectAccountsActors(app.jwt) })).provide({ actions: connectAccountsActions }), [logic, app]);
}
