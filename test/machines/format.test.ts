// The one formatting module (src/common/format.ts): en-US for the English screens, es-MX for the Spanish ones (money
// still in US dollars), and the UTC clock for every viewer, so that a day on screen is the day the server keys by. The
// last block runs it as a viewer east and west of UTC would.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as format from '@/src/common/format';

const {
  dayOf,
  formatAmount,
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDuration,
  formatMoney,
  formatRelative,
  formatTime,
} = format;

// Late in the UTC evening: already the next day in Tokyo, still the same day in Los Angeles.
const LATE = '2026-11-20T23:30:05.000Z';
// Early in the UTC morning: still the previous day in Los Angeles.
const EARLY = Date.parse('2026-11-21T02:15:00.000Z');

describe('money and numbers', () => {
  it.each([
    [128_900, '$1,289'],
    [128_950, '$1,289.50'],
    [5, '$0.05'],
    [0, '$0'],
    [-2_500, '-$25'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('writes counts whole with separators, axes compact, and amounts in other currencies with two decimals', () => {
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(1203.6)).toBe('1,204');
    expect(formatCount(-0.4)).toBe('0');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(950)).toBe('950');
    expect(formatAmount(75.5, 'USD')).toBe('$75.50');
    expect(formatAmount(75, 'USD')).toBe('$75');
    expect(formatAmount(1234.5, 'EUR')).toBe('1,234.50 EUR');
  });

  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [120, '2 min'],
    [125, '2 min 5 s'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('calendar days', () => {
  it('shows a YYYY-MM-DD day as that day, with its weekday on request', () => {
    expect(formatDay('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDay('2026-11-20', { weekday: true })).toBe('Fri, Nov 20, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes a window within a year and across years', () => {
    expect(formatDayRange('2026-12-01', '2026-12-31')).toBe('Dec 1 – Dec 31, 2026');
    expect(formatDayRange('2026-12-15', '2027-01-15')).toBe('Dec 15, 2026 – Jan 15, 2027');
    expect(formatDayRange('soon', '2027-01-15')).toBe('soon – 2027-01-15');
  });
});

describe('instants, on the UTC clock', () => {
  it('reads ISO text, epoch milliseconds and Dates alike', () => {
    for (const at of [LATE, Date.parse(LATE), new Date(LATE)]) {
      expect(dayOf(at)).toBe('2026-11-20');
      expect(formatDate(at)).toBe('Nov 20, 2026');
      expect(formatDate(at, { weekday: true })).toBe('Fri, Nov 20, 2026');
      expect(formatTime(at)).toBe('23:30');
      expect(formatTime(at, { seconds: true })).toBe('23:30:05');
      expect(formatDateTime(at)).toBe('Nov 20, 2026, 23:30 UTC');
      expect(formatDateTime(at, { weekday: true, seconds: true })).toBe('Fri, Nov 20, 2026, 23:30:05 UTC');
    }
  });

  it('writes midnight as 00, in 24 hours', () => {
    expect(formatTime('2026-11-21T00:05:00Z')).toBe('00:05');
    expect(formatTime('2026-11-21T12:00:00Z')).toBe('12:00');
  });

  it('gives nothing for an unreadable instant', () => {
    for (const text of [dayOf('nope'), formatDate('nope'), formatTime('nope'), formatDateTime(Number.NaN)])
      expect(text).toBe('');
  });
});

describe('relative times (the notification cards)', () => {
  const created = '2025-06-01T10:00:00.000Z';
  const at = (ms: number) => Date.parse(created) + ms;
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

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
    expect(formatRelative(created, at(elapsed))).toBe(text);
  });

  it('reads a time ahead of this clock, or an unreadable one, as new', () => {
    expect(formatRelative(created, at(-5 * MINUTE))).toBe('Just Now');
    expect(formatRelative('not a date', at(0))).toBe('Just Now');
  });
});

describe('in Spanish (formatsIn)', () => {
  const es = format.formatsIn('es-MX');

  // Intl keeps the currency code with its figure by a no-break space (U+00A0), as it does "1.2 M".
  it('writes dollars as US dollars the Mexican way, never as a bare "$" a peso would have', () => {
    expect(es.money(128_900)).toBe('USD\u00a01,289');
    expect(es.money(128_950)).toBe('USD\u00a01,289.50');
    expect(es.money(5)).toBe('USD\u00a00.05');
    expect(es.money(-2_500)).toBe('-USD\u00a025');
    expect(es.amount(75.5, 'USD')).toBe('USD\u00a075.50');
    expect(es.amount(1234.5, 'EUR')).toBe('1,234.50 EUR');
    for (const cents of [128_900, 5, 0]) expect(es.money(cents)).not.toMatch(/^\$|[^D]\$/);
  });

  it('writes counts, days and times in Spanish on the UTC clock', () => {
    expect(es.count(1203.6)).toBe('1,204');
    expect(es.compact(1_234_567)).toBe('1.2\u00a0M');
    expect(es.day('2026-11-20')).toBe('20 nov 2026');
    expect(es.day('2026-11-20', { weekday: true })).toBe('vie, 20 de nov de 2026');
    expect(es.dayRange('2026-12-15', '2027-01-15')).toBe('15 dic 2026 – 15 ene 2027');
    expect(es.dateTime(LATE)).toBe('20 nov 2026, 23:30 UTC');
    expect(es.time(EARLY)).toBe('02:15');
    expect(es.duration(125)).toBe('2 min 5 s');
  });

  it('says how long ago in Spanish', () => {
    const now = Date.parse(LATE);
    expect(es.relative(LATE, now + 30_000)).toBe('Justo ahora');
    expect(es.relative(LATE, now + 5 * 60_000)).toBe('hace 5 min');
    expect(es.relative(LATE, now + 2 * 3_600_000)).toBe('hace 2 h');
    expect(es.relative(LATE, now + 86_400_000)).toBe('hace 1 día');
    expect(es.relative(LATE, now + 3 * 86_400_000)).toBe('hace 3 días');
  });

  it('leaves English as the spec writes it', () => {
    expect(format.formatsIn('en').money(128_950)).toBe('$1,289.50');
    expect(format.formatsIn('en')).toBe(format.formatsIn('en'));
  });
});

describe('a viewer outside UTC sees the same days and times', () => {
  const RealDateTimeFormat = Intl.DateTimeFormat;

  /** Every Intl date formatter made without a time zone now uses `zone`, as the browser of a viewer there would. */
  function viewerIn(zone: string) {
    const Zoned = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      return new RealDateTimeFormat(locales, { timeZone: zone, ...options });
    } as unknown as typeof Intl.DateTimeFormat;
    Object.assign(Zoned, { supportedLocalesOf: RealDateTimeFormat.supportedLocalesOf });
    Intl.DateTimeFormat = Zoned;
  }

  afterEach(() => {
    Intl.DateTimeFormat = RealDateTimeFormat;
    vi.resetModules();
  });

  it.each([
    ['Asia/Tokyo', LATE, 'Nov 21, 2026'],
    ['America/Los_Angeles', EARLY, 'Nov 20, 2026'],
  ])('in %s', async (zone, instant, localDay) => {
    viewerIn(zone);
    // The stand-in works: a formatter without a zone reads the instant on the viewer's own clock (another day).
    expect(
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(instant)),
    ).toBe(localDay);
    vi.resetModules();
    const fresh = await import('@/src/common/format');
    expect(fresh.formatDay('2026-11-20')).toBe('Nov 20, 2026');
    expect(fresh.formatDayRange('2026-12-01', '2026-12-31')).toBe('Dec 1 – Dec 31, 2026');
    expect(fresh.formatDate(instant)).toBe(format.formatDate(instant));
    expect(fresh.dayOf(instant)).toBe(format.dayOf(instant));
    expect(fresh.formatDateTime(LATE)).toBe('Nov 20, 2026, 23:30 UTC');
    expect(fresh.formatDateTime(EARLY)).toBe('Nov 21, 2026, 02:15 UTC');
    expect(fresh.formatTime(EARLY)).toBe('02:15');
  });
});
