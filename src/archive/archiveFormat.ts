// How the archive screens name their export formats and write when a stream ran. An archived day is a UTC day, and
// its times are on the UTC clock (days and times written by src/common/format, in the page's language).
import { dayOf, formatsIn, type Formats } from '@/src/common/format';
import type { MessageValues } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';
import type { ArchiveMessage } from './catalogue';

/** The export formats; NDJSON and CSV are names, Text is a word. */
export const EXPORTS = [
  ['ndjson', 'NDJSON'],
  ['csv', 'CSV'],
  ['text', null],
] as const;

/** An export format's label in the page's language. */
export const exportLabel = (t: (id: ArchiveMessage) => string, label: string | null) => label ?? t('export.text');

/** The archive's days and times in one language. */
export interface ArchiveFormats {
  /** A day of the archive as its heading reads: "Fri, Nov 20, 2026" ("vie, 20 nov 2026"). */
  day(day: string): string;
  /** A message's or event's time in the archive, to the second: "19:02:11" (UTC). */
  time(at: number): string;
  /** When a stream ran: its start and end, the end dated when it is another day; `live` when it has not ended. */
  span(stream: { startedAt: number; endedAt: number | null }): { start: string; end: string | null };
}

export function archiveFormats(locale: Locale): ArchiveFormats {
  const f: Formats = formatsIn(locale);
  const day = (value: string) => f.day(value, { weekday: true });
  const time = (at: number) => f.time(at, { seconds: true });
  return {
    day,
    time,
    span(stream) {
      const start = `${day(dayOf(stream.startedAt))} · ${time(stream.startedAt)}`;
      if (stream.endedAt === null) return { start, end: null };
      const end =
        dayOf(stream.endedAt) === dayOf(stream.startedAt)
          ? time(stream.endedAt)
          : `${day(dayOf(stream.endedAt))} · ${time(stream.endedAt)}`;
      return { start, end };
    },
  };
}

/** "#channel · Fri, Nov 20, 2026 · 19:02:11–22:15:40 UTC", or "… UTC · live now", in the page's language. */
export function streamWhen(
  t: (id: ArchiveMessage, values?: MessageValues) => string,
  formats: ArchiveFormats,
  stream: { channel: string; startedAt: number; endedAt: number | null },
): string {
  const { start, end } = formats.span(stream);
  return end === null
    ? t('part.whenLive', { channel: stream.channel, start })
    : t('part.when', { channel: stream.channel, start, end });
}

/** A day as the English screens wrote it, for tests that compare with what a screen shows. */
export const archiveDay = (day: string) => archiveFormats('en').day(day);
