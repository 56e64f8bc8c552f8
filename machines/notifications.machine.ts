// Notifications modal and its Clear All: cards fade one after another 100 ms apart, each hidden 1,500 ms after its fade starts (SPEC §2 Notifications modal, §4 Notifications, §9).
import { assign, setup } from 'xstate';
import { CARD_HIDE_AFTER_FADE_MS, CLEAR_ALL_STAGGER_MS } from './timing';

export interface NotificationsContext {
  /** How many cards the modal lists (the static placeholders). */
  count: number;
  /** Cards 0…faded-1 have started fading. */
  faded: number;
  /** Cards 0…hidden-1 are hidden. */
  hidden: number;
}

export type CardPhase = 'visible' | 'fading' | 'hidden';

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as { type: 'notifications.open' } | { type: 'notifications.close' } | { type: 'notifications.clearAll' },
    input: {} as { count: number },
  },
  delays: {
    stagger: CLEAR_ALL_STAGGER_MS,
    cardHide: CARD_HIDE_AFTER_FADE_MS,
  },
  actions: {
    reset: assign({ faded: 0, hidden: 0 }),
    fadeNext: assign({ faded: ({ context }) => Math.min(context.count, context.faded + 1) }),
    hideNext: assign({ hidden: ({ context }) => Math.min(context.count, context.hidden + 1) }),
  },
  guards: {
    allFaded: ({ context }) => context.faded >= context.count,
    allHidden: ({ context }) => context.hidden >= context.count,
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ count: input.count, faded: 0, hidden: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'notifications.open': 'open' },
    },
    open: {
      // The cards are static placeholders: every opening lists them again.
      entry: 'reset',
      initial: 'listing',
      on: { 'notifications.close': 'closed' },
      states: {
        listing: {
          on: { 'notifications.clearAll': 'clearing' },
        },
        // Two timelines side by side: fades start every 100 ms; hides start 1,500 ms after the first fade, then every 100 ms,
        // so each card is hidden exactly 1,500 ms after its own fade began.
        clearing: {
          type: 'parallel',
          entry: 'fadeNext',
          onDone: 'cleared',
          states: {
            fading: {
              initial: 'staggering',
              states: {
                staggering: {
                  always: { guard: 'allFaded', target: 'done' },
                  after: { stagger: { target: 'staggering', reenter: true, actions: 'fadeNext' } },
                },
                done: { type: 'final' },
              },
            },
            hiding: {
              initial: 'waiting',
              states: {
                waiting: {
                  after: { cardHide: { target: 'staggering', actions: 'hideNext' } },
                },
                staggering: {
                  always: { guard: 'allHidden', target: 'done' },
                  after: { stagger: { target: 'staggering', reenter: true, actions: 'hideNext' } },
                },
                done: { type: 'final' },
              },
            },
          },
        },
        cleared: {},
      },
    },
  },
});
