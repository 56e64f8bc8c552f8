// What the archived day's viewer reads.
import type { SnapshotFrom } from 'xstate';
import type { ArchiveEvent, ArchivedMessage } from '@/contract';
import type { archiveViewerMachine } from './archiveViewer.machine';

type Snapshot = SnapshotFrom<typeof archiveViewerMachine>;

/** One row of the viewer: a message, or a moderation mark or gap at its time. */
export type ViewerRow = { kind: 'message'; message: ArchivedMessage } | { kind: 'event'; event: ArchiveEvent };

/** Messages and events merged in time order (an event after the messages of the same millisecond). */
export function selectRows(snapshot: Snapshot): ViewerRow[] {
  const { messages, events } = snapshot.context;
  const rows: ViewerRow[] = [];
  let e = 0;
  for (const message of messages) {
    while (e < events.length && events[e]!.at < message.sentAt) rows.push({ kind: 'event', event: events[e++]! });
    rows.push({ kind: 'message', message });
  }
  while (e < events.length) rows.push({ kind: 'event', event: events[e++]! });
  return rows;
}

export const selectViewerLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectViewerError = (snapshot: Snapshot) => snapshot.context.error;
export const selectViewerFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectHasMore = (snapshot: Snapshot) => snapshot.context.next !== null;
export const selectLoadingMore = (snapshot: Snapshot) => snapshot.matches({ ready: 'more' });
export const selectViewerDay = (snapshot: Snapshot) => ({
  platform: snapshot.context.platform,
  date: snapshot.context.date,
  at: snapshot.context.at,
});
/** The stream shown (null for a day, or until its first page arrives). */
export const selectViewerStream = (snapshot: Snapshot) => snapshot.context.streamInfo;
