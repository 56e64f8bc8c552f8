// How the archive screens write days, times and export formats (UTC: an archived day is a UTC day).

export const EXPORTS = [
  ['ndjson', 'NDJSON'],
  ['csv', 'CSV'],
  ['text', 'Text'],
] as const;

export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatTime = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** HH:MM of a time (a search result's link into its day). */
export const hourMinute = (ms: number) => new Date(ms).toISOString().slice(11, 16);

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** When a stream ran: "Fri, Nov 20, 2026 · 19:02:11–22:15:40 UTC" (its end on another day is dated too), or live now. */
export function streamWhen(stream: { channel: string; startedAt: number; endedAt: number | null }): string {
  const start = `${formatDay(dayOf(stream.startedAt))} · ${formatTime(stream.startedAt)}`;
  if (stream.endedAt === null) return `#${stream.channel} · ${start} UTC · live now`;
  const end = dayOf(stream.endedAt) === dayOf(stream.startedAt) ? formatTime(stream.endedAt) : `${formatDay(dayOf(stream.endedAt))} · ${formatTime(stream.endedAt)}`;
  return `#${stream.channel} · ${start}–${end} UTC`;
}
