// The shell's notifications (docs/product.md §Offers, threads, notifications): loaded on entry and counted on the bell, live arrivals over a fake event source,
// read on close, Clear All's stagger on fake timers with the spec's lengths (100 ms apart, hidden 1,500 ms after its
// fade starts) and then cleared for good, a refused clear, and the connection's reconnect with a new ticket.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import type { Notification } from '@/contract';
import { liveEventsMachine } from '@/machines/notifications/liveEvents.machine';
import { notificationsMachine } from '@/machines/notifications/notifications.machine';
import {
  CARD_HIDE_AFTER_FADE_MS,
  CLEAR_ALL_STAGGER_MS,
  LIVE_RECONNECT_MS,
  RELATIVE_TIME_TICK_MS,
} from '@/machines/timing';
import { publishLive, subscribeLive } from '@/src/notifications/liveHub';
import { eventSourceLogic } from '@/src/notifications/liveEvents';
import { liveFeedLogic } from '@/src/notifications/notifications';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { setLocale } from '@/src/i18n/i18n';
import { sampleNotification } from '@/machines/notifications/samples';
import { flushMicrotasks } from '@/test/machines/controlled';
import { FakeEventSource } from './fakeEventSource';
import { controlled, renderScreen } from './harness';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function mount() {
  const list = controlled<{ notifications: Notification[]; unread: number }>();
  const read = controlled<{ unread: number }, { upTo: number }>();
  const clear = controlled<{ unread: number }, { upTo: number }>();
  const ticket = controlled<string>();
  const connection = liveEventsMachine.provide({
    actors: { eventsTicket: ticket.logic, eventSource: eventSourceLogic(FakeEventSource) },
    actions: { publish: (_, { notification }) => publishLive(notification) },
  });
  // The app loads the connection lazily (lazyConnectionLogic); here it runs the same machine at once.
  const logic = notificationsMachine.provide({
    actors: {
      listNotifications: list.logic,
      readNotifications: read.logic,
      clearNotifications: clear.logic,
      liveFeed: liveFeedLogic,
      connection: fromCallback<EventObject, { lastEventId: number | null }>(({ input }) => {
        const actor = createActor(connection, { input }).start();
        return () => actor.stop();
      }),
    },
  });
  const view = renderScreen(<DashboardLayout logic={{ notifications: logic }} />, {
    path: '/dashboard',
    jwt: 'session.jwt',
  });
  return { view, list, read, clear, ticket };
}

/** The shell and its modal (a lazy chunk, loaded here so that it renders without waiting on timers). */
async function setup() {
  const rendered = mount();
  await act(async () => {
    await import('@/src/notifications/NotificationsModal');
  });
  await act(() => flushMicrotasks());
  return rendered;
}

const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const dot = () => screen.queryByTestId('notifications-dot');
const openModal = () => {
  fireEvent.click(bell());
  return screen.getByRole('dialog', { name: 'Notifications' });
};
const closeModal = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
const cards = (dialog: HTMLElement) => within(dialog).queryAllByTestId('notification-card');
const phases = (dialog: HTMLElement) => cards(dialog).map((card) => card.dataset.phase);

// Synchronous fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout, which fake timers stop.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  FakeEventSource.instances = [];
});
afterEach(() => vi.useRealTimers());

const three = () => [
  sampleNotification(3, { createdAt: ago(20_000) }),
  sampleNotification(2, { createdAt: ago(5 * 60_000 + 10_000) }),
  sampleNotification(1, { read: true, createdAt: ago(3 * 24 * 3_600_000) }),
];

