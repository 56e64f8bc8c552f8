// How the archive screens name their export formats and write when a stream ran. An archived day is a UTC day, and
// its times are on the UTC clock (days and times written by src/common/format).
import { dayOf, formatDay, formatTime } from '@/src/common/format';

export const EXPORTS = [
  ['ndjson', 'NDJSON'],
  ['csv', 'CSV'],
  ['text', 'Text'],
] as const;

/** A day of the archive as its heading reads: "Fri, Nov 20, 2026". */
export const archiveDay = (day: string) => formatDay(day, { weekday: true });

/** A message's or event's time in the archive, to the second: "19:02:11" (UTC). */
export const archiveTime = (at: number) => formatTime(at, { seconds: true });

/** When a stream ran: "Fri, Nov 20, 2026 · 19:02:11–22:15:40 UTC" (its end on another day is dated too), or live now. */
export function streamWhen(stream: { channel: string; startedAt: number; endedAt: number | null }): string {
  const start = `${archiveDay(dayOf(stream.startedAt))} · ${archiveTime(stream.startedAt)}`;
  if (stream.endedAt === null) return `#${stream.channel} · ${start} UTC · live now`;
  const end =
    dayOf(stream.endedAt) === dayOf(stream.startedAt)
      ? archiveTime(stream.endedAt)
      : `${archiveDay(dayOf(stream.endedAt))} · ${archiveTime(stream.endedAt)}`;
  return `#${stream.channel} · ${start}–${end} UTC`;
}
