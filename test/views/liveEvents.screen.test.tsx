// The live events connection (docs/product.md §Offers, threads, notifications "Notifications", §Chat archive),
// replayed along liveEvents' recorded paths on the real dashboard shell with Archive Chat open: once the notifications
// are listed a ticket is asked, then the stream opens on it from the newest listed notification; a notification it
// sends raises the bell's count, an archive signal has Archive Chat read its list again; an error closes the stream and,
// after the wait, asks a new ticket. The connection itself shows nothing: its states are what it asked and opened.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, expect, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import type { ArchivedMessage, ExportFormat, Notification } from '@/contract';
import {
  archiveChatMachine,
  type ArchiveChannel,
  type ArchiveDeletion,
  type ArchiveListing,
  type ArchivePart,
  type ChatPlatform,
} from '@/machines/archive/archiveChat.machine';
import { archiveSearchMachine, type ArchiveSearchTerms } from '@/machines/archive/archiveSearch.machine';
import { reconnectDelay } from '@/machines/notifications/liveEvents.machine';
import { sampleNotification } from '@/machines/notifications/samples';
import { notificationsMachine } from '@/machines/notifications/notifications.machine';
import { ArchiveChatScreen } from '@/src/archive/ArchiveChat';
import { liveEventsLogic } from '@/src/notifications/liveEvents';
import { liveFeedLogic } from '@/src/notifications/notifications';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { flushMicrotasks } from '@/test/machines/controlled';
import { FakeEventSource } from './fakeEventSource';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.useRealTimers());

/** The screen stays open `ms` longer. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
/** The listed notifications: #2 unread, #1 read (the newest, 2, is where the connection resumes). */
const LISTED = { notifications: [sampleNotification(2), sampleNotification(1, { read: true })], unread: 1 };
const EMPTY_ARCHIVE: ArchiveListing = { channel: null, days: [], streams: [] };

