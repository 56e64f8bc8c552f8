// The notification cards' relative time (issue 13): "Just Now" for the last minute (SPEC §2), then minutes, hours, days.
import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/machines/notifications/notifications.select';
import { reconnectDelay } from '@/machines/notifications/liveEvents.machine';

const created = '2025-06-01T10:00:00.000Z';
const at = (ms: number) => Date.parse(created) + ms;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'Just Now'],
    [59 * SECOND, 'Just Now'],
    [MINUTE, '1 min ago'],
    [5 * MINUTE + 30 * SECOND, '5 min ago'],
    [59 * MINUTE + 59 * SECOND, '59 min ago'],
    [HOUR, '1 h ago'],
    [2 * HOUR + 10 * MINUTE, '2 h ago'],
    [23 * HOUR + 59 * MINUTE, '23 h ago'],
    [DAY, '1 day ago'],
    [3 * DAY + 5 * HOUR, '3 days ago'],
    [400 * DAY, '400 days ago'],
  ])('%i ms after → %s', (elapsed, text) => {
    expect(relativeTime(created, at(elapsed))).toBe(text);
  });

  it('reads a time ahead of this clock, or an unreadable one, as new', () => {
    expect(relativeTime(created, at(-5 * MINUTE))).toBe('Just Now');
    expect(relativeTime('not a date', at(0))).toBe('Just Now');
  });
});

describe('reconnectDelay', () => {
  it('waits 1, 2, 5, 10, then 30 s after failures in a row', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 30_000, 30_000, 30_000]);
  });
});
