// The live connection's back-off: how long the notifications' live events wait before connecting again.
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '@/machines/notifications/liveEvents.machine';

describe('reconnectDelay', () => {
  it('waits 1, 2, 5, 10, then 30 s after failures in a row', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 30_000, 30_000, 30_000]);
  });
});
