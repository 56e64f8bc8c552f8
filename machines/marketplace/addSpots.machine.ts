// More spots on a running campaign (issue 48 item 6; docs/product.md §Money: a campaign reserves pay × spots): Add
// spots opens a confirmation that first reads the balance, then says what the added spots reserve, the balance now and
// after, and the budget before and after, as the launch confirmation does; the advertiser chooses how many (a whole
// number from 1), and confirms (POST /api/campaigns/:id/spots, which reserves them in the same transaction). A
// balance that cannot carry it (too little, or money owed for a card dispute) makes the dialog's action Add Funds
// instead (the view goes to Funds). The server's refusal stays in the dialog; once added, the page hears the campaign
// with its new spots and the dialog closes.
import { assign, setup } from 'xstate';
import type { Campaign } from '@/contract';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';
import type { LaunchFunds } from './campaignControls.machine';

export interface AddSpotsContext {
  campaignId: string;
  payCents: number;
  /** The campaign's spots now. */
  spots: number;
  /** How many to add, as typed. */
  count: string;
  /** The free balance, read when the dialog opens; null until read or when it could not be. */
  balanceCents: number | null;
  /** What a card dispute left owed: while above 0, nothing is reserved. */
  owed: { cents: number; disputeOpen: boolean } | null;
  /** The server's refusal. */
  error: string | null;
}

export type AddSpotsEvent =
  | { type: 'spots.open' }
  | { type: 'spots.close' }
  | { type: 'count.change'; value: string }
  | { type: 'spots.confirm' };

/** The spots to add, when `count` is a whole number the campaign can take; else null. */
export function spotsToAdd(context: Pick<AddSpotsContext, 'count' | 'spots'>): number | null {
  const text = context.count.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && context.spots + value <= MARKETPLACE_LIMITS.maxSpots ? value : null;
}

export const addSpotsMachine = setup({
  types: {
    context: {} as AddSpotsContext,
    events: {} as AddSpotsEvent,
    input: {} as { campaignId: string; payCents: number; spots: number },
  },
  actors: {
    /** GET /api/advertiser/balance → the free balance and what a card dispute left owed. */
    loadBalance: service<LaunchFunds>('loadBalance'),
    /** POST /api/campaigns/:id/spots → the campaign with its new spots (`from`: its spots when asked, for the key). */
    addSpots: service<Campaign, { id: string; spots: number; from: number }>('addSpots'),
  },
  actions: {
    /** Tells the page the campaign changed. */
    campaignChanged: effect<{ campaign: Campaign }>('campaignChanged'),
  },
  guards: {
    validCount: ({ context }) => spotsToAdd(context) !== null,
  },
}).createMachine({
  id: 'addSpots',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    payCents: input.payCents,
    spots: input.spots,
    count: '1',
    balanceCents: null,
    owed: null,
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'spots.open': {
          target: 'open',
          actions: assign({ count: '1', error: null, balanceCents: null, owed: null }),
        },
      },
    },
    open: {
      initial: 'reading',
      states: {
        // The balance is read for the dialog; without it the dialog still asks, without the balance after.
        reading: {
          on: { 'spots.close': '#addSpots.closed' },
          invoke: {
            id: 'loadBalance',
            src: 'loadBalance',
            onDone: {
              target: 'asking',
              actions: assign({
                balanceCents: ({ event }) => event.output.balanceCents,
                owed: ({ event }) =>
                  event.output.owedCents > 0
                    ? { cents: event.output.owedCents, disputeOpen: event.output.owedDispute === 'open' }
                    : null,
              }),
            },
            onError: { target: 'asking' },
          },
        },
        asking: {
          on: {
            'spots.close': '#addSpots.closed',
            'count.change': { actions: assign({ count: ({ event }) => event.value, error: null }) },
            'spots.confirm': { guard: 'validCount', target: 'adding', actions: assign({ error: null }) },
          },
        },
        adding: {
          tags: ['busy'],
          invoke: {
            id: 'addSpots',
            src: 'addSpots',
            input: ({ context }) => ({
              id: context.campaignId,
              spots: spotsToAdd(context) ?? 1,
              from: context.spots,
            }),
            onDone: {
              target: '#addSpots.closed',
              actions: [
                assign({ spots: ({ event }) => event.output.spots }),
                { type: 'campaignChanged', params: ({ event }) => ({ campaign: event.output }) },
              ],
            },
            onError: { target: 'asking', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
