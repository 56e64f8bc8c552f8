// A campaign's life-cycle controls (docs/product.md §Marketplace "Advertiser workspace", docs/product.md "Campaign": draft → active ⇄ paused →
// completed | cancelled): launch and cancel after a confirmation (launching first reads the balance, so the dialog
// says what it reserves and what is left, docs/product.md §Advertiser onboarding), pause, resume. Only the actions CAMPAIGN_ACTIONS
// allows from the current status are offered; a refusal (409: no approved profile, no platform…) shows the server's
// message. The page starts new controls when the campaign's status changes (they are keyed by it).
import { assign, setup } from 'xstate';
import type { Campaign } from '@/contract';
import { CAMPAIGN_ACTIONS, type CampaignAction, type CampaignStatus } from '@/contract/marketplace';
import { effect, service } from '../placeholders';
import { errorText } from '../messages';

export const campaignActions = Object.keys(CAMPAIGN_ACTIONS) as CampaignAction[];

/** The actions a campaign in `status` offers. */
export function actionsFor(status: CampaignStatus): CampaignAction[] {
  return campaignActions.filter((action) => (CAMPAIGN_ACTIONS[action] as readonly CampaignStatus[]).includes(status));
}

/** What the launch confirmation reads of the advertiser's funds (GET /api/advertiser/balance). */
export interface LaunchFunds {
  /** The free balance, in cents. */
  balanceCents: number;
  /** Owed for a card dispute (docs/product.md §Card disputes): while above 0, the launch is refused. */
  owedCents: number;
  /** Behind what is owed: a dispute still open, or only lost ones. */
  owedDispute: 'open' | 'lost' | null;
}

export interface CampaignControlsContext {
  campaignId: string;
  status: CampaignStatus;
  /** What launching reserves: pay × spots, in cents. */
  reserveCents: number;
  /** The advertiser's free balance, read when a launch is asked; null until read or when it could not be. */
  balanceCents: number | null;
  /** What a card dispute left owed, read with the balance; launches wait while it is above 0. */
  owed: { cents: number; disputeOpen: boolean } | null;
  /** The action asked for (confirming or under way). */
  action: CampaignAction | null;
  /** The server's refusal of the last action. */
  error: string | null;
}

export type CampaignControlsEvent =
  | { type: 'control.run'; action: CampaignAction }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'launch.confirm' }
  | { type: 'launch.dismiss' };

export const campaignControlsMachine = setup({
  types: {
    context: {} as CampaignControlsContext,
    events: {} as CampaignControlsEvent,
    input: {} as { campaignId: string; status: CampaignStatus; reserveCents: number },
  },
  actors: {
    /** GET /api/advertiser/balance → the free balance and what a card dispute left owed. */
    loadBalance: service<LaunchFunds>('loadBalance'),
    /** POST /api/campaigns/:id/<action> → the campaign in its new status. */
    runCampaignAction: service<Campaign, { id: string; action: CampaignAction }>('runCampaignAction'),
  },
  actions: {
    /** Tells the page the campaign changed. */
    campaignChanged: effect<{ campaign: Campaign }>('campaignChanged'),
  },
  guards: {
    cancelAllowed: ({ context, event }) =>
      event.type === 'control.run' && event.action === 'cancel' && actionsFor(context.status).includes('cancel'),
    launchAllowed: ({ context, event }) =>
      event.type === 'control.run' && event.action === 'launch' && actionsFor(context.status).includes('launch'),
    allowed: ({ context, event }) => event.type === 'control.run' && actionsFor(context.status).includes(event.action),
  },
}).createMachine({
  id: 'campaignControls',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    status: input.status,
    reserveCents: input.reserveCents,
    balanceCents: null,
    owed: null,
    action: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'control.run': [
          // Cancelling cannot be undone: it asks first.
          { guard: 'cancelAllowed', target: 'confirming', actions: assign({ action: 'cancel', error: null }) },
          // Launching moves pay × spots out of the free balance: it asks first, showing both.
          {
            guard: 'launchAllowed',
            target: 'confirmingLaunch',
            actions: assign({ action: 'launch', error: null, balanceCents: null, owed: null }),
          },
          { guard: 'allowed', target: 'acting', actions: assign({ action: ({ event }) => event.action, error: null }) },
        ],
      },
    },
    confirming: {
      on: {
        'cancel.confirm': 'acting',
        'cancel.dismiss': { target: 'idle', actions: assign({ action: null }) },
      },
    },
    confirmingLaunch: {
      initial: 'reading',
      on: {
        'launch.confirm': 'acting',
        'launch.dismiss': { target: 'idle', actions: assign({ action: null }) },
      },
      states: {
        // The balance is read for the dialog; without it the dialog still asks, without the balance after.
        reading: {
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
        asking: {},
      },
    },
    acting: {
      invoke: {
        id: 'runCampaignAction',
        src: 'runCampaignAction',
        input: ({ context }) => ({ id: context.campaignId, action: context.action ?? 'launch' }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ status: ({ event }) => event.output.status, action: null }),
            { type: 'campaignChanged', params: ({ event }) => ({ campaign: event.output }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error), action: null }) },
      },
    },
  },
});
