// What Google publishes about the YouTube Data API v3 that its discovery document cannot say, each with its source.
// The stand-ins take these from here, never from the product (server/): a wrong cost or scope in the product is then
// caught by the stand-in instead of being checked against itself.

/**
 * Quota cost of each method, in units.
 * Source: "Quota calculator", https://developers.google.com/youtube/v3/determine_quota_cost (retrieved 2026-11),
 * and each live method's reference page (liveChatMessages.streamList: "a quota cost of 5 units per request").
 */
export const YOUTUBE_QUOTA_COSTS: Readonly<Record<string, number>> = {
  'channels.list': 1,
  'videos.list': 1,
  'liveBroadcasts.list': 5,
  'liveStreams.list': 5,
  'liveChatMessages.list': 5,
  'liveChatMessages.streamList': 5,
  'liveChatMessages.insert': 50,
  'liveChatMessages.delete': 50,
  'liveChatModerators.list': 5,
  'search.list': 100,
};

/**
 * A new project's daily quota.
 * Source: https://developers.google.com/youtube/v3/getting-started#quota ("projects that enable the YouTube Data API
 * have a default quota allocation of 10,000 units per day").
 */
export const YOUTUBE_DEFAULT_DAILY_QUOTA = 10_000;

/**
 * The daily quota resets at midnight Pacific Time.
 * Source: https://developers.google.com/youtube/v3/getting-started#quota and the Cloud console's quota page
 * ("Queries per day ... resets at midnight Pacific Time").
 */
export const YOUTUBE_QUOTA_TIME_ZONE = 'America/Los_Angeles';

/**
 * The longest live chat message.
 * Source: https://developers.google.com/youtube/v3/live/docs/liveChatMessages#snippet.textMessageDetails.messageText
 * ("The message can be up to 200 characters long"); over it, liveChatMessages.insert answers 400 `messageTextInvalid`
 * (https://developers.google.com/youtube/v3/live/docs/liveChatMessages/insert#errors).
 */
export const YOUTUBE_CHAT_MESSAGE_MAX = 200;

/**
 * liveBroadcasts.list takes exactly one filter.
 * Source: https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/list#parameters ("Filters (specify exactly
 * one of the following parameters)").
 */
export const LIVE_BROADCASTS_FILTERS = ['broadcastStatus', 'id', 'mine'] as const;

/** The call a YouTube Data API request is (`liveChatMessages.list`), named as the quota table names it. */
export function youtubeCall(method: string, pathname: string): string {
  const verb = method.toUpperCase();
  const rest = /\/youtube\/v3\/(.+)$/.exec(pathname)?.[1] ?? '';
  if (rest === 'liveChat/messages/stream') return 'liveChatMessages.streamList';
  const resource = rest === 'liveChat/messages' ? 'liveChatMessages' : rest.split('/')[0] || 'unknown';
  const action = verb === 'GET' ? 'list' : verb === 'POST' ? 'insert' : verb === 'PUT' ? 'update' : 'delete';
  return `${resource}.${action}`;
}

/** A call's cost: the table's, else the documented defaults (a read 1 unit, a write 50). */
export function youtubeCost(call: string): number {
  return YOUTUBE_QUOTA_COSTS[call] ?? (call.endsWith('.list') ? 1 : 50);
}

function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return local - (at - (at % 1000));
}

/** The next midnight in Pacific Time after `at`: when the day's quota resets. */
export function nextQuotaReset(at: number): number {
  const offset = zoneOffset(at, YOUTUBE_QUOTA_TIME_ZONE);
  const local = new Date(at + offset);
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  return guess - zoneOffset(guess - offset, YOUTUBE_QUOTA_TIME_ZONE);
}
