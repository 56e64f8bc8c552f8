// What the Connect Accounts screen reads (docs/product.md §Connected accounts).
import type { SnapshotFrom } from 'xstate';
import type { Connection, ConnectPlatform } from '@/contract';
import type { connectAccountsMachine } from './connectAccounts.machine';

type Snapshot = SnapshotFrom<typeof connectAccountsMachine>;

export type CardState =
  | 'loading'
  | 'unconfigured'
  | 'completing'
  | 'idle'
  | 'redirecting'
  | 'connected'
  | 'consenting'
  | 'disconnecting'
  | 'error';

export const selectLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectLoadError = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null);

export function selectCard(
  snapshot: Snapshot,
  platform: ConnectPlatform,
): { state: CardState; connection: Connection | null; error: string | null } {
  const connection = snapshot.context.connections.find((c) => c.platform === platform) ?? null;
  const error = snapshot.context.errors[platform];
  if (!snapshot.matches('ready')) return { state: 'loading', connection, error: null };
  const states = [
    'unconfigured',
    'completing',
    'idle',
    'redirecting',
    'connected',
    'consenting',
    'disconnecting',
    'error',
  ] as const;
  const state = states.find((name) => snapshot.matches({ ready: { [platform]: name } })) ?? 'loading';
  return { state, connection, error };
}

/** Connected as far as the card shows (a disconnect in flight still shows the channel). */
export const selectConnected = (snapshot: Snapshot, platform: ConnectPlatform) => {
  const { state, connection } = selectCard(snapshot, platform);
  return (
    (state === 'connected' || state === 'consenting' || state === 'disconnecting' || state === 'error') &&
    connection?.account != null
  );
};

/**
 * The bot's consent switch (docs/product.md §Deliverables): shown on a connected card, on as stored, busy while sent,
 * offered only while connected (not mid-disconnect or after a failure there).
 */
export const selectBotConsent = (snapshot: Snapshot, platform: ConnectPlatform) => ({
  on: snapshot.context.botConsent[platform],
  busy: snapshot.matches({ ready: { [platform]: 'consenting' } }),
  enabled: snapshot.can({ type: `${platform}.consent`, consent: !snapshot.context.botConsent[platform] }),
});
