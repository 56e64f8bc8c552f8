// An offer's thread (docs/product.md §Offers, threads, notifications "Threads", docs/product.md "Thread"): the messages between its creator and advertiser,
// newest last; either side writes (≤ 2,000 characters, plain text). Generic: the creator's offer cards and the
// advertiser's campaign page both open it with the offer's id. Live news of the offer (a notification naming it) reads
// the messages again in the background, without disturbing the composer.
import { assign, setup } from 'xstate';
import type { ThreadMessage } from '@/contract';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import { errorText, REQUIRED_MESSAGE } from '../messages';
import { listener } from '../listener';
import { service } from '../placeholders';

export const MESSAGE_TOO_LONG = `Keep the message under ${MARKETPLACE_LIMITS.message.toLocaleString('en-US')} characters.`;

/** Why a message cannot be sent, or null. */
export function messageProblem(text: string): string | null {
  if (text.trim() === '') return REQUIRED_MESSAGE;
  if (text.length > MARKETPLACE_LIMITS.message) return MESSAGE_TOO_LONG;
  return null;
}

export interface ThreadContext {
  offerId: string;
  messages: ThreadMessage[];
  draft: string;
  /** The composer's own check. */
  draftError: string | null;
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
  /** Live news of this offer: read the messages again in the background. */
  | { type: 'thread.refresh' };

const appendOnce = (messages: ThreadMessage[], message: ThreadMessage) =>
  messages.some((m) => m.id === message.id) ? messages : [...messages, message];

/** The server's list, then any message shown here that it did not include yet. */
const mergeMessages = (read: ThreadMessage[], shown: ThreadMessage[]) => shown.reduce(appendOnce, read);

export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    input: {} as { offerId: string },
  },
  actors: {
    /** GET /api/offers/:id/messages. */
    loadMessages: service<ThreadMessage[], { offerId: string }>('loadMessages'),
    /** POST /api/offers/:id/messages → the stored message. */
    postMessage: service<ThreadMessage, { offerId: string; body: string }>('postMessage'),
    /** The live notifications hub: sends `thread.refresh` when a notification names this offer. */
    liveFeed: listener<{ offerId: string }>('liveFeed'),
  },
  guards: {
    draftOk: ({ context }) => messageProblem(context.draft) === null,
    stale: ({ context }) => context.stale,
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
      tags: ['busy'],
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: { target: 'ready', actions: assign({ messages: ({ event }) => event.output, error: null }) },
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
          on: { 'thread.refresh': 'refreshing' },
        },
        // The messages are read again while they stay shown and the composer stays usable; a failure keeps them.
        refreshing: {
          on: { 'thread.refresh': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => ({ offerId: context.offerId }),
            onDone: {
              target: 'idle',
              actions: assign({ messages: ({ context, event }) => mergeMessages(event.output, context.messages) }),
            },
            onError: 'idle',
          },
        },
      },
    },
    sending: {
      tags: ['busy'],
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
