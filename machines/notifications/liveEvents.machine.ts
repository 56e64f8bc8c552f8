// The live events connection (docs/product.md §Offers, threads, notifications "Notifications"): a short-lived ticket, then the Server-Sent Events stream of
// the user's notifications; on any error the stream is closed and, after a growing wait, a new ticket resumes it from
// the last event received, so nothing is missed.
import { assign, setup } from 'xstate';
import type { Notification } from '@/contract';
import type { ArchiveSignal } from '@/contract/archive';
import { listener } from '../listener';
import { effect, service } from '../placeholders';
import { LIVE_RECONNECT_MS } from '../timing';

export interface LiveEventsContext {
  /** The id of the newest notification received (or listed before connecting): where a new connection resumes. */
  lastEventId: number | null;
  ticket: string | null;
  /** Failures in a row since the last connection that opened; chooses the wait before the next attempt. */
  failures: number;
}

/**
 * What the event source sends back: the stream opened, a notification arrived, a signal arrived (the archive grew: not
 * stored, nothing to resume from), the stream failed (it is closed then).
 */
export type LiveEventsEvent =
  | { type: 'live.open' }
  | { type: 'live.message'; notification: Notification }
  | { type: 'live.signal'; signal: ArchiveSignal }
  | { type: 'live.error' };

export interface EventSourceInput {
  ticket: string;
  lastEventId: number | null;
}

/** The wait before attempt n+1 after n failures in a row (1 s, 2 s, 5 s, 10 s, then 30 s). */
export function reconnectDelay(failures: number): number {
  return LIVE_RECONNECT_MS[Math.min(Math.max(failures, 1), LIVE_RECONNECT_MS.length) - 1]!;
}

export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
    input: {} as { lastEventId: number | null },
  },
  actors: {
    /** POST /api/events/ticket → the ticket. */
    eventsTicket: service<string>('eventsTicket'),
    /** GET /api/events?ticket=…&lastEventId=…: sends back the events above; closes the stream when stopped. */
    eventSource: listener<EventSourceInput>('eventSource'),
  },
  actions: {
    /** Hands a received notification to the app (the live hub). */
    publish: effect<{ notification: Notification }>('publish'),
    /** Hands a received signal to the app (the live hub's signal listeners: Archive Chat). */
    publishSignal: effect<{ signal: ArchiveSignal }>('publishSignal'),
    remember: assign({
      lastEventId: ({ context, event }) =>
        event.type === 'live.message' ? Math.max(context.lastEventId ?? 0, event.notification.id) : context.lastEventId,
    }),
  },
  delays: {
    reconnect: ({ context }) => reconnectDelay(context.failures),
  },
}).createMachine({
  id: 'liveEvents',
  context: ({ input }) => ({ lastEventId: input.lastEventId, ticket: null, failures: 0 }),
  initial: 'ticket',
  states: {
    ticket: {
      invoke: {
        id: 'eventsTicket',
        src: 'eventsTicket',
        onDone: { target: 'connected', actions: assign({ ticket: ({ event }) => event.output }) },
        onError: 'backoff',
      },
    },
    connected: {
      invoke: {
        id: 'eventSource',
        src: 'eventSource',
        input: ({ context }) => ({ ticket: context.ticket ?? '', lastEventId: context.lastEventId }),
      },
      on: {
        'live.message': {
          actions: ['remember', { type: 'publish', params: ({ event }) => ({ notification: event.notification }) }],
        },
        'live.signal': { actions: { type: 'publishSignal', params: ({ event }) => ({ signal: event.signal }) } },
        // The ticket is spent (it is good for one connection): leave, which closes the stream, and start over.
        'live.error': 'backoff',
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'live.open': 'open' },
        },
        open: {
          entry: assign({ failures: 0 }),
        },
      },
    },
    backoff: {
      entry: assign({ failures: ({ context }) => context.failures + 1, ticket: null }),
      after: { reconnect: 'ticket' },
    },
  },
});
