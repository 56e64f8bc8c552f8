// How every screen writes money, numbers, days and times: in the page's language, on one clock.
//
// Locale: a screen in both languages formats in its language (`formatsIn(locale)`, the locale useMessages gives);
// the plain exports below are English (en-US), for the screens that are English only so far.
//   - Money stays in US dollars in every language, written that language's way, so that a Mexican creator never takes
//     dollars for pesos: "$1,289" in English (the spec's way), "USD 1,289" in Spanish (Intl's es-MX currency format).
//   - Days and times follow the language: "Nov 20, 2026" / "20 nov 2026"; the 24-hour clock and "UTC" in both.
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
import { formatCentsIn } from '@/contract/cents';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '@/src/i18n/locales';

export const TIME_ZONE = 'UTC';

/** A moment: an ISO 8601 timestamp, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short', ...DAY };
const MONTH_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const TIME_SECONDS: Intl.DateTimeFormatOptions = { ...TIME, second: '2-digit' };

const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));
const valid = (date: Date) => !Number.isNaN(date.getTime());
/** A calendar day as the instant that starts it on the UTC clock, so that it reads as itself. */
const calendarDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** How long ago, in each language: the last minute, then minutes, hours and days. */
const AGO: Record<
  Locale,
  { now: string; minutes(n: number): string; hours(n: number): string; days(n: number): string }
> = {
  // "Just Now": the spec's words.
  en: {
    now: 'Just Now',
    minutes: (n) => `${n} min ago`,
    hours: (n) => `${n} h ago`,
    days: (n) => (n === 1 ? '1 day ago' : `${n} days ago`),
  },
  'es-MX': {
    now: 'Justo ahora',
    minutes: (n) => `hace ${n} min`,
    hours: (n) => `hace ${n} h`,
    days: (n) => (n === 1 ? 'hace 1 día' : `hace ${n} días`),
  },
};

/** The formatters of one language (formatsIn): every screen's numbers, money, days and times. */
export interface Formats {
  readonly locale: Locale;
  /** "$1,289" or "$1,289.50" (Spanish: "USD 1,289", "USD 1,289.50") from integer cents. */
  money(cents: number): string;
  /** "1,204": a count, rounded to a whole number. */
  count(value: number): string;
  /** "1.2K", "3M": a chart axis's short form. */
  compact(value: number): string;
  /** "$1.2K" (Spanish: "USD 1.2 k"): whole dollars on a chart's axis. */
  compactDollars(dollars: number): string;
  /** An amount in a currency: US dollars by the money rule ("$75.50"), any other as "12.50 EUR". */
  amount(amount: number, currency: string): string;
  /** 125 s → "2 min 5 s"; whole minutes without seconds. */
  duration(seconds: number): string;
  /** "Nov 20, 2026" (or "Fri, Nov 20, 2026") from '2026-11-20': that day, in any zone; unreadable text as it is. */
  day(day: string, options?: { weekday?: boolean }): string;
  /** "Dec 1 – Dec 31, 2026", or "Dec 15, 2026 – Jan 15, 2027" across years. */
  dayRange(startsOn: string, endsOn: string): string;
  /** "Nov 20, 2026" (or "Fri, Nov 20, 2026"): an instant's day; '' when unreadable. */
  date(at: Instant, options?: { weekday?: boolean }): string;
  /** "19:02" (or "19:02:11"): an instant's time of day, 24 hours; the sentence around it says UTC. '' when unreadable. */
  time(at: Instant, options?: { seconds?: boolean }): string;
  /** "Nov 20, 2026, 19:02 UTC" (options as date and time); '' when unreadable. */
  dateTime(at: Instant, options?: { weekday?: boolean; seconds?: boolean }): string;
  /** How long ago, against `now` (ms): "Just Now" for the last minute (the spec's words), "5 min ago", "2 h ago", "1 day ago". */
  relative(at: Instant, now: number): string;
}