walkScreens('liveEvents', {
  async mount(input) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    FakeEventSource.instances = [];
    const ticket = controlled<string>();
    const connections: unknown[] = [];
    // The app loads the connection lazily (lazyConnectionLogic); here it runs the same logic at once, its ticket
    // call settled by the test and its stream the fake one.
    const connection = liveEventsLogic(() => 'session.jwt', FakeEventSource).provide({
      actors: { eventsTicket: ticket.logic },
    });
    const list = controlled<{ notifications: Notification[]; unread: number }>();
    const notifications = notificationsMachine.provide({
      actors: {
        listNotifications: list.logic,
        readNotifications: controlled<{ unread: number }, { upTo: number }>().logic,
        clearNotifications: controlled<{ unread: number }, { upTo: number }>().logic,
        liveFeed: liveFeedLogic,
        connection: fromCallback<EventObject, { lastEventId: number | null }>(({ input: given }) => {
          connections.push(given);
          const actor = createActor(connection, { input: given }).start();
          return () => actor.stop();
        }),
      },
    });
    const archive = controlled<ArchiveListing, { platform: ChatPlatform; date: string }>();
    type Page = { messages: ArchivedMessage[]; next: string | null };
    type Query = { platform: ChatPlatform | null; terms: ArchiveSearchTerms; before: string | null };
    renderScreen(
      <Routes>
        <Route element={<DashboardLayout logic={{ notifications }} />}>
          <Route
            path="archive-chat"
            element={
              <ArchiveChatScreen
                logic={archiveChatMachine.provide({
                  actors: {
                    listArchive: archive.logic,
                    setArchiving: controlled<ArchiveChannel | null, { platform: ChatPlatform; archiving: boolean }>()
                      .logic,
                    exportArchive: controlled<
                      void,
                      { platform: ChatPlatform; part: ArchivePart; format: ExportFormat }
                    >().logic,
                    deleteArchive: controlled<number, { platform: ChatPlatform; deletion: ArchiveDeletion }>().logic,
                  },
                })}
                searchLogic={archiveSearchMachine.provide({
                  actors: {
                    search: controlled<Page, Query>().logic,
                    searchMore: controlled<Page, Query>().logic,
                    exportResults: controlled<
                      void,
                      { platform: ChatPlatform | null; terms: ArchiveSearchTerms; format: ExportFormat }
                    >().logic,
                    deleteChatter: controlled<number, { platform: ChatPlatform; chatterId: string }>().logic,
                  },
                })}
              />
            }
          />
        </Route>
      </Routes>,
      { path: '/*', url: '/archive-chat', jwt: 'session.jwt' },
    );
    // The shell's lazy modals, loaded as a first use would.
    await act(async () => {
      await import('@/src/notifications/NotificationsModal');
      await import('@/src/shell/LogoutDialog');
    });
    await act(() => flushMicrotasks());
    // Archive Chat shows the creator's Twitch archive, so the stream's archive signals have a screen to change.
    const form = () => within(screen.getByRole('region', { name: "Archive a live stream's chat" }));
    fireEvent.click(form().getByRole('radio', { name: 'Twitch' }));
    await archive.resolve(EMPTY_ARCHIVE);
    // The dashboard lists the notifications; the connection starts after the newest of them (the path's input).
    expect(ticket.started).toBe(0);
    await list.resolve(LISTED);
    await act(() => flushMicrotasks());
    expect(connections).toEqual([input]);

    /** What the connection asked, received and how often it failed in a row. */
    const seen = {
      /** Ticket requests so far, the last one possibly on its way. */
      tickets: 1,
      ticket: null as string | null,
      /** Where the current stream started: the newest notification when its ticket came. */
      streamFrom: null as number | null,
      /** Where a new stream resumes: the newest notification listed or received. */
      lastEventId: (input as { lastEventId: number }).lastEventId,
      unread: LISTED.unread,
      /** Archive Chat's list reads (the first one, then one per archive signal). */
      archiveReads: 1,
      failures: 0,
      /** The backoff's check already waited out the wait (and saw the new ticket asked). */
      waited: false,
    };
    return {
      ticket,
      archive,
      seen,
      gestures: {
        'xstate.done.actor.eventsTicket': async ({ output }) => {
          Object.assign(seen, { ticket: output, streamFrom: seen.lastEventId });
          await ticket.resolve(output);
        },
        'xstate.error.actor.eventsTicket': async ({ error }) => {
          seen.failures += 1;
          await ticket.reject(error);
        },
        'xstate.done.actor.eventSource': () => {
          throw new Error('The stream never ends by itself: no recorded path carries xstate.done.actor.eventSource');
        },
        'xstate.error.actor.eventSource': () => {
          throw new Error(
            'The stream fails by an error event: no recorded path carries xstate.error.actor.eventSource',
          );
        },
        'live.open': () => {
          seen.failures = 0;
          FakeEventSource.latest().open();
        },
        'live.message': ({ notification }) => {
          seen.lastEventId = Math.max(seen.lastEventId, notification.id);
          if (!notification.read) seen.unread += 1;
          FakeEventSource.latest().send('notification', notification);
        },
        'live.signal': ({ signal }) => {
          if (signal.platform === 'twitch') seen.archiveReads += 1;
          FakeEventSource.latest().send('archive', signal);
        },
        'live.error': () => {
          seen.failures += 1;
          FakeEventSource.latest().fail();
        },
        // The screen stays open until the wait is up (the backoff's check may have let it pass).
        'xstate.after.reconnect': async () => {
          if (!seen.waited) await wait(reconnectDelay(seen.failures));
          seen.waited = false;
          seen.tickets += 1;
        },
      },
    };
  },
  states: {
    // A ticket is on its way; no stream is open. The bell shows what was listed and received.
    ticket: ({ ticket, archive, seen }) => {
      expect(ticket.started).toBe(seen.tickets);
      for (const source of FakeEventSource.instances) expect(source.closed).toBe(true);
      showsNews(seen, archive.started);
    },
    // The stream is asked with the ticket, after the newest notification; no other stream is open.
    'connected.connecting': ({ ticket, archive, seen }) => streams(ticket.started, archive.started, seen),
    // The stream said it is open; nothing on the screen tells it from connecting (the waits start again from 1 s).
    'connected.open': ({ ticket, archive, seen }) => streams(ticket.started, archive.started, seen),
    // The stream is closed; no ticket is asked until the wait (1 s after a first failure) is up, then one is.
    backoff: async ({ ticket, archive, seen }) => {
      for (const source of FakeEventSource.instances) expect(source.closed).toBe(true);
      expect(ticket.started).toBe(seen.tickets);
      showsNews(seen, archive.started);
      const delay = reconnectDelay(seen.failures);
      await wait(delay - 1);
      expect(ticket.started).toBe(seen.tickets);
      await wait(1);
      expect(ticket.started).toBe(seen.tickets + 1);
      seen.waited = true;
    },
  },
});

/** One stream open, on the last ticket, from the newest notification when it was asked; no new ticket asked. */
function streams(
  tickets: number,
  archiveReads: number,
  seen: { tickets: number; ticket: string | null; streamFrom: number | null } & News,
) {
  expect(tickets).toBe(seen.tickets);
  const open = FakeEventSource.instances.filter((source) => !source.closed);
  expect(open).toEqual([FakeEventSource.latest()]);
  expect(FakeEventSource.latest().query).toEqual({ ticket: seen.ticket, lastEventId: String(seen.streamFrom) });
  showsNews(seen, archiveReads);
}

interface News {
  lastEventId: number;
  unread: number;
  archiveReads: number;
}

/** The bell counts the listed and received unread notifications; Archive Chat read its list once per signal. */
function showsNews(seen: News, archiveReads: number) {
  expect(bell()).toHaveAccessibleName(`Notifications, ${seen.unread} unread`);
  expect(screen.getByTestId('notifications-dot')).toBeInTheDocument();
  expect(archiveReads).toBe(seen.archiveReads);
  expect(screen.getByRole('heading', { name: 'Archive Chat' })).toBeInTheDocument();
}
