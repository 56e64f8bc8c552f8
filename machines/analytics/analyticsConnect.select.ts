// What the Analytics screen reads.
import type { SnapshotFrom } from 'xstate';
import { tabMissing, type AnalyticsTab, type analyticsConnectMachine } from './analyticsConnect.machine';

type Snapshot = SnapshotFrom<typeof analyticsConnectMachine>;

export const selectLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectNotConnected = (snapshot: Snapshot) => snapshot.matches('notConnected');
export const selectConnected = (snapshot: Snapshot) => snapshot.matches('connected');
export const selectTab = (snapshot: Snapshot): AnalyticsTab =>
  snapshot.matches({ connected: { tab: 'youtube' } }) ? 'youtube' : 'twitch';
export const selectData = (snapshot: Snapshot) => snapshot.context.data;
export const selectRange = (snapshot: Snapshot) => snapshot.context.range;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectReloading = (snapshot: Snapshot) => snapshot.matches({ connected: { figures: 'reloading' } });

/**
 * The under-construction warning on the tab shown: shown, fading out (300 ms), or gone (or not yet shown: that tab has
 * every figure; or never shown: nothing is missing).
 */
export function selectWarning(snapshot: Snapshot): 'shown' | 'fading' | 'gone' {
  if (!tabMissing(snapshot.context.data, selectTab(snapshot))) return 'gone';
  if (snapshot.matches({ connected: { warning: 'shown' } })) return 'shown';
  if (snapshot.matches({ connected: { warning: 'fading' } })) return 'fading';
  return 'gone';
}
