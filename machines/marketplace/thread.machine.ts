// An offer's thread (docs/product.md §Offers, threads, notifications "Threads", docs/product.md "Thread"): the messages between its creator and advertiser,
// newest last; either side writes (≤ 2,000 characters, plain text). Generic: the creator's offer cards and the
// advertiser's campaign page both open it with the offer's id. It opens on the newest page of the thread; "Load
// earlier messages" reads the page before the oldest shown, by its cursor. Live news of the offer (a notification
// naming it) reads the newest page again in the background, without disturbing the composer. A refused send (a 429
// when writing too fast) shows the server's message and keeps the text.
import { assign, setup } from 'xstate';
import type { ResponseBody, ThreadMessage } from '@/contract';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import { errorText } from '../messages';
import { listener } from '../listener';
import { service } from '../placeholders';

/**
 * Why a message cannot be sent, as an id and the values its text reads (docs/architecture.md §Languages): the views
 * word it in their language (src/marketplace/offerDialogsWords.ts).
 */
export type MessageProblem = { id: 'required' } | { id: 'messageTooLong'; max: number };

export const MESSAGE_REQUIRED: MessageProblem = { id: 'required' };
export const MESSAGE_TOO_LONG: MessageProblem = { id: 'messageTooLong', max: MARKETPLACE_LIMITS.message };

/** Why a message cannot be sent, or null. */
export function messageProblem(text: string): MessageProblem | null {
  if (text.trim() === '') return MESSAGE_REQUIRED;
  if (text.length > MARKETPLACE_LIMITS.message) return MESSAGE_TOO_LONG;
  return null;
}

/** A page of the thread: its messages oldest first, and the cursor of the page before it (null: the thread's start). */
export type ThreadPage = ResponseBody<'listMessages'>;

export interface ThreadContext {
  offerId: string;
  /** The pages read so far, oldest first. */
  messages: ThreadMessage[];
  /** The cursor of the page before the oldest message shown; null when the thread's start is shown. */
  earlier: string | null;
  /** Why the earlier page could not be read. */
  earlierError: string | null;
  draft: string;
  /** The composer's own check. */
  draftError: MessageProblem | null;
  /** The server's answer to a failed read or send. */
  error: string | null;
  /** News arrived while a message was being sent: read the thread again once it is. */
  stale: boolean;
}

export type ThreadEvent =
  | { type: 'message.change'; value: string }
  | { type: 'message.send' }
  /** A message that arrived some other way (a live notification): appended unless already shown. */
  | { type: 'message.received'; message: ThreadMessage }
  | { type: 'thread.reload' }
  /** "Load earlier messages": the page before the oldest shown. */
  | { type: 'thread.loadEarlier' }
  /** Live news of this offer: read the messages again in the background. */
  | { type: 'thread.refresh' };

const appendOnce = (messages: ThreadMessage[], message: ThreadMessage) =>
  messages.some((m) => m.id === message.id) ? messages : [...messages, message];

/**
 * The newest page read again, merged into what is shown: the older messages shown before it, then the page, then any
 * message shown here that it did not include yet. A page that does not reach what is shown (more messages arrived
 * than a page holds) replaces it, with its own cursor: no gap is ever shown.
 */
export function mergeNewest(shown: Pick<ThreadContext, 'messages' | 'earlier'>, page: ThreadPage) {
  const inPage = new Set(page.messages.map((m) => m.id));
  const first = shown.messages.findIndex((m) => inPage.has(m.id));
  if (first === -1 && page.earlier !== null) return { messages: page.messages, earlier: page.earlier };
  const older = first === -1 ? [] : shown.messages.slice(0, first);
  return {
    // Then what is shown beyond the page: appendOnce leaves out the messages already there (the older ones, the page's).
    messages: shown.messages.reduce(appendOnce, [...older, ...page.messages]),
    earlier: first > 0 ? shown.earlier : page.earlier,
  };
}

/** An earlier page put before what is shown. */
export function mergeEarlier(shown: ThreadMessage[], page: ThreadPage) {
  const inPage = new Set(page.messages.map((m) => m.id));
  return { messages: [...page.messages, ...shown.filter((m) => !inPage.has(m.id))], earlier: page.earlier };
}

