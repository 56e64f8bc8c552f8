// The addSpots flow's transitions, pinned by hand (issue 48 item 6: a running campaign takes more spots, pay × them
// reserved as a launch reserves them): source, event, expected target and what it changes — the balance read for the
// confirmation, the count typed, the request sent (campaign and spots), the campaign heard by the page, the server's
// refusal kept in the dialog.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Campaign } from '@/contract';
import { MARKETPLACE_LIMITS } from '@/contract/marketplace';
import { addSpotsMachine, spotsToAdd } from '@/machines/marketplace/addSpots.machine';
import type { LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { sampleRunningCampaign } from '@/machines/marketplace/addSpots.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });
const funds: LaunchFunds = { balanceCents: 100_000, owedCents: 0, owedDispute: null };

function start() {
  const loadBalance = controlled<LaunchFunds>();
  const addSpots = controlled<Campaign, { id: string; spots: number; from: number }>();
  const changed: Campaign[] = [];
  const actor = createActor(
    addSpotsMachine.provide({
      actors: { loadBalance: loadBalance.logic, addSpots: addSpots.logic },
      actions: { campaignChanged: (_, { campaign }) => changed.push(campaign) },
    }),
    { input: { campaignId: sampleRunningCampaign.id, payCents: 25_000, spots: 3 } },
  );
  actor.start();
  return {
    actor,
    loadBalance,
    addSpots,
    changed,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

async function asking(output: LaunchFunds = funds) {
  const flow = start();
  flow.actor.send({ type: 'spots.open' });
  await flow.loadBalance.resolve(output);
  return flow;
}

async function adding() {
  const flow = await asking();
  flow.actor.send({ type: 'count.change', value: '2' });
  flow.actor.send({ type: 'spots.confirm' });
  expect(flow.value()).toEqual({ open: 'adding' });
  return flow;
}

describe('addSpots transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(addSpotsMachine);

  pin(
    { from: 'addSpots.closed', on: 'spots.open', to: 'addSpots.open' },
    'Add Spots opens the confirmation on one spot and reads the balance',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'spots.open' });
      expect(flow.value()).toEqual({ open: 'reading' });
      expect(flow.context()).toMatchObject({ count: '1', balanceCents: null, owed: null, error: null });
      expect(flow.loadBalance.started).toBe(1);
    },
  );

  pin(
    { from: 'addSpots.open.reading', on: 'spots.close', to: 'addSpots.closed' },
    'closing while the balance is read adds nothing',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'spots.open' });
      flow.actor.send({ type: 'spots.close' });
      expect(flow.value()).toBe('closed');
      expect(flow.addSpots.started).toBe(0);
    },
  );

  pin(
    { from: 'addSpots.open.reading', on: 'xstate.done.actor.loadBalance', to: 'addSpots.open.asking' },
    'the balance and what a card dispute left owed are kept for the figures',
    async () => {
      const flow = await asking({ balanceCents: 0, owedCents: 330, owedDispute: 'open' });
      expect(flow.value()).toEqual({ open: 'asking' });
      expect(flow.context()).toMatchObject({ balanceCents: 0, owed: { cents: 330, disputeOpen: true } });
    },
  );

  pin(
    { from: 'addSpots.open.reading', on: 'xstate.error.actor.loadBalance', to: 'addSpots.open.asking' },
    'without the balance the dialog still asks',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'spots.open' });
      await flow.loadBalance.reject(new Error('Failed to fetch'));
      expect(flow.value()).toEqual({ open: 'asking' });
      expect(flow.context().balanceCents).toBeNull();
    },
  );

  pin(
    { from: 'addSpots.open.asking', on: 'spots.close', to: 'addSpots.closed' },
    'No closes the dialog and adds nothing',
    async () => {
      const flow = await asking();
      flow.actor.send({ type: 'spots.close' });
      expect(flow.value()).toBe('closed');
      expect(flow.addSpots.started).toBe(0);
    },
  );

  pin(
    { from: 'addSpots.open.asking', on: 'count.change', to: null },
    'the count is kept as typed and clears a refusal',
    async () => {
      const flow = await adding();
      await flow.addSpots.reject(refusal('Owed first', 409));
      flow.actor.send({ type: 'count.change', value: ' 4 ' });
      expect(flow.context()).toMatchObject({ count: ' 4 ', error: null });
    },
  );

  pin(
    { from: 'addSpots.open.asking', on: 'spots.confirm', guard: 'validCount', to: 'addSpots.open.adding' },
    'sends the campaign and the spots; a count that is not a whole number from 1, or past 1,000 spots, is never sent',
    async () => {
      const flow = await adding();
      expect(flow.addSpots.inputs).toEqual([{ id: sampleRunningCampaign.id, spots: 2, from: 3 }]);
      for (const value of ['0', '-1', '1.5', 'two', '', '998']) {
        const other = await asking();
        other.actor.send({ type: 'count.change', value });
        other.actor.send({ type: 'spots.confirm' });
        expect(other.value(), value).toEqual({ open: 'asking' });
        expect(other.addSpots.started).toBe(0);
      }
    },
  );

  pin(
    { from: 'addSpots.open.adding', on: 'xstate.done.actor.addSpots', to: 'addSpots.closed' },
    'the page hears the campaign with its new spots, and the dialog closes',
    async () => {
      const flow = await adding();
      const more = { ...sampleRunningCampaign, spots: 5 };
      await flow.addSpots.resolve(more);
      expect(flow.value()).toBe('closed');
      expect(flow.context().spots).toBe(5);
      expect(flow.changed).toEqual([more]);
    },
  );

  pin(
    { from: 'addSpots.open.adding', on: 'xstate.error.actor.addSpots', to: 'addSpots.open.asking' },
    "the server's refusal stays in the dialog with the count",
    async () => {
      const flow = await adding();
      await flow.addSpots.reject(refusal('Owed first', 409));
      expect(flow.value()).toEqual({ open: 'asking' });
      expect(flow.context()).toMatchObject({ error: 'Owed first', count: '2' });
      expect(flow.changed).toEqual([]);
    },
  );

  pinsEveryTransition();
});

it('is the catalogue machine', () => {
  expect(addSpotsMachine.id).toBe('addSpots');
});

// What the dialog accepts as a count: a whole number of at least one, spaces around it allowed, that keeps the
// campaign within the marketplace's spots (MARKETPLACE_LIMITS.maxSpots), the limit itself included.
describe('spotsToAdd', () => {
  it.each([
    ['1', 3, 1],
    [' 12 ', 3, 12],
    ['997', 3, 997],
    ['998', 3, null],
    ['0', 3, null],
    ['', 3, null],
    ['2.5', 3, null],
    ['-1', 3, null],
    ['1e2', 3, null],
    ['1', 1000, null],
  ] as const)('"%s" more on %i spots → %s', (count, spots, expected) => {
    expect(spotsToAdd({ count, spots })).toBe(expected);
  });

  it('the limit is the marketplace’s', () => {
    expect(spotsToAdd({ count: String(MARKETPLACE_LIMITS.maxSpots - 3), spots: 3 })).toBe(
      MARKETPLACE_LIMITS.maxSpots - 3,
    );
  });
});
