// Notifications (docs/spec.md §2 Notifications modal, §4 Notifications, §9; docs/product.md §Offers, threads, notifications): the user's notifications, loaded when the
// dashboard opens and kept live; "N new notifications" counts the unread ones, closing the modal marks them read, and
// Clear All fades the cards 100 ms apart (each hidden 1,500 ms after its fade starts), then clears them for good.
import { assign, raise, setup, stateIn } from 'xstate';
import type { Notification } from '@/contract';
import { listener } from '../listener';
import { service } from '../placeholders';
import { CARD_HIDE_AFTER_FADE_MS, CLEAR_ALL_STAGGER_MS, RELATIVE_TIME_TICK_MS } from '../timing';
import { errorText } from '../messages';

/** Whether `newer` replaces `older`: both unread notices of one offer's thread, `newer` the later one. */
export const supersedes = (newer: Notification, older: Notification) =>
  newer.type === 'thread.message' &&
  older.type === 'thread.message' &&
  newer.offerId !== null &&
  newer.offerId === older.offerId &&
  !older.read &&
  older.id < newer.id;

export interface NotificationsContext {
  /** The user's notifications, newest first. */
  notifications: Notification[];
  /** Unread notifications (the server's count, kept up to date here): "N new notifications" and the bell's dot. */
  unread: number;
  /** The newest card the running Clear All covers: it and every older card fade, then are cleared. */
  clearUpTo: number | null;
  /** How many cards the running Clear All fades. */
  count: number;
  /** Cards 0…faded-1 of those (newest first) have started fading. */
  faded: number;
  /** Cards 0…hidden-1 of those are hidden. */
  hidden: number;
  /** ms since the running Clear All began (its timeline moves in steps of the stagger). */
  elapsed: number;
  /** The server is marking read up to this id. */
  readUpTo: number | null;
  /** The server is clearing up to this id. */
  persistUpTo: number | null;
  /** The time relative times are shown against (ms since the epoch): set when the modal opens, then every minute. */
  now: number;
  loadError: string | null;
  clearError: string | null;
}

export type NotificationsEvent =
  | { type: 'notifications.open' }
  | { type: 'notifications.close' }
  | { type: 'notifications.clearAll' }
  | { type: 'notifications.retry' }
  /** A notification that arrived live (the hub); ignored when it is already listed. */
  | { type: 'notification.received'; notification: Notification }
  // Raised inside the machine: the modal asks the list to persist a read or a Clear All; the list tells how it went.
  | { type: 'list.markRead' }
  | { type: 'list.clear' }
  | { type: 'list.cleared' }
  | { type: 'list.clearFailed' };

export type CardPhase = 'visible' | 'fading' | 'hidden';

