// An offer's thread, pinned by hand (docs/product.md §Offers, threads, notifications "Threads"): the newest page read
// on opening and again on live news, merged without gaps or repeats; "Load earlier messages" by the cursor of the page
// before; the composer's check at its bounds, shown on Send and following the text; the text sent trimmed and kept
// when refused; news that comes while a send or an earlier page is in flight read once it is done. Replayed on the
// campaign page by test/views/thread.screen.test.tsx and on the creator's offers by test/views/offers.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { ThreadMessage } from '@/contract';
import {
  mergeEarlier,
  mergeNewest,
  messageProblem,
  threadMachine,
  type ThreadPage,
} from '@/machines/marketplace/thread.machine';
import { apiRefusal } from '@/machines/events';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

// The problems by value (a comparison with the machine's own constants would pass a mutant that changed them).
const REQUIRED = { id: 'required' };
const TOO_LONG = { id: 'messageTooLong', max: 2000 };

const message = (n: number, mine = false): ThreadMessage => ({
  id: `msg_${n}`,
  author: mine ? 'advertiser' : 'creator',
  authorName: mine ? 'Nova Energy' : 'Ana García',
  body: `Message ${n}`,
  mine,
  createdAt: new Date(Date.UTC(2025, 5, 2, 11, n)).toISOString(),
});
const ids = (messages: ThreadMessage[]) => messages.map((m) => m.id);
const page = (from: number, to: number, earlier: string | null): ThreadPage => ({
  messages: Array.from({ length: to - from + 1 }, (_, i) => message(from + i)),
  earlier,
});

describe("the composer's check", () => {
  it('required when empty or only spaces; 2,000 characters at most, counted as typed', () => {
    expect(messageProblem('')).toEqual(REQUIRED);
    expect(messageProblem(' \n ')).toEqual(REQUIRED);
    expect(messageProblem('a'.repeat(2000))).toBeNull();
    expect(messageProblem('a'.repeat(2001))).toEqual(TOO_LONG);
    expect(messageProblem(` ${'a'.repeat(1999)} `)).toEqual(TOO_LONG);
  });
});

