// A new advertiser's checklist on Campaigns (docs/product.md §Advertiser onboarding): company profile → approval → funds →
// campaign → launch, each step's state read from GET /api/advertiser/checklist, shown until the first launch. Live news
// that moves a step (the profile approved or rejected, a deposit recorded) reads it again while it stays on screen.
import { assign, setup } from 'xstate';
import type { AdvertiserChecklist } from '@/contract';
import { listener } from '../listener';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface AdvertiserChecklistContext {
  checklist: AdvertiserChecklist | null;
  error: string | null;
}

export type AdvertiserChecklistEvent = { type: 'checklist.retry' } | { type: 'checklist.reload' };

export const advertiserChecklistMachine = setup({
  types: { context: {} as AdvertiserChecklistContext, events: {} as AdvertiserChecklistEvent },
  actors: {
    /** GET /api/advertiser/checklist. */
    loadChecklist: service<AdvertiserChecklist>('loadChecklist'),
    /** Live notifications that move a step, sent back as `checklist.reload`. */
    liveFeed: listener('liveFeed'),
  },
}).createMachine({
  id: 'advertiserChecklist',
  context: { checklist: null, error: null },
  invoke: { id: 'liveFeed', src: 'liveFeed' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadChecklist',
        src: 'loadChecklist',
        onDone: { target: 'ready', actions: assign({ checklist: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'checklist.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'checklist.reload': 'reloading' } },
        // The steps stay as they were until the new answer; a failed read keeps them.
        reloading: {
          invoke: {
            id: 'loadChecklist',
            src: 'loadChecklist',
            onDone: { target: 'idle', actions: assign({ checklist: ({ event }) => event.output }) },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
