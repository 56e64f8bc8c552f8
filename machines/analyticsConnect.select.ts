// What the Analytics screen reads.
import type { SnapshotFrom } from 'xstate';
import type { AnalyticsTab, analyticsConnectMachine } from './analyticsConnect.machine';

type Snapshot = SnapshotFrom<typeof analyticsConnectMachine>;

export const selectConnected = (snapshot: Snapshot) => snapshot.matches('connected');
export const selectTab = (snapshot: Snapshot): AnalyticsTab => (snapshot.matches({ connected: { tab: 'youtube' } }) ? 'youtube' : 'twitch');

/** The under-construction warning: shown, fading out (300 ms), or gone. */
export function selectWarning(snapshot: Snapshot): 'shown' | 'fading' | 'gone' {
  if (snapshot.matches({ connected: { warning: 'gone' } })) return 'gone';
  if (snapshot.matches({ connected: { warning: 'fading' } })) return 'fading';
  return 'shown';
}