describe('pages merged into what is shown', () => {
  it('the newest page again: older messages kept with their cursor, the page, then messages it lacks; no repeats', () => {
    const shown = { messages: [message(1), message(2), message(3), message(4, true)], earlier: 'c1' };
    // The page starts inside what is shown and ends with a new message; msg_4 (just sent) is not in it yet.
    const merged = mergeNewest(shown, { messages: [message(2), message(3), message(5)], earlier: 'c2' });
    expect(ids(merged.messages)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_5', 'msg_4']);
    expect(merged.earlier).toBe('c1');
  });
  it("a page starting at what is shown first takes the page's cursor", () => {
    const merged = mergeNewest({ messages: [message(2), message(3)], earlier: 'c1' }, page(2, 4, 'c9'));
    expect(ids(merged.messages)).toEqual(['msg_2', 'msg_3', 'msg_4']);
    expect(merged.earlier).toBe('c9');
  });
  it('a page that does not reach what is shown replaces it, with its own cursor: no gap', () => {
    const merged = mergeNewest({ messages: [message(1), message(2)], earlier: null }, page(10, 12, 'c10'));
    expect(merged).toEqual({ messages: page(10, 12, 'c10').messages, earlier: 'c10' });
  });
  it('a whole thread read again (no page before) keeps what it lacks after it', () => {
    const merged = mergeNewest({ messages: [message(7, true), message(8, true)], earlier: null }, page(1, 2, null));
    expect(ids(merged.messages)).toEqual(['msg_1', 'msg_2', 'msg_7', 'msg_8']);
    expect(merged.earlier).toBeNull();
  });
  it('an earlier page goes before what is shown, without the ones shown already, with its cursor', () => {
    const merged = mergeEarlier([message(3), message(4)], page(1, 3, 'c0'));
    expect(ids(merged.messages)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
    expect(merged.earlier).toBe('c0');
  });
});

function start(offerId = 'off_1') {
  const loadMessages = controlled<ThreadPage, { offerId: string; before: string | null }>();
  const loadEarlier = controlled<ThreadPage, { offerId: string; before: string | null }>();
  const postMessage = controlled<ThreadMessage, { offerId: string; body: string }>();
  const feeds: { offerId: string }[] = [];
  const events = receivedEvents();
  const actor = createActor(
    threadMachine.provide({
      actors: {
        loadMessages: loadMessages.logic,
        loadEarlier: loadEarlier.logic,
        postMessage: postMessage.logic,
        liveFeed: fromCallback<{ type: string }, { offerId: string }>(({ input }) => {
          feeds.push(input);
        }),
      },
    }),
    { input: { offerId }, inspect: events.inspect },
  );
  actor.start();
  return {
    actor,
    loadMessages,
    loadEarlier,
    postMessage,
    feeds,
    received: events.received,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

type Flow = ReturnType<typeof start>;

/** Opened on the newest page: msg_3 and msg_4, with a page before them. */
async function ready(): Promise<Flow> {
  const flow = start();
  await flow.loadMessages.resolve(page(3, 4, 'c3'));
  expect(flow.value()).toEqual({ ready: 'idle' });
  return flow;
}

async function sending(text = ' Deal! '): Promise<Flow> {
  const flow = await ready();
  flow.actor.send({ type: 'message.change', value: text });
  flow.actor.send({ type: 'message.send' });
  expect(flow.value()).toBe('sending');
  return flow;
}

async function loadingEarlier(): Promise<Flow> {
  const flow = await ready();
  flow.actor.send({ type: 'thread.loadEarlier' });
  expect(flow.value()).toEqual({ ready: 'loadingEarlier' });
  return flow;
}

describe('thread transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(threadMachine);

  pin(
    { from: 'thread', on: 'message.received', to: null },
    'a message that came another way is appended once, in any state',
    async () => {
      const flow = start();
      expect(flow.feeds).toEqual([{ offerId: 'off_1' }]);
      flow.actor.send({ type: 'message.received', message: message(9) });
      expect(ids(flow.context().messages)).toEqual(['msg_9']);
      await flow.loadMessages.resolve(page(3, 4, 'c3'));
      flow.actor.send({ type: 'message.received', message: message(5) });
      flow.actor.send({ type: 'message.received', message: message(5) });
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4', 'msg_5']);
    },
  );

  pin(
    { from: 'thread.loading', on: 'xstate.done.actor.loadMessages', to: 'thread.ready' },
    'opening reads the newest page of this offer and shows it with its cursor',
    async () => {
      const flow = start('off_7');
      expect(flow.loadMessages.inputs).toEqual([{ offerId: 'off_7', before: null }]);
      await flow.loadMessages.resolve(page(3, 4, 'c3'));
      expect(flow.received).toContain('xstate.done.actor.loadMessages');
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.context()).toMatchObject({ messages: page(3, 4, 'c3').messages, earlier: 'c3', error: null });
    },
  );

  pin(
    { from: 'thread.loading', on: 'xstate.error.actor.loadMessages', to: 'thread.failed' },
    'a thread that cannot be read says why',
    async () => {
      const flow = start();
      await flow.loadMessages.reject(apiRefusal('Offer not found', 404));
      expect(flow.received).toContain('xstate.error.actor.loadMessages');
      expect(flow.value()).toBe('failed');
      expect(flow.context().error).toBe('Offer not found');
    },
  );

  pin(
    { from: 'thread.failed', on: 'thread.reload', to: 'thread.loading' },
    'Try again reads the newest page again; once read, the error and an earlier page’s error are gone',
    async () => {
      const flow = start();
      await flow.loadMessages.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'thread.reload' });
      expect(flow.value()).toBe('loading');
      expect(flow.loadMessages.started).toBe(2);
      await flow.loadMessages.resolve(page(1, 2, null));
      expect(flow.context()).toMatchObject({ error: null, earlierError: null, earlier: null });
    },
  );

  pin(
    { from: 'thread.ready', on: 'message.change', to: null },
    'the text is kept; its check shows only after a Send, then follows the text',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'message.change', value: '   ' });
      expect(flow.context()).toMatchObject({ draft: '   ', draftError: null });
      flow.actor.send({ type: 'message.send' });
      expect(flow.context().draftError).toEqual(REQUIRED);
      flow.actor.send({ type: 'message.change', value: 'a'.repeat(2001) });
      expect(flow.context().draftError).toEqual(TOO_LONG);
      flow.actor.send({ type: 'message.change', value: 'Deal' });
      expect(flow.context().draftError).toBeNull();
      flow.actor.send({ type: 'message.change', value: '' });
      expect(flow.context().draftError).toBeNull();
    },
  );

  pin(
    { from: 'thread.ready', on: 'message.send', guard: 'draftOk', to: 'thread.sending' },
    'a message is sent trimmed, to this offer; the check and the last refusal clear',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'message.change', value: 'Deal' });
      flow.actor.send({ type: 'message.send' });
      await flow.postMessage.reject(apiRefusal('Slow down', 429));
      expect(flow.context().error).toBe('Slow down');
      flow.actor.send({ type: 'message.change', value: ' Deal! ' });
      flow.actor.send({ type: 'message.send' });
      expect(flow.value()).toBe('sending');
      expect(flow.postMessage.inputs.at(-1)).toEqual({ offerId: 'off_1', body: 'Deal!' });
      expect(flow.context()).toMatchObject({ error: null, draftError: null });
    },
  );

  pin(
    { from: 'thread.ready', on: 'message.send', to: null },
    'an empty or too long message shows the check and sends nothing',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'message.send' });
      expect(flow.context().draftError).toEqual(REQUIRED);
      flow.actor.send({ type: 'message.change', value: 'a'.repeat(2001) });
      flow.actor.send({ type: 'message.send' });
      expect(flow.context().draftError).toEqual(TOO_LONG);
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.postMessage.started).toBe(0);
    },
  );

  pin(
    { from: 'thread.ready', on: 'thread.reload', to: 'thread.loading' },
    'Reload reads the newest page again, the text kept',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'message.change', value: 'Half written' });
      flow.actor.send({ type: 'thread.reload' });
      expect(flow.value()).toBe('loading');
      expect(flow.loadMessages.started).toBe(2);
      expect(flow.context().draft).toBe('Half written');
    },
  );

  pin(
    { from: 'thread.ready.idle', on: 'thread.refresh', to: 'thread.ready.refreshing' },
    'live news reads the newest page again in the background; the composer stays usable',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'thread.refresh' });
      expect(flow.value()).toEqual({ ready: 'refreshing' });
      expect(flow.loadMessages.inputs.at(-1)).toEqual({ offerId: 'off_1', before: null });
      flow.actor.send({ type: 'message.change', value: 'Still typing' });
      expect(flow.context().draft).toBe('Still typing');
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4']);
    },
  );

  pin(
    { from: 'thread.ready.idle', on: 'thread.loadEarlier', guard: 'hasEarlier', to: 'thread.ready.loadingEarlier' },
    'Load earlier messages reads the page before the oldest shown, by its cursor; the last failure clears',
    async () => {
      const flow = await loadingEarlier();
      expect(flow.loadEarlier.inputs).toEqual([{ offerId: 'off_1', before: 'c3' }]);
      await flow.loadEarlier.reject(new Error('Failed to fetch'));
      expect(flow.context().earlierError).toBe('Failed to fetch');
      flow.actor.send({ type: 'thread.loadEarlier' });
      expect(flow.context().earlierError).toBeNull();
      expect(flow.loadEarlier.started).toBe(2);
    },
  );

  it('at the start of the thread there is nothing earlier to read', async () => {
    const flow = start();
    await flow.loadMessages.resolve(page(1, 2, null));
    flow.actor.send({ type: 'thread.loadEarlier' });
    expect(flow.value()).toEqual({ ready: 'idle' });
    expect(flow.loadEarlier.started).toBe(0);
  });

  pin(
    { from: 'thread.ready.loadingEarlier', on: 'thread.refresh', to: null },
    'news while an earlier page is read waits for it',
    async () => {
      const flow = await loadingEarlier();
      flow.actor.send({ type: 'thread.refresh' });
      expect(flow.value()).toEqual({ ready: 'loadingEarlier' });
      expect(flow.context().stale).toBe(true);
      expect(flow.loadMessages.started).toBe(1);
    },
  );

  pin(
    {
      from: 'thread.ready.loadingEarlier',
      on: 'xstate.done.actor.loadEarlier',
      guard: 'stale',
      to: 'thread.ready.refreshing',
    },
    'with news waiting, the earlier page goes in and the newest is read',
    async () => {
      const flow = await loadingEarlier();
      flow.actor.send({ type: 'thread.refresh' });
      await flow.loadEarlier.resolve(page(1, 2, null));
      expect(flow.received).toContain('xstate.done.actor.loadEarlier');
      expect(flow.value()).toEqual({ ready: 'refreshing' });
      expect(flow.context()).toMatchObject({ stale: false, earlier: null });
      expect(ids(flow.context().messages)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
      expect(flow.loadMessages.started).toBe(2);
    },
  );

  pin(
    { from: 'thread.ready.loadingEarlier', on: 'xstate.done.actor.loadEarlier', to: 'thread.ready.idle' },
    'the earlier page goes before what is shown, and its cursor is the next',
    async () => {
      const flow = await loadingEarlier();
      await flow.loadEarlier.resolve(page(1, 2, 'c1'));
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(ids(flow.context().messages)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
      expect(flow.context().earlier).toBe('c1');
      expect(flow.loadMessages.started).toBe(1);
    },
  );

  pin(
    {
      from: 'thread.ready.loadingEarlier',
      on: 'xstate.error.actor.loadEarlier',
      guard: 'stale',
      to: 'thread.ready.refreshing',
    },
    'with news waiting, a failed earlier page says why and the newest is read',
    async () => {
      const flow = await loadingEarlier();
      flow.actor.send({ type: 'thread.refresh' });
      await flow.loadEarlier.reject(new Error('Failed to fetch'));
      expect(flow.received).toContain('xstate.error.actor.loadEarlier');
      expect(flow.value()).toEqual({ ready: 'refreshing' });
      expect(flow.context()).toMatchObject({ stale: false, earlierError: 'Failed to fetch', earlier: 'c3' });
    },
  );

  pin(
    { from: 'thread.ready.loadingEarlier', on: 'xstate.error.actor.loadEarlier', to: 'thread.ready.idle' },
    'a failed earlier page says why; what is shown and its cursor stay',
    async () => {
      const flow = await loadingEarlier();
      await flow.loadEarlier.reject(new Error('Failed to fetch'));
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.context()).toMatchObject({ earlierError: 'Failed to fetch', earlier: 'c3', stale: false });
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4']);
    },
  );

  pin(
    { from: 'thread.ready.refreshing', on: 'thread.refresh', to: 'thread.ready.refreshing' },
    'more news while reading starts the read again, and the last answer counts',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'thread.refresh' });
      flow.actor.send({ type: 'thread.refresh' });
      expect(flow.value()).toEqual({ ready: 'refreshing' });
      expect(flow.loadMessages.started).toBe(3);
      await flow.loadMessages.resolve(page(3, 6, 'c3'));
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4', 'msg_5', 'msg_6']);
    },
  );

  pin(
    { from: 'thread.ready.refreshing', on: 'xstate.done.actor.loadMessages', to: 'thread.ready.idle' },
    'the newest page is merged into what is shown',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'thread.refresh' });
      await flow.loadMessages.resolve(page(4, 5, 'c4'));
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4', 'msg_5']);
      expect(flow.context().earlier).toBe('c3');
    },
  );

  pin(
    { from: 'thread.ready.refreshing', on: 'xstate.error.actor.loadMessages', to: 'thread.ready.idle' },
    'a failed background read keeps what is shown, without an error',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'thread.refresh' });
      await flow.loadMessages.reject(new Error('Failed to fetch'));
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.context()).toMatchObject({ error: null, earlier: 'c3' });
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4']);
    },
  );

  pin(
    { from: 'thread.sending', on: 'thread.refresh', to: null },
    'news while a message is sent waits for the send',
    async () => {
      const flow = await sending();
      flow.actor.send({ type: 'thread.refresh' });
      expect(flow.value()).toBe('sending');
      expect(flow.context().stale).toBe(true);
      expect(flow.loadMessages.started).toBe(1);
    },
  );

  pin(
    { from: 'thread.sending', on: 'xstate.done.actor.postMessage', guard: 'stale', to: 'thread.ready.refreshing' },
    'with news waiting, the sent message is shown once, the text cleared, and the newest page read',
    async () => {
      const flow = await sending();
      flow.actor.send({ type: 'thread.refresh' });
      flow.actor.send({ type: 'message.received', message: message(5, true) });
      await flow.postMessage.resolve(message(5, true));
      expect(flow.received).toContain('xstate.done.actor.postMessage');
      expect(flow.value()).toEqual({ ready: 'refreshing' });
      expect(flow.context()).toMatchObject({ draft: '', stale: false });
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4', 'msg_5']);
      expect(flow.loadMessages.started).toBe(2);
    },
  );

  pin(
    { from: 'thread.sending', on: 'xstate.done.actor.postMessage', to: 'thread.ready' },
    'the sent message is shown after the others and the text cleared',
    async () => {
      const flow = await sending();
      await flow.postMessage.resolve(message(5, true));
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.context().draft).toBe('');
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4', 'msg_5']);
      expect(flow.loadMessages.started).toBe(1);
    },
  );

  pin(
    { from: 'thread.sending', on: 'xstate.error.actor.postMessage', guard: 'stale', to: 'thread.ready.refreshing' },
    'with news waiting, a refusal is shown, the text kept, and the newest page read',
    async () => {
      const flow = await sending();
      flow.actor.send({ type: 'thread.refresh' });
      await flow.postMessage.reject(apiRefusal('Slow down', 429));
      expect(flow.received).toContain('xstate.error.actor.postMessage');
      expect(flow.value()).toEqual({ ready: 'refreshing' });
      expect(flow.context()).toMatchObject({ error: 'Slow down', draft: ' Deal! ', stale: false });
      expect(flow.loadMessages.started).toBe(2);
    },
  );

  pin(
    { from: 'thread.sending', on: 'xstate.error.actor.postMessage', to: 'thread.ready' },
    "a refusal shows the server's message and keeps the text to send again",
    async () => {
      const flow = await sending();
      await flow.postMessage.reject(apiRefusal('Slow down', 429));
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.context()).toMatchObject({ error: 'Slow down', draft: ' Deal! ' });
      expect(ids(flow.context().messages)).toEqual(['msg_3', 'msg_4']);
      expect(flow.loadMessages.started).toBe(1);
    },
  );

  pinsEveryTransition();
});
