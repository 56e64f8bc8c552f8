// The chat archive (docs/product.md §Chat archive): the shapes the API answers and the screen reads, as plain data.

export const EXPORT_FORMATS = ['ndjson', 'csv', 'text'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A YYYY-MM-DD that is a day of the calendar (2024-02-30 and 2024-13-45 are not: they have no time to query). */
export const isArchiveDay = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
};

/**
 * Told on the live events stream (its `archive` event, beside the notifications) when a platform's archive grew: a
 * day or a stream appeared, or messages were added to one. Sent at most once per ARCHIVE_SIGNAL_MS per channel; the
 * Archive Chat screen reads its list again (docs/product.md §Chat archive).
 */
export interface ArchiveSignal {
  type: 'archive.updated';
  platform: 'twitch' | 'youtube';
}
export const ARCHIVE_SIGNAL_MS = 5_000;

/** Messages per page of the viewer and of a search. */
export const ARCHIVE_PAGE = 200;
export const SEARCH_PAGE = 50;

export interface ArchivedMessage {
  id: number;
  platform: 'twitch' | 'youtube';
  channel: string;
  /** Epoch milliseconds. */
  sentAt: number;
  msgId: string;
  chatterId: string;
  login: string;
  displayName: string;
  color: string | null;
  /** Twitch's badge list: "subscriber/12,moderator/1". */
  badges: string;
  bits: number | null;
  /** privmsg, or a USERNOTICE kind (sub, resub, raid, …). */
  kind: string;
  text: string;
  /** A moderator removed it, or its author was timed out or banned. */
  moderated: boolean;
}

export interface ArchiveEvent {
  id: number;
  kind: 'clearchat' | 'clearmsg' | 'gap';
  at: number;
  /** A gap's end. */
  until: number | null;
  targetLogin: string | null;
  /** Timeout seconds (none: a ban, or the whole chat cleared). */
  duration: number | null;
}

export interface ArchiveDay {
  platform: 'twitch' | 'youtube';
  day: string;
  channel: string;
  messages: number;
  chatters: number;
  first: number;
  last: number;
  gaps: number;
}

/** A live broadcast of the archived channel, as the platform reported it; its messages are those sent during it. */
export interface ArchiveStream {
  id: number;
  platform: 'twitch' | 'youtube';
  channel: string;
  title: string;
  startedAt: number;
  /** Null while it is live. */
  endedAt: number | null;
  messages: number;
  chatters: number;
}
