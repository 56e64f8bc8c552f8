// The chat bot of one offer (docs/product.md §Deliverables, "The chat bot"): the creator's accepted offer opens it in a
// dialog (GET /api/offers/:id/bot): the line the bot posts, whether it is posting, paused, waiting for the stream or
// for the creator's consent, and its last posts with their status as proof; the creator pauses and resumes it (PUT
// /api/offers/:id/bot). The advertiser opens the same posts read-only from its campaign page.
import { assign, setup } from 'xstate';
import type { BotPost, DeliverableProgress } from '@/contract/schemas/deliverables';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** GET /api/offers/:id/bot's answer. */
export interface OfferBotAnswer {
  progress: DeliverableProgress;
  posts: BotPost[];
}

export interface OfferBotContext {
  offerId: string;
  /** The advertiser reads the posts; only the creator pauses. */
  readOnly: boolean;
  bot: OfferBotAnswer | null;
  /** Why the bot could not be read (failed) or why a pause or resume was refused (ready). */
  error: string | null;
}

export type OfferBotEvent =
  | { type: 'bot.open' }
  | { type: 'bot.close' }
  | { type: 'bot.retry' }
  | { type: 'bot.refresh' }
  | { type: 'bot.pause' }
  | { type: 'bot.resume' };

export const offerBotMachine = setup({
  types: {
    context: {} as OfferBotContext,
    events: {} as OfferBotEvent,
    input: {} as { offerId: string; readOnly?: boolean },
  },
  actors: {
    /** GET /api/offers/:id/bot → the progress and the last 100 posts, newest first. */
    loadBot: service<OfferBotAnswer, { offerId: string }>('loadBot'),
    /** PUT /api/offers/:id/bot `{ paused }` → the same answer, as it now stands. */
    setBotPaused: service<OfferBotAnswer, { offerId: string; paused: boolean }>('setBotPaused'),
  },
  guards: {
    mayPause: ({ context }) => !context.readOnly && context.bot?.progress.chat?.paused === false,
    mayResume: ({ context }) => !context.readOnly && context.bot?.progress.chat?.paused === true,
  },
}).createMachine({
  id: 'offerBot',
  context: ({ input }) => ({ offerId: input.offerId, readOnly: input.readOnly ?? false, bot: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'bot.open': { target: 'loading', actions: assign({ error: null }) } },
    },
    loading: {
      tags: ['busy'],
      on: { 'bot.close': 'closed' },
      invoke: {
        id: 'loadBot',
        src: 'loadBot',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: { target: 'ready', actions: assign({ bot: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'bot.retry': 'loading', 'bot.close': 'closed' },
    },
    ready: {
      on: { 'bot.close': 'closed' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'bot.refresh': 'refreshing',
            'bot.pause': { guard: 'mayPause', target: 'pausing' },
            'bot.resume': { guard: 'mayResume', target: 'resuming' },
          },
        },
        // Read again keeping what is shown (new posts since the dialog opened).
        refreshing: {
          invoke: {
            id: 'loadBot',
            src: 'loadBot',
            input: ({ context }) => ({ offerId: context.offerId }),
            onDone: { target: 'idle', actions: assign({ bot: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        // The server's refusal (the offer ended, say) is shown; what is shown stays as it was.
        pausing: {
          tags: ['busy'],
          invoke: {
            id: 'setBotPaused',
            src: 'setBotPaused',
            input: ({ context }) => ({ offerId: context.offerId, paused: true }),
            onDone: { target: 'idle', actions: assign({ bot: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        resuming: {
          tags: ['busy'],
          invoke: {
            id: 'setBotPaused',
            src: 'setBotPaused',
            input: ({ context }) => ({ offerId: context.offerId, paused: false }),
            onDone: { target: 'idle', actions: assign({ bot: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
