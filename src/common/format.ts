// How every screen writes money, numbers, days and times: one locale and one clock.
//
// Locale: en-US everywhere (the product's texts are English; the spec writes money as "$1,289").
//
// Clock: UTC, for every viewer. The server keys its days in UTC ('YYYY-MM-DD': archived chat days, analytics points,
// earnings periods, payout references), the archive opens at a UTC time ("Jump to time (UTC)", ?at=HH:MM) and a
// proof of display is read by two parties in different places; a day or time on screen is the one the server means.
//   - A calendar day ('YYYY-MM-DD': a campaign window, an archived day) is shown as that day, never shifted:
//     formatDay('2026-11-20') → "Nov 20, 2026" (with its weekday on a day's own heading: "Fri, Nov 20, 2026").
//   - An instant (an ISO timestamp or epoch milliseconds) is read on the UTC clock: its day formatDate → "Nov 20,
//     2026"; its time formatTime → "19:02" (the archive's "19:02:11"), in 24 hours; both formatDateTime → "Nov 20,
//     2026, 19:02 UTC". A time written alone says UTC in its sentence or column ("19:02–22:15 UTC").
//   - How long ago (formatRelative, the notification cards) is a difference of instants, the same in any zone.
// Money: integer cents in US dollars, cents written only when there are some ("$1,289", "$1,289.50"): the rule of
// contract/cents.ts's formatCents, which the server's messages use too. Counts: whole, with thousands separators
// ("1,204"); a chart's axis compact ("1.2K").
//
// Statecharts (machines/) cannot import the client: the few limits their messages quote are written with en-US
// separators in place ("Keep it under 2,000 characters.").
import { formatCents } from '@/contract/cents';

export const LOCALE = 'en-US';
export const TIME_ZONE = 'UTC';

/** A moment: an ISO 8601 timestamp, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

const dates = new Map<string, Intl.DateTimeFormat>();
/** A formatter on the one locale and clock (cached: the archive formats thousands of rows). */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: TIME_ZONE });
    dates.set(key, format);
  }
  return format;
}

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short', ...DAY };
const MONTH_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const TIME_SECONDS: Intl.DateTimeFormatOptions = { ...TIME, second: '2-digit' };

const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));
const valid = (date: Date) => !Number.isNaN(date.getTime());
/** A calendar day as the instant that starts it on the UTC clock, so that it reads as itself. */
const calendarDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

// --- Money and numbers ------------------------------------------------------------------------------------------

/** "$1,289" or "$1,289.50" from integer cents. */
export const formatMoney: (cents: number) => string = formatCents;

const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** "1,204": a count, rounded to a whole number. */
export const formatCount = (value: number): string => whole.format(Math.round(value) || 0);

/** "1.2K", "3M": a chart axis's short form. */
export const formatCompact = (value: number): string => compact.format(value);

/** An amount in a currency: US dollars by the money rule ("$75.50"), any other as "12.50 EUR". */
export function formatAmount(amount: number, currency: string): string {
  return currency === 'USD' ? formatMoney(Math.round(amount * 100)) : `${twoDecimals.format(amount)} ${currency}`;
}

/** 125 s → "2 min 5 s"; whole minutes without seconds. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

// --- Calendar days ('YYYY-MM-DD') -------------------------------------------------------------------------------

/** "Nov 20, 2026" (or "Fri, Nov 20, 2026") from '2026-11-20': that day, in any zone; unreadable text as it is. */
export function formatDay(day: string, { weekday = false }: { weekday?: boolean } = {}): string {
  const date = calendarDay(day);
  return valid(date) ? dateFormat(weekday ? WEEKDAY : DAY).format(date) : day;
}

/** "Dec 1 – Dec 31, 2026", or "Dec 15, 2026 – Jan 15, 2027" across years. */
export function formatDayRange(startsOn: string, endsOn: string): string {
  const start = calendarDay(startsOn);
  const end = calendarDay(endsOn);
  if (!valid(start) || !valid(end)) return `${startsOn} – ${endsOn}`;
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${dateFormat(sameYear ? MONTH_DAY : DAY).format(start)} – ${dateFormat(DAY).format(end)}`;
}

// --- Instants ---------------------------------------------------------------------------------------------------

/** The calendar day an instant falls on, on the UTC clock: the key the server groups by ('2026-11-20'). */
export function dayOf(at: Instant): string {
  const date = toDate(at);
  return valid(date) ? date.toISOString().slice(0, 10) : '';
}

/** "Nov 20, 2026" (or "Fri, Nov 20, 2026"): an instant's day; '' when unreadable. */
export function formatDate(at: Instant, { weekday = false }: { weekday?: boolean } = {}): string {
  const date = toDate(at);
  return valid(date) ? dateFormat(weekday ? WEEKDAY : DAY).format(date) : '';
}

/** "19:02" (or "19:02:11"): an instant's time of day, 24 hours; the sentence around it says UTC. '' when unreadable. */
export function formatTime(at: Instant, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = toDate(at);
  return valid(date) ? dateFormat(seconds ? TIME_SECONDS : TIME).format(date) : '';
}

/** "Nov 20, 2026, 19:02 UTC" (options as formatDate and formatTime); '' when unreadable. */
export function formatDateTime(
  at: Instant,
  { weekday = false, seconds = false }: { weekday?: boolean; seconds?: boolean } = {},
): string {
  const date = toDate(at);
  return valid(date)
    ? dateFormat({ ...(weekday ? WEEKDAY : DAY), ...(seconds ? TIME_SECONDS : TIME), timeZoneName: 'short' }).format(
        date,
      )
    : '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** How long ago, against `now` (ms): "Just Now" for the last minute (the spec's words), "5 min ago", "2 h ago", "1 day ago". */
export function formatRelative(at: Instant, now: number): string {
  const elapsed = now - toDate(at).getTime();
  // An unreadable date, or one a little ahead of this device's clock, reads as new.
  if (!(elapsed >= MINUTE)) return 'Just Now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