function makeFormats(locale: Locale): Formats {
  const intl = intlLocale(locale);
  const dates = new Map<string, Intl.DateTimeFormat>();
  /** A formatter on the language and the one clock (cached: the archive formats thousands of rows). */
  const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
    const key = JSON.stringify(options);
    let format = dates.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(intl, { ...options, timeZone: TIME_ZONE });
      dates.set(key, format);
    }
    return format;
  };
  const whole = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
  const twoDecimals = new Intl.NumberFormat(intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const compact = new Intl.NumberFormat(intl, { notation: 'compact', maximumFractionDigits: 1 });
  // Dollars the language's way (contract/cents.ts, the server's messages' rule too): the spec's "$1,289" in English.
  const money = (cents: number) => formatCentsIn(locale, cents);
  const compactUsd = new Intl.NumberFormat(intl, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'code',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const compactDollars =
    locale === DEFAULT_LOCALE
      ? (value: number) => `$${compact.format(value)}`
      : (value: number) => compactUsd.format(value);
  const ago = AGO[locale];
  const formats: Formats = {
    locale,
    money,
    count: (value) => whole.format(Math.round(value) || 0),
    compact: (value) => compact.format(value),
    compactDollars,
    amount: (amount, currency) =>
      currency === 'USD' ? money(Math.round(amount * 100)) : `${twoDecimals.format(amount)} ${currency}`,
    duration(seconds) {
      const minutes = Math.floor(seconds / 60);
      const rest = seconds % 60;
      if (minutes === 0) return `${rest} s`;
      return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
    },
    day(day, { weekday = false } = {}) {
      const date = calendarDay(day);
      return valid(date) ? dateFormat(weekday ? WEEKDAY : DAY).format(date) : day;
    },
    dayRange(startsOn, endsOn) {
      const start = calendarDay(startsOn);
      const end = calendarDay(endsOn);
      if (!valid(start) || !valid(end)) return `${startsOn} – ${endsOn}`;
      const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
      return `${dateFormat(sameYear ? MONTH_DAY : DAY).format(start)} – ${dateFormat(DAY).format(end)}`;
    },
    date(at, { weekday = false } = {}) {
      const date = toDate(at);
      return valid(date) ? dateFormat(weekday ? WEEKDAY : DAY).format(date) : '';
    },
    time(at, { seconds = false } = {}) {
      const date = toDate(at);
      return valid(date) ? dateFormat(seconds ? TIME_SECONDS : TIME).format(date) : '';
    },
    dateTime(at, { weekday = false, seconds = false } = {}) {
      const date = toDate(at);
      return valid(date)
        ? dateFormat({
            ...(weekday ? WEEKDAY : DAY),
            ...(seconds ? TIME_SECONDS : TIME),
            timeZoneName: 'short',
          }).format(date)
        : '';
    },
    relative(at, now) {
      const elapsed = now - toDate(at).getTime();
      // An unreadable date, or one a little ahead of this device's clock, reads as new.
      if (!(elapsed >= MINUTE)) return ago.now;
      if (elapsed < HOUR) return ago.minutes(Math.floor(elapsed / MINUTE));
      if (elapsed < DAY_MS) return ago.hours(Math.floor(elapsed / HOUR));
      return ago.days(Math.floor(elapsed / DAY_MS));
    },
  };
  return formats;
}

const byLocale = new Map<Locale, Formats>();

/** The formatters of a language (made once per language). */
export function formatsIn(locale: Locale): Formats {
  let formats = byLocale.get(locale);
  if (!formats) {
    formats = makeFormats(locale);
    byLocale.set(locale, formats);
  }
  return formats;
}

const en = formatsIn(DEFAULT_LOCALE);

// --- English (the screens not yet in both languages) ---------------------------------------------------------------

/** "$1,289" or "$1,289.50" from integer cents. */
export const formatMoney: (cents: number) => string = en.money;
/** "1,204": a count, rounded to a whole number. */
export const formatCount = en.count;
/** "1.2K", "3M": a chart axis's short form. */
export const formatCompact = en.compact;
/** An amount in a currency: US dollars by the money rule ("$75.50"), any other as "12.50 EUR". */
export const formatAmount = en.amount;
/** 125 s → "2 min 5 s"; whole minutes without seconds. */
export const formatDuration = en.duration;
/** "Nov 20, 2026" (or "Fri, Nov 20, 2026") from '2026-11-20': that day, in any zone; unreadable text as it is. */
export const formatDay = en.day;
/** "Dec 1 – Dec 31, 2026", or "Dec 15, 2026 – Jan 15, 2027" across years. */
export const formatDayRange = en.dayRange;
/** "Nov 20, 2026" (or "Fri, Nov 20, 2026"): an instant's day; '' when unreadable. */
export const formatDate = en.date;
/** "19:02" (or "19:02:11"): an instant's time of day, 24 hours; the sentence around it says UTC. '' when unreadable. */
export const formatTime = en.time;
/** "Nov 20, 2026, 19:02 UTC" (options as formatDate and formatTime); '' when unreadable. */
export const formatDateTime = en.dateTime;
/** How long ago, against `now` (ms): "Just Now" for the last minute (the spec's words), "5 min ago", "2 h ago", "1 day ago". */
export const formatRelative = en.relative;

/** The calendar day an instant falls on, on the UTC clock: the key the server groups by ('2026-11-20'). */
export function dayOf(at: Instant): string {
  const date = toDate(at);
  return valid(date) ? date.toISOString().slice(0, 10) : '';
}
