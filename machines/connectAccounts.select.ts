// What the Connect Accounts screen reads.
import type { SnapshotFrom } from 'xstate';
import type { connectAccountsMachine } from './connectAccounts.machine';

type Snapshot = SnapshotFrom<typeof connectAccountsMachine>;

export const selectConnected = (snapshot: Snapshot, platform: 'twitch' | 'youtube') =>
  platform === 'twitch' ? snapshot.matches({ twitch: 'connected' }) : snapshot.matches({ youtube: 'connected' });
