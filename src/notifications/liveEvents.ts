// The live events connection (docs/product.md §Offers, threads, notifications): POST /api/events/ticket, then the EventSource on GET /api/events, driven by
// the liveEvents statechart; what it receives goes to the live hub. Loaded lazily by ./notifications.ts.
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Notification } from '@/contract';
import type { ArchiveSignal } from '@/contract/archive';
import { endpoints } from '@/contract/endpoints';
import {
  liveEventsMachine,
  type EventSourceInput,
  type LiveEventsEvent,
} from '@/machines/notifications/liveEvents.machine';
import { API_HOST } from '@/src/config';
import { publishLive, publishSignal } from './liveHub';
import { api, requireJwt } from '../accounts/session';

export type LiveEventsLogic = typeof liveEventsMachine;

/** What the connection needs of an EventSource (the browser's, or a test's stand-in). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: 'notification' | 'archive', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceClass = new (url: string) => EventSourceLike;

/**
 * The stream (GET /api/events?ticket=…&lastEventId=…): opened, notifications and failures become the connection's
 * events; it is closed when the connection leaves it (after an error, or when the dashboard goes away).
 */
export function eventSourceLogic(Source?: EventSourceClass) {
  return fromCallback<EventObject, EventSourceInput>(({ sendBack, input }) => {
    const send = (event: LiveEventsEvent) => sendBack(event);
    const query = new URLSearchParams({ ticket: input.ticket });
    if (input.lastEventId !== null) query.set('lastEventId', String(input.lastEventId));
    const source = new (Source ?? (globalThis.EventSource as EventSourceClass))(
      `${API_HOST}${endpoints.events.path}?${query}`,
    );
    source.onopen = () => send({ type: 'live.open' });
    // EventSource would retry by itself with the spent ticket; the connection closes it and asks a new one instead.
    source.onerror = () => send({ type: 'live.error' });
    source.addEventListener('notification', (event) => {
      let notification: Notification;
      try {
        notification = JSON.parse(event.data) as Notification;
      } catch {
        return;
      }
      send({ type: 'live.message', notification });
    });
    // The archive grew (docs/product.md §Chat archive): a signal, not a notification.
    source.addEventListener('archive', (event) => {
      let signal: ArchiveSignal;
      try {
        signal = JSON.parse(event.data) as ArchiveSignal;
      } catch {
        return;
      }
      if (signal?.type === 'archive.updated') send({ type: 'live.signal', signal });
    });
    return () => source.close();
  });
}

/** The connection with its ticket call and stream; what it receives goes to the live hub. */
export function liveEventsLogic(jwt: () => string | null, Source?: EventSourceClass): LiveEventsLogic {
  return liveEventsMachine.provide({
    actors: {
      eventsTicket: fromPromise<string, void>(
        async () => (await (await api()).request('eventsTicket', { jwt: requireJwt(jwt()) })).ticket,
      ),
      eventSource: eventSourceLogic(Source),
    },
    actions: {
      publish: (_, { notification }) => publishLive(notification),
      publishSignal: (_, { signal }) => publishSignal(signal),
    },
  });
}

/** Starts the connection for the notifications machine's `connection` actor; stop() closes it. */
export function startLiveConnection(
  jwt: () => string | null,
  input: { lastEventId: number | null },
  Source?: EventSourceClass,
) {
  return createActor(liveEventsLogic(jwt, Source), { input }).start();
}
