// The live notifications hub (docs/product.md §Offers, threads, notifications): the events connection (src/services/notifications.ts) publishes every
// notification it receives; the notifications modal and any screen that refreshes on news (the offers) subscribe.
import type { Notification } from '@/contract';
import type { ArchiveSignal } from '@/contract/archive';

export type LiveListener = (notification: Notification) => void;

const listeners = new Set<{ listener: LiveListener }>();

/** Calls `listener` with every live notification until the returned function is called. */
export function subscribeLive(listener: LiveListener): () => void {
  const entry = { listener };
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}

/** Hands a notification to every subscriber; one failing subscriber does not stop the others. */
export function publishLive(notification: Notification): void {
  for (const { listener } of [...listeners]) {
    try {
      listener(notification);
    } catch (error) {
      console.error(error);
    }
  }
}

export type SignalListener = (signal: ArchiveSignal) => void;

const signalListeners = new Set<{ listener: SignalListener }>();

/** Calls `listener` with every live signal (the archive grew: docs/product.md §Chat archive) until the returned function is called. */
export function subscribeSignals(listener: SignalListener): () => void {
  const entry = { listener };
  signalListeners.add(entry);
  return () => {
    signalListeners.delete(entry);
  };
}

/** Hands a signal to every subscriber; one failing subscriber does not stop the others. */
export function publishSignal(signal: ArchiveSignal): void {
  for (const { listener } of [...signalListeners]) {
    try {
      listener(signal);
    } catch (error) {
      console.error(error);
    }
  }
}
