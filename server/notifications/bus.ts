// The live bus: a notification stored for a user is pushed to every SSE connection of that user. In-memory here
// (one process, the embedded default); issue 18 adds PostgreSQL LISTEN/NOTIFY and Redis behind the same interface.
import type { Notification } from '../../contract/schemas/marketplace.ts';

export type BusListener = (notification: Notification) => void;

export interface Bus {
  publish(userId: string, notification: Notification): void;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: BusListener): () => void;
  /** Open subscriptions (for the benchmark and tests). */
  size(): number;
}

export function createMemoryBus(): Bus {
  const byUser = new Map<string, Set<BusListener>>();
  let count = 0;
  return {
    publish(userId, notification) {
      for (const listener of byUser.get(userId) ?? []) {
        try {
          listener(notification);
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
    size: () => count,
  };
}
