// The range of the Analytics screen and of the advertiser's reach (docs/product.md §Analytics): the last range chosen wins. A change while
// another range's figures load starts the read again for it, and the earlier read's answer — even one that arrives
// last — is not taken.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import type { AdvertiserAnalytics, CreatorAnalytics } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { analyticsConnectMachine } from '@/machines/analytics/analyticsConnect.machine';
import { sampleAdvertiserAnalytics, sampleCreatorAnalytics } from '@/machines/analytics/samples';
import { flushMicrotasks } from '../controlled';

/** A read per call, each settled by the test in any order. */
function reads<T>() {
  const calls: {
    range: AnalyticsRange;
    resolve: (value: T) => void;
    reject: (error: unknown) => void;
    aborted: () => boolean;
  }[] = [];
  const logic = fromPromise<T, { range: AnalyticsRange }>(
    ({ input, signal }) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ range: input.range, resolve, reject, aborted: () => signal.aborted });
      }),
  );
  return { logic, calls };
}

function run(machine: AnyStateMachine) {
  const actor = createActor(machine);
  actor.start();
  return actor;
}

describe('analyticsConnect: the last range chosen wins', () => {
  it('a change while another range loads reads that one; the earlier answer, however late, is dropped', async () => {
    const load = reads<CreatorAnalytics>();
    const actor = run(analyticsConnectMachine.provide({ actors: { loadAnalytics: load.logic } }));
    load.calls[0]!.resolve(sampleCreatorAnalytics('complete'));
    await flushMicrotasks();
    actor.send({ type: 'range.change', range: '12m' });
    actor.send({ type: 'range.change', range: '7d' });
    expect(load.calls.map((call) => call.range)).toEqual(['30d', '12m', '7d']);
    expect(load.calls[1]!.aborted()).toBe(true);
    expect(actor.getSnapshot().matches({ connected: { figures: 'reloading' } })).toBe(true);
    expect(actor.getSnapshot().context.range).toBe('7d');

    load.calls[2]!.resolve(sampleCreatorAnalytics('complete', '7d'));
    await flushMicrotasks();
    load.calls[1]!.resolve(sampleCreatorAnalytics('complete', '12m'));
    load.calls[1]!.reject(new Error('late'));
    await flushMicrotasks();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ connected: { figures: 'complete' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ range: '7d', error: null });
    expect(snapshot.context.data!.range).toBe('7d');
    actor.stop();
  });

  it('back to the range shown while another loads: read again, the other’s failure is not reported', async () => {
    const load = reads<CreatorAnalytics>();
    const actor = run(analyticsConnectMachine.provide({ actors: { loadAnalytics: load.logic } }));
    load.calls[0]!.resolve(sampleCreatorAnalytics('partial'));
    await flushMicrotasks();
    actor.send({ type: 'range.change', range: '90d' });
    actor.send({ type: 'range.change', range: '30d' });
    load.calls[1]!.reject(new Error('The server could not be reached'));
    await flushMicrotasks();
    expect(actor.getSnapshot().matches({ connected: { figures: 'reloading' } })).toBe(true);
    load.calls[2]!.resolve(sampleCreatorAnalytics('complete'));
    await flushMicrotasks();
    expect(actor.getSnapshot().matches({ connected: { figures: 'complete' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ range: '30d', error: null });
    actor.stop();
  });
});

describe('campaignReach: the last range chosen wins', () => {
  const reachOf = (range: AnalyticsRange): AdvertiserAnalytics => ({ ...sampleAdvertiserAnalytics, range });

  it('a change while another range loads reads that one; the earlier answer, however late, is dropped', async () => {
    const load = reads<AdvertiserAnalytics>();
    const actor = run(campaignReachMachine.provide({ actors: { loadReach: load.logic } }));
    load.calls[0]!.resolve(reachOf('30d'));
    await flushMicrotasks();
    actor.send({ type: 'range.change', range: '90d' });
    actor.send({ type: 'range.change', range: '12m' });
    expect(load.calls.map((call) => call.range)).toEqual(['30d', '90d', '12m']);
    expect(load.calls[1]!.aborted()).toBe(true);
    load.calls[2]!.resolve(reachOf('12m'));
    await flushMicrotasks();
    load.calls[1]!.resolve(reachOf('90d'));
    await flushMicrotasks();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    expect(snapshot.context.range).toBe('12m');
    expect(snapshot.context.reach!.range).toBe('12m');
    actor.stop();
  });
});
