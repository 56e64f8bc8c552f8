// The chat archive's API (docs/product.md §Chat archive): fixed paths from docs/product.md, shapes documented in docs/api.md.
import { z } from 'zod';
import { EXPORT_FORMATS, isArchiveDay } from '../archive.ts';
import { CONNECT_PLATFORMS } from '../connections.ts';

const platform = z.enum(CONNECT_PLATFORMS, { error: `must be ${CONNECT_PLATFORMS.join(' or ')}` });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// A day's shape, then a day of the calendar: an impossible one would reach the queries as no time at all.
const date = z
  .string()
  .regex(DAY, 'must be a date as YYYY-MM-DD')
  .refine((value) => !DAY.test(value) || isArchiveDay(value), 'is not a day of the calendar');
/** A keyset cursor: `<sentAt>.<id>`. */
const cursor = z.string().regex(/^\d{1,15}\.\d{1,15}$/, 'is not a cursor from a previous page');
/** A stream's id in the archive. */
const streamId = z.string().regex(/^\d{1,15}$/, 'is not an archived stream');
// Twitch's logins, and YouTube's display names made into logins (letters and digits of any script).
const login = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^@?[\p{L}\p{M}\p{N}_.-]{1,64}$/u, "must be a chatter's login");

const message = z.object({
  id: z.number(),
  platform,
  channel: z.string(),
  sentAt: z.number(),
  msgId: z.string(),
  chatterId: z.string(),
  login: z.string(),
  displayName: z.string(),
  color: z.string().nullable(),
  badges: z.string(),
  bits: z.number().nullable(),
  kind: z.string(),
  text: z.string(),
  moderated: z.boolean(),
});

const event = z.object({
  id: z.number(),
  kind: z.enum(['clearchat', 'clearmsg', 'gap']),
  at: z.number(),
  until: z.number().nullable(),
  targetLogin: z.string().nullable(),
  duration: z.number().nullable(),
});

const stream = z.object({
  id: z.number(),
  platform,
  channel: z.string(),
  title: z.string(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  messages: z.number(),
  chatters: z.number(),
});

export const archiveDaysQuery = z.object({ platform, date: date.optional() });
export const archiveDaysResponse = z.object({
  /** The connected channel of the platform and whether its chat is being archived. */
  channel: z
    .object({
      login: z.string(),
      displayName: z.string(),
      archiving: z.boolean(),
      /** Ingestion is connected to the chat right now. */
      live: z.boolean(),
      /** Archiving is available for this platform. */
      supported: z.boolean(),
      /** Why the platform is not giving the chat right now (YouTube's quota), or null. */
      problem: z.string().nullable(),
    })
    .nullable(),
  days: z.array(
    z.object({
      platform,
      day: z.string(),
      channel: z.string(),
      messages: z.number(),
      chatters: z.number(),
      first: z.number(),
      last: z.number(),
      gaps: z.number(),
    }),
  ),
  /** The platform's streams (those on the date when one is given), newest first. */
  streams: z.array(stream),
});

export const archiveMessagesQuery = z
  .object({
    platform,
    /** A day, or a stream (its messages across the days it ran). */
    date: date.optional(),
    stream: streamId.optional(),
    after: cursor.optional(),
    /** Jump: the first page at or after this time of the day, HH:MM (UTC). */
    at: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM')
      .optional(),
  })
  .refine((value) => Boolean(value.date) !== Boolean(value.stream), 'Choose a date or a stream');
export const archiveMessagesResponse = z.object({
  messages: z.array(message),
  events: z.array(event),
  next: z.string().nullable(),
  /** The stream asked for (null for a day). */
  stream: stream.nullable(),
});

export const archiveSearchQuery = z
  .object({
    platform: platform.optional(),
    q: z.string().trim().max(200, 'is at most 200 characters').optional(),
    user: login.optional(),
    from: date.optional(),
    to: date.optional(),
    before: cursor.optional(),
  })
  .refine((value) => Boolean(value.q) || Boolean(value.user), 'Search for words (q) or a chatter (user)');
export const archiveSearchResponse = z.object({ messages: z.array(message), next: z.string().nullable() });

export const archiveExportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: `must be ${EXPORT_FORMATS.join(', ')}` }),
    platform: platform.optional(),
    date: date.optional(),
    stream: streamId.optional(),
    q: z.string().trim().max(200).optional(),
    user: login.optional(),
    from: date.optional(),
    to: date.optional(),
  })
  .refine(
    (value) => Boolean(value.date || value.stream || value.q || value.user || value.from || value.to || value.platform),
    'Choose what to export: a date, a search or a platform',
  );

export const archiveSettingsRequest = z
  .object({ platform, archiving: z.boolean({ error: 'must be true or false' }) })
  .strict();

export const archiveDeleteQuery = z.object({ platform: platform.optional() });
/** A chatter's id is their platform's: Twitch's user id, YouTube's channel id. */
export const archiveDeleteChatterQuery = z.object({ platform });
export const archiveDeleteResponse = z.object({ deleted: z.number() });
