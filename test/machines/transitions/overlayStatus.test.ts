// The OBS Extension screen's "Counting now" over time (docs/product.md §Verified delivery), with fake timers: read at
// once and every 5 s while the actor runs, a failed read keeps the last status (with why) and the next comes as usual,
// a stopped actor (the screen closed) reads no more.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import { overlayStatusMachine, STATUS_POLL_MS } from '@/machines/overlay/overlayStatus.machine';
import {
  selectCountingError,
  selectCountingFirstRead,
  selectCountingStatus,
} from '@/machines/overlay/overlayStatus.select';
import { sampleCountingStatus, sampleUndisclosedStatus } from '@/machines/overlay/overlayStatus.samples';
import { apiRefusal } from '@/machines/events';
import { controlled, receivedEvents } from '../controlled';

function start() {
  const load = controlled<OverlayStatus>();
  /** The events the flow itself received, by type: its read's answers among them. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(overlayStatusMachine.provide({ actors: { loadStatus: load.logic } }), { inspect });
  actor.start();
  return { actor, load, received, snapshot: () => actor.getSnapshot() };
}

describe('the counting status', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads at once, then every 5 s after each answer', async () => {
    const { load, received, snapshot } = start();
    expect(load.started).toBe(1);
    expect(snapshot().matches({ polling: 'reading' })).toBe(true);
    expect(selectCountingFirstRead(snapshot())).toBe(true);
    await load.resolve(sampleCountingStatus);
    expect(received.at(-1)).toBe('xstate.done.actor.loadStatus');
    expect(selectCountingStatus(snapshot())).toEqual(sampleCountingStatus);
    expect(snapshot().matches({ polling: 'waiting' })).toBe(true);
    vi.advanceTimersByTime(STATUS_POLL_MS - 1);
    expect(load.started).toBe(1);
    vi.advanceTimersByTime(1);
    expect(load.started).toBe(2);
    // A slow answer: the next read waits for it (never two at once), then 5 s more.
    vi.advanceTimersByTime(20_000);
    expect(load.started).toBe(2);
    await load.resolve(sampleUndisclosedStatus);
    expect(selectCountingStatus(snapshot())?.reason).toBe('undisclosed');
    vi.advanceTimersByTime(STATUS_POLL_MS);
    expect(load.started).toBe(3);
  });

  it('a failed read keeps the last status, says why, and tries again in 5 s; the next answer clears it', async () => {
    const { load, snapshot } = start();
    await load.resolve(sampleCountingStatus);
    vi.advanceTimersByTime(STATUS_POLL_MS);
    await load.reject(apiRefusal('Service unavailable', 503));
    expect(selectCountingStatus(snapshot())).toEqual(sampleCountingStatus);
    expect(selectCountingError(snapshot())).toBe('Service unavailable');
    expect(snapshot().matches({ polling: 'waiting' })).toBe(true);
    vi.advanceTimersByTime(STATUS_POLL_MS);
    expect(load.started).toBe(3);
    await load.resolve(sampleUndisclosedStatus);
    expect(selectCountingError(snapshot())).toBeNull();
    expect(selectCountingStatus(snapshot())).toEqual(sampleUndisclosedStatus);
  });

  it('a first read that fails shows why and tries again', async () => {
    const { load, received, snapshot } = start();
    await load.reject(apiRefusal('Authentication required', 401));
    expect(received.at(-1)).toBe('xstate.error.actor.loadStatus');
    expect(selectCountingStatus(snapshot())).toBeNull();
    expect(selectCountingFirstRead(snapshot())).toBe(false);
    expect(selectCountingError(snapshot())).toBe('Authentication required');
    vi.advanceTimersByTime(STATUS_POLL_MS);
    expect(load.started).toBe(2);
  });

  it('stops reading when the screen closes (the actor stops)', async () => {
    const { actor, load } = start();
    await load.resolve(sampleCountingStatus);
    actor.stop();
    vi.advanceTimersByTime(60_000);
    expect(load.started).toBe(1);
  });
});
