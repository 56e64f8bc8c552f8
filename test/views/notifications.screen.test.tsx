// The shell's notifications (docs/spec.md §2 Notifications modal, §4 Notifications, §9; docs/product.md §Offers,
// threads, notifications), replayed along notifications' recorded paths on the real dashboard shell: the list read on
// entry and counted on the bell, the modal with its cards and relative times (brought up to date every minute), a
// live arrival, closing marks them read (once a Clear All on its way is through), Clear All fades the cards 100 ms apart
// (each hidden 1,500 ms after its fade starts) and then clears them on the server, which may refuse.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import type { Notification } from '@/contract';
import { errorText } from '@/machines/messages';
import { notificationsMachine } from '@/machines/notifications/notifications.machine';
import { CARD_HIDE_AFTER_FADE_MS, CLEAR_ALL_STAGGER_MS, RELATIVE_TIME_TICK_MS } from '@/machines/timing';
import { formatRelative } from '@/src/common/format';
import { publishLive } from '@/src/notifications/liveHub';
import { liveFeedLogic } from '@/src/notifications/notifications';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { flushMicrotasks } from '@/test/machines/controlled';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.useRealTimers());

/** 4½ minutes after the samples' notifications were made: "4 min ago", "5 min ago" a minute later. */
const NOW = Date.parse('2025-06-01T10:04:30.000Z');

/** The screen stays open `ms` longer. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/**
 * An event the machine raises itself (no person, screen or server produces it on its own): never a step of the record
 * (test/machines/paths.ts `raisedEvents`), though the gesture table's type names it.
 */
const raised = (type: string) => () => {
  throw new Error(
    `${type} is raised inside the machine (it follows a close, a Clear All or the server's answer): no person can send it on its own`,
  );
};
const unhandled = (type: string) => () => {
  throw new Error(`${type}: no recorded path carries it`);
};

/** The bell (behind the modal while it is open, so out of the accessibility tree then). */
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });
const dialog = () => screen.getByRole('dialog', { name: 'Notifications' });
const cards = () => within(dialog()).queryAllByTestId('notification-card');
const clearAllButton = () => within(dialog()).getByRole('button', { name: 'Clear All' });

/** The running Clear All as the person has watched it: what it covers, since when. */
interface Clearing {
  upTo: number;
  count: number;
  /** ms since Clear All was pressed. */
  elapsed: number;
}

/** Cards of a Clear All `elapsed` ms in that have started fading: one at once, then one every 100 ms. */
const fadedAt = ({ count, elapsed }: Clearing) => Math.min(count, Math.floor(elapsed / CLEAR_ALL_STAGGER_MS) + 1);
/** Cards hidden by then: each 1,500 ms after its fade started. */
const hiddenAt = ({ count, elapsed }: Clearing) =>
  elapsed < CARD_HIDE_AFTER_FADE_MS
    ? 0
    : Math.min(count, Math.floor((elapsed - CARD_HIDE_AFTER_FADE_MS) / CLEAR_ALL_STAGGER_MS) + 1);

/** What the person did and the server answered: the screen shows it back. */
interface Seen {
  list: 'loading' | 'failed' | 'ready';
  loadError: string | null;
  /** List reads asked so far. */
  lists: number;
  cards: Notification[];
  unread: number;
  open: boolean;
  /** The time the modal's relative times are computed against. */
  now: number;
  clearing: Clearing | null;
  /** The cards the server is clearing (hidden meanwhile). */
  persistUpTo: number | null;
  clearError: string | null;
  /** The newest card when the modal last closed with unread ones: what the server is to mark read up to. */
  readUpTo: number | null;
  /** Closed with unread cards while a clear was on its way: the read waits for it. */
  readWaiting: boolean;
  reads: number;
  readsSettled: number;
  clears: number;
  clearsSettled: number;
}

type CardsState = 'listing' | 'clearing' | 'persisting';

