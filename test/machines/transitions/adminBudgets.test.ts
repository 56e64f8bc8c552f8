// The Platform budgets tab's transitions, pinned by hand as the other operator flows' are: source, event, expected
// target and what it changes — the budgets read, why a read failed, the read every 30 s while the tab is open (fake
// timers), Refresh, a failed refresh keeping what is shown, and no reading once the tab is closed.
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import { apiRefusal } from '@/machines/events';
import { adminBudgetsMachine, BUDGETS_REFRESH_MS } from '@/machines/operator/adminBudgets.machine';
import { sampleBudgets, sampleTwitchAppBudget, sampleYouTubeBudget } from '@/machines/operator/adminBudgets.samples';
import {
  selectBudgets,
  selectBudgetsLoadError,
  selectBudgetsLoading,
  selectBudgetsReading,
  selectBudgetsRefreshError,
  selectNoBudgets,
} from '@/machines/operator/adminBudgets.select';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

function start() {
  const load = controlled<PlatformBudget[]>();
  const actor = createActor(adminBudgetsMachine.provide({ actors: { loadBudgets: load.logic } }));
  actor.start();
  return { actor, load, value: () => actor.getSnapshot().value, snapshot: () => actor.getSnapshot() };
}

/** The three sample budgets shown. */
async function ready() {
  const tab = start();
  await tab.load.resolve(sampleBudgets);
  expect(tab.value()).toEqual({ ready: 'idle' });
  return tab;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('adminBudgets transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(adminBudgetsMachine);

  pin(
    { from: 'adminBudgets.loading', on: 'xstate.done.actor.loadBudgets', to: 'adminBudgets.ready' },
    'the budgets are shown; none read yet is the empty state',
    async () => {
      const tab = start();
      expect(selectBudgetsLoading(tab.snapshot())).toBe(true);
      // Before the first answer: no budget, no failure.
      expect(selectBudgets(tab.snapshot())).toEqual([]);
      expect(tab.snapshot().context).toEqual({ budgets: [], error: null });
      await tab.load.resolve(sampleBudgets);
      expect(tab.value()).toEqual({ ready: 'idle' });
      expect(selectBudgets(tab.snapshot())).toEqual(sampleBudgets);
      expect(selectNoBudgets(tab.snapshot())).toBe(false);
      const empty = start();
      await empty.load.resolve([]);
      expect(selectNoBudgets(empty.snapshot())).toBe(true);
    },
  );

  pin(
    { from: 'adminBudgets.loading', on: 'xstate.error.actor.loadBudgets', to: 'adminBudgets.failed' },
    'a failed first read says why, and reads no more by itself',
    async () => {
      const tab = start();
      await tab.load.reject(apiRefusal('This page is for Castbridge operators.', 403));
      expect(tab.value()).toBe('failed');
      expect(selectBudgetsLoadError(tab.snapshot())).toBe('This page is for Castbridge operators.');
      vi.advanceTimersByTime(BUDGETS_REFRESH_MS * 2);
      expect(tab.load.started).toBe(1);
    },
  );

  pin({ from: 'adminBudgets.failed', on: 'budgets.retry', to: 'adminBudgets.loading' }, 'Try again', async () => {
    const tab = start();
    await tab.load.reject(new Error('Failed to fetch'));
    tab.actor.send({ type: 'budgets.retry' });
    expect(tab.value()).toBe('loading');
    expect(tab.load.started).toBe(2);
    await tab.load.resolve([sampleYouTubeBudget]);
    expect(selectBudgetsLoadError(tab.snapshot())).toBeNull();
    expect(selectBudgets(tab.snapshot())).toEqual([sampleYouTubeBudget]);
  });

  pin(
    { from: 'adminBudgets.ready.idle', on: 'xstate.after.refresh', to: 'adminBudgets.ready.reading' },
    'read again 30 s after each answer while the tab is open; never two at once',
    async () => {
      const tab = await ready();
      vi.advanceTimersByTime(BUDGETS_REFRESH_MS - 1);
      expect(tab.load.started).toBe(1);
      vi.advanceTimersByTime(1);
      expect(tab.value()).toEqual({ ready: 'reading' });
      expect(tab.load.started).toBe(2);
      // The budgets read before stay on screen meanwhile.
      expect(selectBudgets(tab.snapshot())).toEqual(sampleBudgets);
      vi.advanceTimersByTime(BUDGETS_REFRESH_MS * 3);
      expect(tab.load.started).toBe(2);
      // Closed: no more reads.
      await tab.load.resolve(sampleBudgets);
      tab.actor.stop();
      vi.advanceTimersByTime(BUDGETS_REFRESH_MS * 3);
      expect(tab.load.started).toBe(2);
    },
  );

  pin(
    { from: 'adminBudgets.ready.idle', on: 'budgets.reload', to: 'adminBudgets.ready.reading' },
    'Refresh reads at once',
    async () => {
      const tab = await ready();
      tab.actor.send({ type: 'budgets.reload' });
      expect(tab.value()).toEqual({ ready: 'reading' });
      expect(selectBudgetsReading(tab.snapshot())).toBe(true);
      expect(tab.load.started).toBe(2);
    },
  );

  pin(
    { from: 'adminBudgets.ready.reading', on: 'xstate.done.actor.loadBudgets', to: 'adminBudgets.ready.idle' },
    'the new figures replace the old ones, and a failed refresh’s message goes',
    async () => {
      const tab = await ready();
      tab.actor.send({ type: 'budgets.reload' });
      await tab.load.reject(new Error('Failed to fetch'));
      tab.actor.send({ type: 'budgets.reload' });
      const spent = { ...sampleTwitchAppBudget, spent: 700, remaining: 60 };
      await tab.load.resolve([spent]);
      expect(tab.value()).toEqual({ ready: 'idle' });
      expect(selectBudgets(tab.snapshot())).toEqual([spent]);
      expect(selectBudgetsRefreshError(tab.snapshot())).toBeNull();
    },
  );

  pin(
    { from: 'adminBudgets.ready.reading', on: 'xstate.error.actor.loadBudgets', to: 'adminBudgets.ready.idle' },
    'a failed refresh keeps the budgets shown, says why, and the next read comes as usual',
    async () => {
      const tab = await ready();
      tab.actor.send({ type: 'budgets.reload' });
      await tab.load.reject(apiRefusal('Service unavailable', 503));
      expect(tab.value()).toEqual({ ready: 'idle' });
      expect(selectBudgets(tab.snapshot())).toEqual(sampleBudgets);
      expect(selectBudgetsRefreshError(tab.snapshot())).toBe('Service unavailable');
      expect(selectBudgetsLoadError(tab.snapshot())).toBeNull();
      vi.advanceTimersByTime(BUDGETS_REFRESH_MS);
      expect(tab.load.started).toBe(3);
    },
  );

  pinsEveryTransition();
});
