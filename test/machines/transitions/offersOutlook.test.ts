// The empty Newley Offers tab's outlook, pinned by hand (docs/product.md "Fair matching explained"): read once, its
// steps shown and the flow done; a failed read says why and offers Try again. Each pin reads what the tab reads
// (offersOutlook.select.ts) and the event names the flow receives from its call.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import type { OffersOutlook } from '@/contract';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import {
  selectOutlookError,
  selectOutlookLoading,
  selectOutlookSteps,
} from '@/machines/marketplace/offersOutlook.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const outlook: OffersOutlook = {
  runningCampaigns: 3,
  matching: 0,
  steps: [
    {
      kind: 'channel',
      title: 'Connect a channel',
      text: 'Accepting an offer needs a connected Twitch or YouTube channel.',
      details: [],
      link: { to: '/connect-accounts', label: 'Connect a channel' },
    },
  ],
};

function start() {
  const load = controlled<OffersOutlook>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(offersOutlookMachine.provide({ actors: { loadOutlook: load.logic } }), { inspect });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    load,
    received,
    snapshot,
    tab: () => ({
      loading: selectOutlookLoading(snapshot()),
      error: selectOutlookError(snapshot()),
      steps: selectOutlookSteps(snapshot()),
    }),
  };
}

describe('offersOutlook transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(offersOutlookMachine);

  pin(
    { from: 'offersOutlook.loading', on: 'xstate.done.actor.loadOutlook', to: 'offersOutlook.ready' },
    'the steps are shown and the flow is done',
    async () => {
      const flow = start();
      expect(flow.tab()).toEqual({ loading: true, error: null, steps: [] });
      expect(flow.snapshot().context).toEqual({ outlook: null, error: null });
      await flow.load.resolve(outlook);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadOutlook');
      expect(flow.snapshot().value).toBe('ready');
      expect(flow.snapshot().status).toBe('done');
      expect(flow.tab()).toEqual({ loading: false, error: null, steps: outlook.steps });
      // Read on Try again after a failure, the failure goes.
      const retried = start();
      await retried.load.reject(new Error('Failed to fetch'));
      retried.actor.send({ type: 'outlook.retry' });
      await retried.load.resolve(outlook);
      expect(retried.snapshot().context).toEqual({ outlook, error: null });
    },
  );

  pin(
    { from: 'offersOutlook.loading', on: 'xstate.error.actor.loadOutlook', to: 'offersOutlook.failed' },
    'a failed read says why',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Failed to fetch'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadOutlook');
      expect(flow.snapshot().value).toBe('failed');
      expect(flow.tab()).toEqual({ loading: false, error: 'Failed to fetch', steps: [] });
    },
  );

  pin(
    { from: 'offersOutlook.failed', on: 'outlook.retry', to: 'offersOutlook.loading' },
    'Try again reads again',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'outlook.retry' });
      expect(flow.snapshot().value).toBe('loading');
      expect(flow.tab()).toMatchObject({ loading: true, error: null });
      expect(flow.load.started).toBe(2);
    },
  );

  pinsEveryTransition();
});
