// The live bus: a notification stored for a user is pushed to every SSE connection of that user. In-memory here
// (one process, the embedded default); issue 18 adds PostgreSQL LISTEN/NOTIFY and Redis behind the same interface.
import type { Notification } from '../../contract/schemas/marketplace.ts';

export type BusListener<T = Notification> = (message: T) => void;

/** Messages of type T addressed to a user: notifications, or the overlay's state (server/overlay/hub.ts). */
export interface Bus<T = Notification> {
  publish(userId: string, message: T): void;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: BusListener<T>): () => void;
  /** Whether any listener of this user is subscribed (to skip work nobody would receive). */
  has(userId: string): boolean;
  /** The users with listeners. */
  users(): IterableIterator<string>;
  /** Open subscriptions (for the benchmark and tests). */
  size(): number;
}

export function createMemoryBus<T = Notification>(): Bus<T> {
  const byUser = new Map<string, Set<BusListener<T>>>();
  let count = 0;
  return {
    publish(userId, message) {
      for (const listener of byUser.get(userId) ?? []) {
        try {
          listener(message);
        } catch {
          // one broken connection must not stop the others
        }
      }
    },
    subscribe(userId, listener) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      count += 1;
      return () => {
        if (set.delete(listener)) count -= 1;
        if (set.size === 0) byUser.delete(userId);
      };
    },
    has: (userId) => byUser.has(userId),
    users: () => byUser.keys(),
    size: () => count,
  };
}
