// What the bell and the notifications modal read.
import type { SnapshotFrom } from 'xstate';
import type { Notification } from '@/contract';
import type { CardPhase, notificationsMachine } from './notifications.machine';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A card's time: "Just Now" for the last minute (SPEC §2), then "5 min ago", "2 h ago", "1 day ago", "3 days ago". */
export function relativeTime(createdAt: string, now: number): string {
  const elapsed = now - Date.parse(createdAt);
  // An unreadable date, or one a little ahead of this device's clock, reads as new.
  if (!(elapsed >= MINUTE)) return 'Just Now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export const selectNotificationsOpen = (snapshot: Snapshot) => snapshot.matches({ modal: 'open' });
export const selectNotifications = (snapshot: Snapshot) => snapshot.context.notifications;
/** "N new notifications" and the bell's dot. */
export const selectUnread = (snapshot: Snapshot) => snapshot.context.unread;
export const selectNotificationsLoading = (snapshot: Snapshot) => snapshot.matches({ list: 'loading' });
export const selectLoadFailed = (snapshot: Snapshot) => snapshot.matches({ list: 'failed' });
export const selectLoadError = (snapshot: Snapshot) => snapshot.context.loadError;
export const selectClearError = (snapshot: Snapshot) => snapshot.context.clearError;
/** The time the modal's relative times are computed against. */
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
  snapshot.matches({ list: 'ready' }) && snapshot.context.notifications.every((n) => selectCardPhase(snapshot, n) === 'hidden');