export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    input: {} as { offerId: string },
  },
  actors: {
    /** GET /api/offers/:id/messages: the newest page, or the one before cursor `before`. */
    loadMessages: service<ThreadPage, { offerId: string; before: string | null }>('loadMessages'),
    /** The same request for an earlier page: the one before cursor `before`. */
    loadEarlier: service<ThreadPage, { offerId: string; before: string | null }>('loadEarlier'),
    /** POST /api/offers/:id/messages → the stored message. */
    postMessage: service<ThreadMessage, { offerId: string; body: string }>('postMessage'),
    /** The live notifications hub: sends `thread.refresh` when a notification names this offer. */
    liveFeed: listener<{ offerId: string }>('liveFeed'),
  },
  guards: {
    draftOk: ({ context }) => messageProblem(context.draft) === null,
    stale: ({ context }) => context.stale,
    hasEarlier: ({ context }) => context.earlier !== null,
  },
  actions: {
    receive: assign({
      messages: ({ context, event }) =>
        event.type === 'message.received' ? appendOnce(context.messages, event.message) : context.messages,
    }),
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({
    offerId: input.offerId,
    messages: [],
    earlier: null,
    earlierError: null,
    draft: '',
    draftError: null,
    error: null,
    stale: false,
  }),
  initial: 'loading',
  invoke: { id: 'liveFeed', src: 'liveFeed', input: ({ context }) => ({ offerId: context.offerId }) },
  on: { 'message.received': { actions: 'receive' } },
  states: {
    loading: {
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ offerId: context.offerId, before: null }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            messages: event.output.messages,
            earlier: event.output.earlier,
            earlierError: null,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'thread.reload': 'loading' },
    },
    ready: {
      on: {
        'message.change': {
          // Once shown, the check follows the text as it is corrected.
          actions: assign(({ context, event }) => ({
            draft: event.value,
            draftError: context.draftError ? messageProblem(event.value) : null,
          })),
        },
        'message.send': [
          { guard: 'draftOk', target: 'sending', actions: assign({ draftError: null, error: null }) },
          { actions: assign({ draftError: ({ context }) => messageProblem(context.draft) }) },
        ],
        'thread.reload': 'loading',
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'thread.refresh': 'refreshing',
            'thread.loadEarlier': {
              guard: 'hasEarlier',
              target: 'loadingEarlier',
              actions: assign({ earlierError: null }),
            },
          },
        },
        // The page before the oldest shown; news meanwhile reads the newest page once it is in.
        loadingEarlier: {
          on: { 'thread.refresh': { actions: assign({ stale: true }) } },
          invoke: {
            id: 'loadEarlier',
            src: 'loadEarlier',
            input: ({ context }) => ({ offerId: context.offerId, before: context.earlier }),
            onDone: [
              {
                guard: 'stale',
                target: 'refreshing',
                actions: assign(({ context, event }) => ({
                  ...mergeEarlier(context.messages, event.output),
                  stale: false,
                })),
              },
              { target: 'idle', actions: assign(({ context, event }) => mergeEarlier(context.messages, event.output)) },
            ],
            onError: [
              {
                guard: 'stale',
                target: 'refreshing',
                actions: assign({ earlierError: ({ event }) => errorText(event.error), stale: false }),
              },
              { target: 'idle', actions: assign({ earlierError: ({ event }) => errorText(event.error) }) },
            ],
          },
        },
        // The messages are read again while they stay shown and the composer stays usable; a failure keeps them.
        refreshing: {
          on: { 'thread.refresh': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => ({ offerId: context.offerId, before: null }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => mergeNewest(context, event.output)),
            },
            onError: 'idle',
          },
        },
      },
    },
    sending: {
      on: { 'thread.refresh': { actions: assign({ stale: true }) } },
      invoke: {
        id: 'postMessage',
        src: 'postMessage',
        input: ({ context }) => ({ offerId: context.offerId, body: context.draft.trim() }),
        onDone: [
          {
            guard: 'stale',
            target: 'ready.refreshing',
            actions: assign(({ context, event }) => ({
              messages: appendOnce(context.messages, event.output),
              draft: '',
              stale: false,
            })),
          },
          {
            target: 'ready',
            actions: assign(({ context, event }) => ({
              messages: appendOnce(context.messages, event.output),
              draft: '',
            })),
          },
        ],
        // The text stays, so it can be sent again.
        onError: [
          {
            guard: 'stale',
            target: 'ready.refreshing',
            actions: assign({ error: ({ event }) => errorText(event.error), stale: false }),
          },
          { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
  },
});
