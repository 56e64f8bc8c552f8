// What the notifications modal reads.
import type { SnapshotFrom } from 'xstate';
import type { CardPhase, notificationsMachine } from './notifications.machine';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectNotificationsOpen = (snapshot: Snapshot) => snapshot.matches('open');
/** Clear All is offered while the cards are listed. */
export const selectCanClearAll = (snapshot: Snapshot) => snapshot.can({ type: 'notifications.clearAll' });
export const selectCleared = (snapshot: Snapshot) => snapshot.matches({ open: 'cleared' });

/** What the view shows for card `index`: still visible, fading out, or gone. */
export function selectCardPhase(snapshot: Snapshot, index: number): CardPhase {
  if (index < snapshot.context.hidden) return 'hidden';
  if (index < snapshot.context.faded) return 'fading';
  return 'visible';
}
