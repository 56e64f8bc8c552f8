// What the bell and the notifications modal read.
import type { SnapshotFrom } from 'xstate';
import type { Notification } from '@/contract';
import type { CardPhase, notificationsMachine } from './notifications.machine';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectNotificationsOpen = (snapshot: Snapshot) => snapshot.matches({ modal: 'open' });
export const selectNotifications = (snapshot: Snapshot) => snapshot.context.notifications;
/** "N new notifications" and the bell's dot. */
export const selectUnread = (snapshot: Snapshot) => snapshot.context.unread;
export const selectNotificationsLoading = (snapshot: Snapshot) => snapshot.matches({ list: 'loading' });
export const selectLoadFailed = (snapshot: Snapshot) => snapshot.matches({ list: 'failed' });
export const selectLoadError = (snapshot: Snapshot) => snapshot.context.loadError;
export const selectClearError = (snapshot: Snapshot) => snapshot.context.clearError;
/** The time the modal's relative times (src/common/format formatRelative) are computed against. */
export const selectNow = (snapshot: Snapshot) => snapshot.context.now;
/** Clear All is offered while cards are listed and no Clear All is running. */
export const selectCanClearAll = (snapshot: Snapshot) => snapshot.can({ type: 'notifications.clearAll' });

/** What the view shows for a card: still visible, fading out, or gone. */
export function selectCardPhase(snapshot: Snapshot, notification: Notification): CardPhase {
  const { notifications, clearUpTo, persistUpTo, faded, hidden } = snapshot.context;
  if (persistUpTo !== null && notification.id <= persistUpTo) return 'hidden';
  if (clearUpTo === null || notification.id > clearUpTo) return 'visible';
  // Its place among the cards the Clear All covers (newest first), whatever arrived above them since.
  const index = notifications.filter((n) => n.id <= clearUpTo && n.id > notification.id).length;
  if (index < hidden) return 'hidden';
  if (index < faded) return 'fading';
  return 'visible';
}

/** "No notifications yet." once the list is loaded and no card is showing. */
export const selectNothingToShow = (snapshot: Snapshot) =>
  snapshot.matches({ list: 'ready' }) &&
  snapshot.context.notifications.every((n) => selectCardPhase(snapshot, n) === 'hidden');