const newestId = (list: Notification[]) => list[0]?.id ?? null;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    /** GET /api/notifications. */
    listNotifications: service<{ notifications: Notification[]; unread: number }>('listNotifications'),
    /** POST /api/notifications/read. */
    readNotifications: service<{ unread: number }, { upTo: number }>('readNotifications'),
    /** POST /api/notifications/clear. */
    clearNotifications: service<{ unread: number }, { upTo: number }>('clearNotifications'),
    /** The live hub's notifications, sent back as `notification.received`. */
    liveFeed: listener('liveFeed'),
    /** The live events connection (machines/liveEvents.machine.ts), which publishes what it receives to the hub. */
    connection: listener<{ lastEventId: number | null }>('connection'),
  },
  delays: {
    stagger: CLEAR_ALL_STAGGER_MS,
    relativeTimeTick: RELATIVE_TIME_TICK_MS,
  },
  actions: {
    stamp: assign({ now: () => Date.now() }),
    resetClear: assign({ clearUpTo: null, count: 0, faded: 0, hidden: 0, elapsed: 0 }),
    // The first card starts fading at once.
    startClear: assign(({ context }) => ({
      clearUpTo: newestId(context.notifications),
      count: context.notifications.length,
      faded: 1,
      hidden: 0,
      elapsed: 0,
      clearError: null,
    })),
    // One stagger later: the next card starts fading, and from 1,500 ms on the next one hides (each card exactly
    // 1,500 ms after its fade began, the hide delay being a whole number of staggers).
    tick: assign(({ context }) => {
      const elapsed = context.elapsed + CLEAR_ALL_STAGGER_MS;
      return {
        elapsed,
        faded: Math.min(context.count, context.faded + 1),
        hidden: elapsed >= CARD_HIDE_AFTER_FADE_MS ? Math.min(context.count, context.hidden + 1) : context.hidden,
      };
    }),
    receive: assign(({ context, event }) => {
      if (event.type !== 'notification.received') return {};
      const { notification } = event;
      if (context.notifications.some((n) => n.id === notification.id)) return {};
      // A thread's unread notice stands for every message since it was read: the server replaces the earlier one
      // with it (docs/product.md §Threads), and so does this list, so the count stays one per thread.
      const replaced = context.notifications.filter((n) => supersedes(notification, n));
      const kept =
        replaced.length === 0 ? context.notifications : context.notifications.filter((n) => !replaced.includes(n));
      return {
        notifications: [notification, ...kept].sort((a, b) => b.id - a.id),
        unread: Math.max(0, context.unread - replaced.length) + (notification.read ? 0 : 1),
      };
    }),
    // Everything listed has been seen: read here at once, on the server up to the newest.
    markAllRead: assign(({ context }) => ({
      notifications: context.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      unread: 0,
      readUpTo: newestId(context.notifications),
    })),
    clearRefused: assign({
      persistUpTo: null,
      clearError: ({ event }) => ('error' in event ? errorText(event.error) : null),
    }),
    removeCleared: assign(({ context }) => {
      const upTo = context.persistUpTo ?? 0;
      const notifications = context.notifications.filter((n) => n.id > upTo);
      // What is left arrived after the cleared ones; their read flags are the count.
      return { notifications, unread: notifications.filter((n) => !n.read).length, persistUpTo: null };
    }),
  },
  guards: {
    allHidden: ({ context }) => context.hidden >= context.count,
    /** Cards to clear, and no earlier Clear All still on its way to the server (its cards stay hidden meanwhile). */
    canClearAll: ({ context }) => context.notifications.length > 0 && context.persistUpTo === null,
    hasUnread: ({ context }) => context.notifications.some((n) => !n.read),
    readPending: ({ context }) => context.readUpTo !== null,
    /** The modal's Clear All has faded its cards and waits for the server. */
    clearRequested: stateIn({ modal: { open: { cards: 'persisting' } } }),
    /** Try again is offered in the modal only. */
    modalOpen: stateIn({ modal: 'open' }),
  },
}).createMachine({
  id: 'notifications',
  context: {
    notifications: [],
    unread: 0,
    clearUpTo: null,
    count: 0,
    faded: 0,
    hidden: 0,
    elapsed: 0,
    readUpTo: null,
    persistUpTo: null,
    now: 0,
    loadError: null,
    clearError: null,
  },
  type: 'parallel',
  states: {
    // The user's notifications and what the server is told about them.
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'listNotifications',
            src: 'listNotifications',
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                notifications: event.output.notifications,
                unread: event.output.unread,
                loadError: null,
              })),
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
          },
        },
        failed: {
          on: { 'notifications.retry': { guard: 'modalOpen', target: 'loading' } },
        },
        // Live from here on: the connection resumes after the newest listed notification (0 when none was listed), so
        // none made between the list and the connection falls in between.
        ready: {
          invoke: [
            { id: 'liveFeed', src: 'liveFeed' },
            {
              id: 'connection',
              src: 'connection',
              input: ({ context }) => ({ lastEventId: newestId(context.notifications) ?? 0 }),
            },
          ],
          on: { 'notification.received': { actions: 'receive' } },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'list.markRead': { guard: 'readPending', target: 'marking' },
                'list.clear': { guard: 'clearRequested', target: 'clearing' },
              },
            },
            // A failed read is not shown: the next load lists them unread again. A Clear All that reaches the server
            // meanwhile goes ahead; the read already sent is not waited for.
            marking: {
              invoke: {
                id: 'readNotifications',
                src: 'readNotifications',
                input: ({ context }) => ({ upTo: context.readUpTo ?? 0 }),
                onDone: { target: 'idle', actions: assign({ readUpTo: null }) },
                onError: { target: 'idle', actions: assign({ readUpTo: null }) },
              },
              on: {
                'list.markRead': { guard: 'readPending', target: 'marking', reenter: true },
                'list.clear': { guard: 'clearRequested', target: 'clearing', actions: assign({ readUpTo: null }) },
              },
            },
            // A read asked for meanwhile (the modal closed with unread cards) is sent once the clear is through.
            clearing: {
              entry: assign({ persistUpTo: ({ context }) => context.clearUpTo }),
              invoke: {
                id: 'clearNotifications',
                src: 'clearNotifications',
                input: ({ context }) => ({ upTo: context.persistUpTo ?? 0 }),
                onDone: [
                  {
                    guard: 'readPending',
                    target: 'marking',
                    actions: ['removeCleared', raise({ type: 'list.cleared' })],
                  },
                  { target: 'idle', actions: ['removeCleared', raise({ type: 'list.cleared' })] },
                ],
                onError: [
                  {
                    guard: 'readPending',
                    target: 'marking',
                    actions: ['clearRefused', raise({ type: 'list.clearFailed' })],
                  },
                  { target: 'idle', actions: ['clearRefused', raise({ type: 'list.clearFailed' })] },
                ],
              },
            },
          },
        },
      },
    },
    // The modal's life cycle.
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'notifications.open': 'open' },
        },
        open: {
          type: 'parallel',
          entry: ['stamp', assign({ clearError: null })],
          // Closing stops a running Clear All: its cards show again next time (one the server is clearing stays hidden).
          exit: 'resetClear',
          on: {
            'notifications.close': [
              { guard: 'hasUnread', target: 'closed', actions: ['markAllRead', raise({ type: 'list.markRead' })] },
              { target: 'closed' },
            ],
          },
          states: {
            // Relative times ("5 min ago") are brought up to date while the modal shows them.
            clock: {
              initial: 'ticking',
              states: {
                ticking: {
                  after: { relativeTimeTick: { target: 'ticking', reenter: true, actions: 'stamp' } },
                },
              },
            },
            cards: {
              initial: 'listing',
              states: {
                listing: {
                  on: { 'notifications.clearAll': { guard: 'canClearAll', target: 'clearing', actions: 'startClear' } },
                },
                // One timeline: every 100 ms the next card starts fading and, from 1,500 ms on, the next one hides;
                // once the last is hidden the list is asked to clear them.
                clearing: {
                  always: { guard: 'allHidden', target: 'persisting', actions: raise({ type: 'list.clear' }) },
                  after: { stagger: { target: 'clearing', reenter: true, actions: 'tick' } },
                },
                // The cards are hidden; the list clears them on the server. A refusal shows them again with the error.
                persisting: {
                  on: {
                    'list.cleared': { target: 'listing', actions: 'resetClear' },
                    'list.clearFailed': { target: 'listing', actions: 'resetClear' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