describe('notifications', () => {
  it('loads the user’s notifications, counts the unread ones on the bell and in the modal, with relative times', async () => {
    const { list } = await setup();
    expect(list.started).toBe(1);
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(dot()).toBeNull();

    await list.resolve({ notifications: three(), unread: 2 });
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(dot()).not.toBeNull();

    const dialog = openModal();
    expect(within(dialog).getByText('2 new notifications')).toBeInTheDocument();
    expect(cards(dialog)).toHaveLength(3);
    expect(cards(dialog).map((card) => card.querySelector('time')?.textContent)).toEqual([
      'Just Now',
      '5 min ago',
      '3 days ago',
    ]);
    // Unread cards are marked as the static design marks them: no data-read, a "New" pill.
    expect(cards(dialog).map((card) => card.dataset.read ?? 'unread')).toEqual(['unread', 'unread', 'true']);
    expect(within(cards(dialog)[0]!).getByText('New')).toBeInTheDocument();
    expect(within(cards(dialog)[2]!).queryByText('New')).toBeNull();

    // The relative times follow the clock while the modal is open.
    await wait(RELATIVE_TIME_TICK_MS);
    expect(cards(dialog).map((card) => card.querySelector('time')?.textContent)).toEqual([
      '1 min ago',
      '6 min ago',
      '3 days ago',
    ]);
  });

  it('in Spanish: the modal and its times in the page’s language, each notification marked with the language it was written in', async () => {
    vi.useRealTimers();
    await act(() => setLocale('es-MX'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    const { list } = await setup();
    // Written in the recipient's language when each happened: English before they chose Spanish.
    const written = three().map((n, i) =>
      i === 1 ? { ...n, title: 'Retiro pagado', text: 'Tu retiro se pagó.', locale: 'es-MX' as const } : n,
    );
    await list.resolve({ notifications: written, unread: 2 });
    fireEvent.click(screen.getByRole('button', { name: /^Notificaciones/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notificaciones' });
    expect(within(dialog).getByText('2 notificaciones nuevas')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Borrar todas' })).toBeEnabled();
    expect(within(dialog).getByRole('list', { name: 'Lista de notificaciones' })).toBeInTheDocument();
    expect(cards(dialog).map((card) => card.querySelector('time')?.textContent)).toEqual([
      'Justo ahora',
      'hace 5 min',
      'hace 3 días',
    ]);
    const pill = within(cards(dialog)[0]!).getByText('Nueva');
    expect(pill).toHaveAttribute('lang', 'es-MX');
    expect(pill.closest('[lang="en"]')).not.toBeNull();
    // Each notification's words (its text) are marked with the language they were written in.
    const texts = [...written.map((n) => n.text)];
    expect(
      cards(dialog).map((card, i) => within(card).getByText(texts[i]!).closest('[lang]')?.getAttribute('lang')),
    ).toEqual(['en', 'es-MX', 'en']);
  });

  it('says so when there is nothing, and offers to try again when the list cannot be read', async () => {
    const { list } = await setup();
    await list.reject(new Error('Service unavailable'));
    const dialog = openModal();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Service unavailable');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(list.started).toBe(2);
    await list.resolve({ notifications: [], unread: 0 });
    expect(within(dialog).getByText('No notifications yet.')).toBeInTheDocument();
    expect(within(dialog).getByText('0 new notifications')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('shows a live notification at the top, raises the count and the dot, and hands it to the hub', async () => {
    const { list, ticket } = await setup();
    const heard: number[] = [];
    const unsubscribe = subscribeLive((notification) => heard.push(notification.id));
    await list.resolve({
      notifications: [sampleNotification(2, { read: true }), sampleNotification(1, { read: true })],
      unread: 0,
    });
    expect(dot()).toBeNull();

    // Live from the newest listed one on.
    expect(ticket.started).toBe(1);
    await ticket.resolve('ticket-1');
    const source = FakeEventSource.latest();
    expect(source.url.startsWith('/api/events?')).toBe(true);
    expect(source.query).toEqual({ ticket: 'ticket-1', lastEventId: '2' });
    source.open();

    source.emit(sampleNotification(3, { createdAt: ago(0) }));
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    expect(dot()).not.toBeNull();
    // The same one again (a replay) changes nothing.
    source.emit(sampleNotification(3, { createdAt: ago(0) }));
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    expect(heard).toEqual([3, 3]);

    const dialog = openModal();
    expect(within(dialog).getByText('1 new notifications')).toBeInTheDocument();
    expect(cards(dialog)).toHaveLength(3);
    expect(cards(dialog)[0]).toHaveTextContent('(offer 3)');
    expect(cards(dialog)[0]).not.toHaveAttribute('data-read');

    // One arriving while the modal is open goes to the top as well.
    source.emit(sampleNotification(4));
    expect(within(dialog).getByText('2 new notifications')).toBeInTheDocument();
    expect(cards(dialog)[0]).toHaveTextContent('(offer 4)');
    unsubscribe();
  });

  it('keeps one notice per thread: a newer unread notice of the same thread replaces the earlier one', async () => {
    const { list, ticket } = await setup();
    const thread = (id: number, offerId: string, title: string, read = false) => ({
      ...sampleNotification(id, { read, createdAt: ago(0) }),
      type: 'thread.message' as const,
      title,
      offerId,
    });
    await list.resolve({
      notifications: [thread(2, 'ofr_a', 'New message from a creator'), thread(1, 'ofr_b', 'Read one', true)],
      unread: 1,
    });
    await ticket.resolve('ticket-1');
    const source = FakeEventSource.latest();
    source.open();

    source.emit(thread(3, 'ofr_a', '2 new messages from a creator'));
    source.emit(thread(4, 'ofr_b', 'New message from Nova Energy'));
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    const dialog = openModal();
    expect(within(dialog).getByText('2 new notifications')).toBeInTheDocument();
    expect(cards(dialog).map((card) => card.textContent)).toEqual([
      expect.stringContaining('New message from Nova Energy'),
      expect.stringContaining('2 new messages from a creator'),
      // A read notice of a thread stays: it told of messages already seen.
      expect.stringContaining('Read one'),
    ]);
  });

  it('only a later thread notice of the same offer replaces an unread one; a late one is listed in its place', async () => {
    const { list, ticket } = await setup();
    const notice = (id: number, type: Notification['type'], offerId: string | null, title: string) => ({
      ...sampleNotification(id, { createdAt: ago(0) }),
      type,
      offerId,
      title,
    });
    await list.resolve({
      notifications: [
        notice(6, 'thread.message', 'ofr_d', 'Thread D, newest'),
        notice(3, 'offer.new', 'ofr_b', 'Offer B'),
        notice(2, 'thread.message', 'ofr_a', 'Thread A'),
        notice(1, 'thread.message', null, 'A thread without an offer'),
      ],
      unread: 4,
    });
    await ticket.resolve('ticket-1');
    const source = FakeEventSource.latest();
    source.open();
    // Not a thread message: the thread's notice stays.
    source.emit(notice(7, 'offer.new', 'ofr_a', 'Offer A'));
    // A thread message does not replace the offer's own notice.
    source.emit(notice(8, 'thread.message', 'ofr_b', 'Thread B'));
    // Older than the thread's notice listed (it arrived late): both stay, in the order they were made.
    source.emit(notice(5, 'thread.message', 'ofr_d', 'Thread D, older'));
    // Without an offer, two notices are not one thread.
    source.emit(notice(10, 'thread.message', null, 'Another thread without an offer'));
    expect(bell()).toHaveAccessibleName('Notifications, 8 unread');
    const dialog = openModal();
    expect(cards(dialog).map((card) => card.textContent)).toEqual([
      expect.stringContaining('Another thread without an offer'),
      expect.stringContaining('Thread B'),
      expect.stringContaining('Offer A'),
      expect.stringContaining('Thread D, newest'),
      expect.stringContaining('Thread D, older'),
      expect.stringContaining('Offer B'),
      expect.stringContaining('Thread A'),
      expect.stringContaining('A thread without an offer'),
    ]);
  });

  it('marks them read up to the newest when the modal closes', async () => {
    const { list, read } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    const dialog = openModal();
    closeModal(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(read.inputs).toEqual([{ upTo: 3 }]);
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(dot()).toBeNull();
    await read.resolve({ unread: 0 });

    const again = openModal();
    expect(within(again).getByText('0 new notifications')).toBeInTheDocument();
    expect(cards(again).every((card) => card.dataset.read === 'true')).toBe(true);
    // Nothing new: closing asks nothing more.
    closeModal(again);
    expect(read.started).toBe(1);
  });

  it('closes the modal and goes where a notification leads', async () => {
    const { list, read, view } = await setup();
    await list.resolve({ notifications: [sampleNotification(1, { link: '/sponsorship-offers' })], unread: 1 });
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('link', { name: 'New sponsorship offer' }));
    expect(view.location()).toBe('/sponsorship-offers');
    expect(read.inputs).toEqual([{ upTo: 1 }]);
  });

  it('Clear All fades the cards 100 ms apart, hides each 1,500 ms after its fade starts, then clears them for good', async () => {
    const { list, clear } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(phases(dialog)).toEqual(['fading', 'visible', 'visible']);
    expect(within(dialog).getByRole('button', { name: 'Clear All' })).toBeDisabled();
    await wait(CLEAR_ALL_STAGGER_MS);
    expect(phases(dialog)).toEqual(['fading', 'fading', 'visible']);
    await wait(CLEAR_ALL_STAGGER_MS);
    expect(phases(dialog)).toEqual(['fading', 'fading', 'fading']);
    await wait(CARD_HIDE_AFTER_FADE_MS - 2 * CLEAR_ALL_STAGGER_MS - 1);
    expect(phases(dialog)).toEqual(['fading', 'fading', 'fading']);
    await wait(1);
    expect(phases(dialog)).toEqual(['hidden', 'fading', 'fading']);
    expect(cards(dialog)[0]).not.toBeVisible();
    await wait(CLEAR_ALL_STAGGER_MS);
    expect(phases(dialog)).toEqual(['hidden', 'hidden', 'fading']);
    expect(clear.started).toBe(0);
    await wait(CLEAR_ALL_STAGGER_MS);
    expect(phases(dialog)).toEqual(['hidden', 'hidden', 'hidden']);

    expect(clear.inputs).toEqual([{ upTo: 3 }]);
    await clear.resolve({ unread: 0 });
    expect(cards(dialog)).toHaveLength(0);
    expect(within(dialog).getByText('No notifications yet.')).toBeInTheDocument();
    expect(within(dialog).getByText('0 new notifications')).toBeInTheDocument();
    expect(dot()).toBeNull();
  });

  it('shows the cards again with the error when the clear is refused', async () => {
    const { list, clear } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await wait(CARD_HIDE_AFTER_FADE_MS + 2 * CLEAR_ALL_STAGGER_MS);
    expect(phases(dialog)).toEqual(['hidden', 'hidden', 'hidden']);

    await clear.reject(new Error('Service unavailable'));
    expect(phases(dialog)).toEqual(['visible', 'visible', 'visible']);
    expect(cards(dialog).every((card) => !card.hidden)).toBe(true);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Service unavailable');
    expect(within(dialog).getByText('2 new notifications')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Clear All' })).toBeEnabled();
    // Opened again, the modal starts without the old error.
    closeModal(dialog);
    expect(within(openModal()).queryByRole('alert')).toBeNull();
  });

  it('closed while Clear All is on its way to the server, still marks the rest read once the clear is through', async () => {
    const { list, read, clear } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await wait(CARD_HIDE_AFTER_FADE_MS + 2 * CLEAR_ALL_STAGGER_MS);
    expect(clear.inputs).toEqual([{ upTo: 3 }]);
    // A notification arrives while the server clears the others (still counted until it answers); the person closes
    // the modal, having seen it.
    act(() => publishLive(sampleNotification(4)));
    // The bell, behind the open modal.
    expect(screen.getByRole('button', { name: /^Notifications/, hidden: true })).toHaveAccessibleName(
      'Notifications, 3 unread',
    );
    closeModal(screen.getByRole('dialog', { name: 'Notifications' }));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(read.started).toBe(0);

    await clear.resolve({ unread: 1 });
    expect(read.inputs).toEqual([{ upTo: 4 }]);
    await read.resolve({ unread: 0 });
    const again = openModal();
    expect(cards(again)).toHaveLength(1);
    expect(cards(again)[0]).toHaveAttribute('data-read', 'true');
    expect(within(again).getByText('0 new notifications')).toBeInTheDocument();
    // The read is through: nothing more is sent, whatever comes next.
    closeModal(again);
    fireEvent.click(within(openModal()).getByRole('button', { name: 'Clear All' }));
    await wait(CARD_HIDE_AFTER_FADE_MS);
    await clear.resolve({ unread: 0 });
    expect(read.started).toBe(1);
  });

  it('counts, after a Clear All, the unread notifications that arrived while it ran', async () => {
    const { list, clear } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await wait(CARD_HIDE_AFTER_FADE_MS + 2 * CLEAR_ALL_STAGGER_MS);
    act(() => publishLive(sampleNotification(4)));
    act(() => publishLive(sampleNotification(5, { read: true })));
    await clear.resolve({ unread: 1 });
    expect(cards(dialog)).toHaveLength(2);
    expect(within(dialog).getByText('1 new notifications')).toBeInTheDocument();
    // Cleared, the modal lists again: Clear All is offered for what is left.
    expect(within(dialog).getByRole('button', { name: 'Clear All' })).toBeEnabled();
    expect(phases(dialog)).toEqual(['visible', 'visible']);
  });

  it('a read still on its way when Clear All reaches the server is not sent again after the clear', async () => {
    const { list, read, clear } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    closeModal(openModal());
    expect(read.inputs).toEqual([{ upTo: 3 }]);
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await wait(CARD_HIDE_AFTER_FADE_MS + 2 * CLEAR_ALL_STAGGER_MS);
    expect(clear.inputs).toEqual([{ upTo: 3 }]);
    await clear.resolve({ unread: 0 });
    expect(read.started).toBe(1);
  });

  it('offers Clear All again only once the server has answered the last one', async () => {
    const { list, clear } = await setup();
    await list.resolve({ notifications: three(), unread: 2 });
    const dialog = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    await wait(CARD_HIDE_AFTER_FADE_MS + 2 * CLEAR_ALL_STAGGER_MS);
    closeModal(dialog);
    const again = openModal();
    expect(phases(again)).toEqual(['hidden', 'hidden', 'hidden']);
    expect(within(again).getByRole('button', { name: 'Clear All' })).toBeDisabled();
    await clear.reject(new Error('Service unavailable'));
    expect(phases(again)).toEqual(['visible', 'visible', 'visible']);
    expect(within(again).getByRole('button', { name: 'Clear All' })).toBeEnabled();
  });

  it('after an error closes the stream, waits, asks a new ticket and resumes after the last event', async () => {
    const { list, ticket } = await setup();
    await list.resolve({ notifications: [sampleNotification(2)], unread: 1 });
    await ticket.resolve('ticket-1');
    const first = FakeEventSource.latest();
    first.open();
    first.emit(sampleNotification(5));

    first.fail();
    expect(first.closed).toBe(true);
    await wait(LIVE_RECONNECT_MS[0] - 1);
    expect(ticket.started).toBe(1);
    await wait(1);
    expect(ticket.started).toBe(2);
    await ticket.resolve('ticket-2');
    const second = FakeEventSource.latest();
    expect(second).not.toBe(first);
    expect(second.query).toEqual({ ticket: 'ticket-2', lastEventId: '5' });

    // Failing again before it opens waits longer; a ticket refused waits longer still.
    second.fail();
    await wait(LIVE_RECONNECT_MS[1] - 1);
    expect(ticket.started).toBe(2);
    await wait(1);
    expect(ticket.started).toBe(3);
    await ticket.reject(new Error('Service unavailable'));
    await wait(LIVE_RECONNECT_MS[2]);
    expect(ticket.started).toBe(4);
    await ticket.resolve('ticket-4');
    const third = FakeEventSource.latest();
    expect(third.query).toEqual({ ticket: 'ticket-4', lastEventId: '5' });
    // A connection that opens starts the waits again from 1 s.
    third.open();
    third.fail();
    await wait(LIVE_RECONNECT_MS[0]);
    expect(ticket.started).toBe(5);
  });

  it('closes the stream when the dashboard goes away', async () => {
    const { list, ticket, view } = await setup();
    await list.resolve({ notifications: [], unread: 0 });
    await ticket.resolve('ticket-1');
    const source = FakeEventSource.latest();
    // Nothing listed: the stream still resumes from 0, so what was made since the (empty) list arrives.
    expect(source.query).toEqual({ ticket: 'ticket-1', lastEventId: '0' });
    view.unmount();
    expect(source.closed).toBe(true);
  });
});
