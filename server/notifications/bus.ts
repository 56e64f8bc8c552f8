// The live bus: a notification stored for a user is pushed to every SSE connection of that user. In-memory here
// (one process, the embedded default); docs/product.md §Several instances adds PostgreSQL LISTEN/NOTIFY and Redis behind the same interface
// (server/notifications/cluster-bus.ts). Pushes from other instances can be lost while the cluster's transport is down: then every
// subscription is told (`resync`) and reads what it missed itself.
import type { ArchiveSignal } from '../../contract/archive.ts';
import type { Notification } from '../../contract/schemas/marketplace.ts';

/** What the live events stream carries: stored notifications, and signals that are not stored (the archive grew). */
export type LiveMessage = Notification | ArchiveSignal;

/** A notification has an id (the stream's event id); a signal has none. */
export const isNotification = (message: LiveMessage): message is Notification => 'id' in message;

export type BusListener<T = LiveMessage> = (message: T) => void;

/** Messages of type T addressed to a user: notifications and signals, or the overlay's state (server/overlay/hub.ts). */
export interface Bus<T = LiveMessage> {
  publish(userId: string, message: T): void;
  /**
   * Returns the unsubscribe function. `resync` is called when pushes may have been lost (the cluster's transport
   * reconnected): the subscriber reads what it missed from the database.
   */
  subscribe(userId: string, listener: BusListener<T>, resync?: () => void): () => void;
  /** Calls every subscription's `resync`. */
  resync(): void;
  /** Whether any listener of this user is subscribed (to skip work nobody would receive). */
  has(userId: string): boolean;
  /** The users with listeners. */
  users(): IterableIterator<string>;
  /** Open subscriptions (for the benchmark and tests). */
  size(): number;
}

interface Subscription<T> {
  listener: BusListener<T>;
  resync?: () => void;
}

export function createMemoryBus<T = LiveMessage>(): Bus<T> {
  const byUser = new Map<string, Set<Subscription<T>>>();
  let count = 0;
  return {
    publish(userId, message) {
      for (const { listener } of byUser.get(userId) ?? []) {
        try {
          listener(message);
        } catch {
          // one broken connection must not stop the others
        }
      }
    },
    subscribe(userId, listener, resync) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      const subscription: Subscription<T> = { listener, ...(resync ? { resync } : {}) };
      set.add(subscription);
      count += 1;
      return () => {
        if (set.delete(subscription)) count -= 1;
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    resync() {
      for (const set of byUser.values()) {
        for (const { resync } of set) {
          try {
            resync?.();
          } catch {
            // as above
          }
        }
      }
    },
    has: (userId) => byUser.has(userId),
    users: () => byUser.keys(),
    size: () => count,
  };
}