walkScreens('notifications', {
  async mount() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    const list = controlled<{ notifications: Notification[]; unread: number }>();
    const read = controlled<{ unread: number }, { upTo: number }>();
    const clear = controlled<{ unread: number }, { upTo: number }>();
    const notifications = notificationsMachine.provide({
      actors: {
        listNotifications: list.logic,
        readNotifications: read.logic,
        clearNotifications: clear.logic,
        // The live hub as the app has it (the connection publishes to it); the connection itself stays silent.
        liveFeed: liveFeedLogic,
        connection: fromCallback<EventObject, { lastEventId: number | null }>(() => () => {}),
      },
    });
    renderScreen(<DashboardLayout logic={{ notifications }} />, { path: '/dashboard', jwt: 'session.jwt' });
    // The shell's lazy modals, loaded as a first use would.
    await act(async () => {
      await import('@/src/notifications/NotificationsModal');
      await import('@/src/shell/LogoutDialog');
    });
    await act(() => flushMicrotasks());
    const seen: Seen = {
      list: 'loading',
      loadError: null,
      lists: 1,
      cards: [],
      unread: 0,
      open: false,
      now: NOW,
      clearing: null,
      persistUpTo: null,
      clearError: null,
      readUpTo: null,
      readWaiting: false,
      reads: 0,
      readsSettled: 0,
      clears: 0,
      clearsSettled: 0,
    };
    /** The clear on its way is through: a read asked for meanwhile is sent now. */
    const clearSettled = () => {
      seen.clearsSettled = seen.clears;
      if (seen.readWaiting) Object.assign(seen, { readWaiting: false, reads: seen.reads + 1 });
    };
    return {
      list,
      read,
      clear,
      seen,
      gestures: {
        'xstate.done.actor.listNotifications': async ({ output }) => {
          Object.assign(seen, { list: 'ready', cards: output.notifications, unread: output.unread, loadError: null });
          await list.resolve(output);
        },
        'xstate.error.actor.listNotifications': async ({ error }) => {
          Object.assign(seen, { list: 'failed', loadError: errorText(error) });
          await list.reject(error);
        },
        'notifications.open': () => {
          Object.assign(seen, { open: true, now: Date.now(), clearError: null });
          fireEvent.click(bell());
        },
        'notifications.close': () => {
          // Closing with something unread marks everything listed read, on the server too (unless it is clearing).
          if (seen.cards.some((card) => !card.read)) {
            seen.readUpTo = seen.cards[0]!.id;
            seen.cards = seen.cards.map((card) => (card.read ? card : { ...card, read: true }));
            seen.unread = 0;
            // A read still on its way is not waited for: the new one covers it.
            if (seen.clears === seen.clearsSettled)
              Object.assign(seen, { readsSettled: seen.reads, reads: seen.reads + 1 });
            else seen.readWaiting = true;
          }
          // A running Clear All stops: its cards show again (those the server is clearing stay hidden).
          Object.assign(seen, { open: false, clearing: null });
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
        },
        'notifications.clearAll': () => {
          const upTo = seen.cards[0]!.id;
          seen.clearing = { upTo, count: seen.cards.length, elapsed: 0 };
          seen.clearError = null;
          fireEvent.click(clearAllButton());
        },
        'notifications.retry': () => {
          // Try again is offered in the modal only.
          if (!seen.open)
            throw new Error('notifications.retry with the modal closed: Try again is only in the modal, no person can');
          Object.assign(seen, { list: 'loading', lists: seen.lists + 1 });
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
        },
        // A notification the live connection handed to the hub.
        'notification.received': ({ notification }) => {
          if (!seen.cards.some((card) => card.id === notification.id)) {
            seen.cards = [notification, ...seen.cards].sort((a, b) => b.id - a.id);
            if (!notification.read) seen.unread += 1;
          }
          act(() => publishLive(notification));
        },
        'xstate.after.relativeTimeTick': async () => {
          await wait(RELATIVE_TIME_TICK_MS);
          seen.now += RELATIVE_TIME_TICK_MS;
        },
        // 100 ms on: the next card starts fading and, from 1,500 ms on, the next one hides. Once the last is hidden
        // the server is asked to clear them (a read still on its way is no longer waited for).
        'xstate.after.stagger': async () => {
          const running = seen.clearing!;
          await wait(CLEAR_ALL_STAGGER_MS);
          running.elapsed += CLEAR_ALL_STAGGER_MS;
          if (hiddenAt(running) === running.count) {
            Object.assign(seen, { persistUpTo: running.upTo, clears: seen.clears + 1, readsSettled: seen.reads });
          }
        },
        'xstate.done.actor.readNotifications': async ({ output }) => {
          seen.readsSettled = seen.reads;
          await read.resolve(output);
        },
        'xstate.error.actor.readNotifications': async ({ error }) => {
          seen.readsSettled = seen.reads;
          await read.reject(error);
        },
        'xstate.done.actor.clearNotifications': async ({ output }) => {
          const upTo = seen.persistUpTo ?? 0;
          seen.cards = seen.cards.filter((card) => card.id > upTo);
          Object.assign(seen, {
            unread: seen.cards.filter((card) => !card.read).length,
            persistUpTo: null,
            clearing: null,
          });
          clearSettled();
          await clear.resolve(output);
        },
        'xstate.error.actor.clearNotifications': async ({ error }) => {
          Object.assign(seen, { persistUpTo: null, clearing: null, clearError: errorText(error) });
          clearSettled();
          await clear.reject(error);
        },
        'list.markRead': raised('list.markRead'),
        'list.clear': raised('list.clear'),
        'list.cleared': raised('list.cleared'),
        'list.clearFailed': raised('list.clearFailed'),
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        'xstate.done.actor.connection': unhandled('xstate.done.actor.connection'),
        'xstate.error.actor.connection': unhandled('xstate.error.actor.connection'),
      },
    };
  },
  states: {
    'list.loading & modal.closed': (m) => shows(m, 'loading', 'closed'),
    'list.loading & modal.open.clock.ticking & cards.listing': (m) => shows(m, 'loading', 'listing'),
    'list.failed & modal.closed': (m) => shows(m, 'failed', 'closed'),
    'list.failed & modal.open.clock.ticking & cards.listing': (m) => shows(m, 'failed', 'listing'),
    'list.ready.idle & modal.closed': (m) => shows(m, 'idle', 'closed'),
    'list.ready.idle & modal.open.clock.ticking & cards.listing': (m) => shows(m, 'idle', 'listing'),
    'list.ready.idle & modal.open.clock.ticking & cards.clearing': (m) => shows(m, 'idle', 'clearing'),
    'list.ready.marking & modal.closed': (m) => shows(m, 'marking', 'closed'),
    'list.ready.marking & modal.open.clock.ticking & cards.listing': (m) => shows(m, 'marking', 'listing'),
    'list.ready.marking & modal.open.clock.ticking & cards.clearing': (m) => shows(m, 'marking', 'clearing'),
    'list.ready.clearing & modal.closed': (m) => shows(m, 'clearing', 'closed'),
    'list.ready.clearing & modal.open.clock.ticking & cards.listing': (m) => shows(m, 'clearing', 'listing'),
    'list.ready.clearing & modal.open.clock.ticking & cards.persisting': (m) => shows(m, 'clearing', 'persisting'),
  },
});

interface Mounted {
  list: { started: number };
  read: { started: number; inputs: { upTo: number }[] };
  clear: { started: number; inputs: { upTo: number }[] };
  seen: Seen;
}

/** What a card shows while the person watches: visible, fading out, or hidden (as the running Clear All has it). */
function phaseOf(seen: Seen, card: Notification): 'visible' | 'fading' | 'hidden' {
  if (seen.persistUpTo !== null && card.id <= seen.persistUpTo) return 'hidden';
  const running = seen.clearing;
  if (running === null || card.id > running.upTo) return 'visible';
  const index = seen.cards.filter((other) => other.id <= running.upTo && other.id > card.id).length;
  if (index < hiddenAt(running)) return 'hidden';
  if (index < fadedAt(running)) return 'fading';
  return 'visible';
}

/**
 * The screen with the list in `list` (loading, failed, or ready: nothing on its way to the server, a read, a clear)
 * and the modal in `modal` (closed; its cards listed; Clear All fading and hiding them; or waiting for the server).
 */
function shows(
  { list, read, clear, seen }: Mounted,
  phase: 'loading' | 'failed' | 'idle' | 'marking' | 'clearing',
  modal: 'closed' | CardsState,
) {
  // The bell counts the unread notifications, with its dot.
  expect(bell()).toHaveAccessibleName(seen.unread > 0 ? `Notifications, ${seen.unread} unread` : 'Notifications');
  if (seen.unread > 0) expect(screen.getByTestId('notifications-dot')).toBeInTheDocument();
  else expect(screen.queryByTestId('notifications-dot')).not.toBeInTheDocument();

  // What the server was asked, and what is on its way: the list read, a read up to the newest, a clear.
  expect(list.started).toBe(seen.lists);
  expect(read.started).toBe(seen.reads);
  expect(clear.started).toBe(seen.clears);
  expect(read.started - seen.readsSettled).toBe(phase === 'marking' ? 1 : 0);
  expect(clear.started - seen.clearsSettled).toBe(phase === 'clearing' ? 1 : 0);
  if (phase === 'marking') expect(read.inputs.at(-1)).toEqual({ upTo: seen.readUpTo });
  if (phase === 'clearing') expect(clear.inputs.at(-1)).toEqual({ upTo: seen.persistUpTo });

  if (modal === 'closed') {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    return;
  }
  const box = within(dialog());
  expect(box.getByText(`${seen.unread} new notifications`)).toBeInTheDocument();
  if (phase === 'loading') expect(box.getByRole('status')).toHaveTextContent('Loading notifications…');
  else expect(box.queryByText('Loading notifications…')).not.toBeInTheDocument();
  // Why the list could not be read, with Try again; why the last Clear All was refused.
  const alerts = box.queryAllByRole('alert').map((alert) => alert.textContent);
  const expected = [
    ...(seen.clearError ? [seen.clearError] : []),
    ...(phase === 'failed' ? [`${seen.loadError} Try again`] : []),
  ];
  expect(alerts).toEqual(expected);
  if (phase === 'failed') expect(box.getByRole('button', { name: 'Try again' })).toBeEnabled();
  else expect(box.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

  // The cards, newest first, with their titles, "New" on the unread ones, and times relative to the modal's clock.
  const shown = cards();
  expect(shown.map((card) => Number(card.textContent?.match(/\(offer (\d+)\)/)?.[1]))).toEqual(
    seen.cards.map((card) => card.id),
  );
  for (const [i, card] of seen.cards.entries()) {
    const element = shown[i]!;
    expect(element).toHaveTextContent(card.title);
    expect(within(element).queryByText('New') !== null).toBe(!card.read);
    expect(element.querySelector('time')).toHaveTextContent(formatRelative(card.createdAt, seen.now));
  }
  const phases = shown.map((card) => card.dataset.phase);
  expect(phases).toEqual(seen.cards.map((card) => phaseOf(seen, card)));
  for (const card of shown) {
    if (card.dataset.phase === 'hidden') expect(card).not.toBeVisible();
    else expect(card).toBeVisible();
  }
  const nothing = phase !== 'loading' && phase !== 'failed' && phases.every((p) => p === 'hidden');
  if (nothing) expect(box.getByText('No notifications yet.')).toBeInTheDocument();
  else expect(box.queryByText('No notifications yet.')).not.toBeInTheDocument();

  // Clear All is offered while cards are listed and none is running or on its way to the server.
  const covered = seen.clearing
    ? seen.cards.filter((card) => card.id <= seen.clearing!.upTo).map((card) => phaseOf(seen, card))
    : [];
  if (modal === 'listing') {
    expect(clearAllButton()).toHaveProperty('disabled', seen.cards.length === 0 || seen.persistUpTo !== null);
    expect(phases.filter((p) => p === 'fading')).toEqual([]);
    return;
  }
  expect(clearAllButton()).toBeDisabled();
  if (modal === 'persisting') {
    expect(covered.every((p) => p === 'hidden')).toBe(true);
    return;
  }
  // Clear All running: fades start every 100 ms, each card hides 1,500 ms after its fade; one is still to hide.
  expect(covered).toContain('fading');
  expect(covered.every((p) => p === 'hidden')).toBe(false);
}
