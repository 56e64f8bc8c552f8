// What Twitch publishes about the Helix calls Castbridge makes and the EventSub WebSocket messages it reads, cut down
// to those calls. Sources: the Twitch API reference (https://dev.twitch.tv/docs/api/reference/, retrieved 2026-11)
// and twitchdev/twitch-cli (Apache-2.0) at fd7dac646eea56c9ac9c1d36893e611de855c21e, whose mock API
// (internal/mock_api/endpoints/*) states each endpoint's methods and scopes (`…ScopesByMethod`) and whose EventSub
// WebSocket server (internal/events/websocket/mock_server/message_types.go) the message shapes. README.md beside this
// file says more. The stand-ins take these from here, never from the product (server/).

/** A query parameter: repeatable up to `max` times, or one of `values`, or a whole number in `range`. */
export interface HelixParam {
  /** Repeatable (`id=1&id=2`), at most this many values. */
  max?: number;
  values?: readonly string[];
  range?: readonly [number, number];
}

export interface HelixEndpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** After /helix/. */
  path: string;
  /** Which access token the call takes. */
  token: 'user' | 'app' | 'either';
  /** The query parameters the reference lists; each inner list is "at least one of" (a single name: required). */
  query: Readonly<Record<string, HelixParam>>;
  required?: readonly (readonly string[])[];
  /** At most one of these may be given (the reference: "mutually exclusive", "specify only one filter"). */
  exclusive?: readonly string[];
  /** Required fields of the JSON body. */
  body?: readonly string[];
  /** Scopes a user access token must carry. */
  scopes: readonly string[];
  /** Fields each item of `data` has in the answer (2xx). */
  answer?: readonly string[];
  /** The answer's status when it is not 200. */
  status?: number;
  sources: readonly string[];
}

const REF = 'https://dev.twitch.tv/docs/api/reference/';
const CLI = 'twitchdev/twitch-cli internal/mock_api/endpoints/';
/** "first": "The maximum number of items to return per page … The minimum page size is 1 … the maximum is 100." */
const FIRST = { range: [1, 100] } as const;

export const HELIX_ENDPOINTS: readonly HelixEndpoint[] = [
  {
    method: 'GET',
    path: 'users',
    token: 'either',
    // "The maximum number of IDs you may specify is 100." / "The maximum number of login names you may specify is 100."
    // With an app access token the request must name users ("If you don't specify a user ID or login name, the
    // request returns information about the user in the access token", which an app token has not).
    query: { id: { max: 100 }, login: { max: 100 } },
    scopes: [],
    answer: ['id', 'login', 'display_name', 'type', 'broadcaster_type', 'created_at'],
    sources: [`${REF}#get-users`, `${CLI}users/users.go (userScopesByMethod GET: none)`],
  },
  {
    method: 'GET',
    path: 'streams',
    token: 'either',
    // "You may specify a maximum of 100 IDs" (user_id, user_login, game_id); language up to 100; type all|live.
    query: {
      user_id: { max: 100 },
      user_login: { max: 100 },
      game_id: { max: 100 },
      language: { max: 100 },
      type: { values: ['all', 'live'] },
      first: FIRST,
      before: {},
      after: {},
    },
    scopes: [],
    answer: [
      'id',
      'user_id',
      'user_login',
      'user_name',
      'game_id',
      'game_name',
      'type',
      'title',
      'tags',
      'viewer_count',
      'started_at',
      'language',
      'thumbnail_url',
      'is_mature',
    ],
    sources: [`${REF}#get-streams`, `${CLI}streams/streams.go ("you may only send 100 of each parameter")`],
  },
  {
    method: 'GET',
    path: 'channels',
    token: 'either',
    // "broadcaster_id … Required … You may specify a maximum of 100 IDs."
    query: { broadcaster_id: { max: 100 } },
    required: [['broadcaster_id']],
    scopes: [],
    answer: [
      'broadcaster_id',
      'broadcaster_login',
      'broadcaster_name',
      'broadcaster_language',
      'game_id',
      'game_name',
      'title',
      'delay',
      'tags',
      'content_classification_labels',
      'is_branded_content',
    ],
    sources: [`${REF}#get-channel-information`, `${CLI}channels/information.go`],
  },
  {
    method: 'GET',
    path: 'videos',
    token: 'either',
    // "The id, user_id, and game_id parameters are mutually exclusive." id: "You may specify a maximum of 100 IDs".
    query: {
      id: { max: 100 },
      user_id: {},
      game_id: {},
      language: {},
      period: { values: ['all', 'day', 'month', 'week'] },
      sort: { values: ['time', 'trending', 'views'] },
      type: { values: ['all', 'archive', 'highlight', 'upload'] },
      first: FIRST,
      after: {},
      before: {},
    },
    required: [['id', 'user_id', 'game_id']],
    exclusive: ['id', 'user_id', 'game_id'],
    scopes: [],
    answer: [
      'id',
      'stream_id',
      'user_id',
      'user_login',
      'user_name',
      'title',
      'description',
      'created_at',
      'published_at',
      'url',
      'thumbnail_url',
      'viewable',
      'view_count',
      'language',
      'type',
      'duration',
      'muted_segments',
    ],
    sources: [`${REF}#get-videos`, `${CLI}videos/videos.go ("one of id or user_id or game_id is required")`],
  },
  {
    method: 'GET',
    path: 'channels/followers',
    token: 'user',
    query: { user_id: {}, broadcaster_id: {}, first: FIRST, after: {} },
    required: [['broadcaster_id']],
    // "Requires a user access token that includes the moderator:read:followers scope." (Without it Twitch answers only
    // the total; the product asks for the total of its own channel and is granted the scope.)
    scopes: ['moderator:read:followers'],
    sources: [`${REF}#get-channel-followers`, `${CLI}channels/followers.go (followersScopesByMethod)`],
  },
  {
    method: 'GET',
    path: 'subscriptions',
    token: 'user',
    query: { broadcaster_id: {}, user_id: { max: 100 }, first: FIRST, after: {}, before: {} },
    required: [['broadcaster_id']],
    // "Requires a user access token that includes the channel:read:subscriptions scope."
    scopes: ['channel:read:subscriptions'],
    sources: [
      `${REF}#get-broadcaster-subscriptions`,
      `${CLI}subscriptions/subscriptions.go (broadcasterSubscriptionsScopesByMethod)`,
    ],
  },
  {
    method: 'POST',
    path: 'chat/messages',
    token: 'either',
    query: {},
    body: ['broadcaster_id', 'sender_id', 'message'],
    // Its scopes (user:write:chat, and user:bot / channel:bot with an app token) are checked by the stand-in itself
    // (oauth.ts, with twitch-scopes.ts).
    scopes: [],
    answer: ['message_id', 'is_sent'],
    sources: [`${REF}#send-chat-message`],
  },
  {
    method: 'POST',
    path: 'eventsub/subscriptions',
    // "If you use WebSockets to receive events, the request must specify a user access token … If you use webhooks or
    // conduits … the request must specify an app access token." Checked per transport (conformance.ts).
    token: 'either',
    query: {},
    body: ['type', 'version', 'condition', 'transport'],
    scopes: [],
    answer: ['id', 'status', 'type', 'version', 'condition', 'created_at', 'transport', 'cost'],
    status: 202,
    sources: [`${REF}#create-eventsub-subscription`],
  },
  {
    method: 'GET',
    path: 'eventsub/subscriptions',
    token: 'either',
    // "Use the status, type, and user_id query parameters to filter the list … You may specify only one filter."
    query: { status: {}, type: {}, user_id: {}, subscription_id: {}, after: {} },
    exclusive: ['status', 'type', 'user_id', 'subscription_id'],
    scopes: [],
    answer: ['id', 'status', 'type', 'version', 'condition', 'created_at', 'transport', 'cost'],
    sources: [`${REF}#get-eventsub-subscriptions`],
  },
  {
    method: 'DELETE',
    path: 'eventsub/subscriptions',
    token: 'either',
    query: { id: {} },
    required: [['id']],
    scopes: [],
    status: 204,
    sources: [`${REF}#delete-eventsub-subscription`],
  },
  {
    method: 'GET',
    path: 'eventsub/conduits',
    // Conduits: "Requires an app access token."
    token: 'app',
    query: {},
    scopes: [],
    answer: ['id', 'shard_count'],
    sources: [`${REF}#get-conduits`],
  },
  {
    method: 'POST',
    path: 'eventsub/conduits',
    token: 'app',
    query: {},
    body: ['shard_count'],
    scopes: [],
    answer: ['id', 'shard_count'],
    sources: [`${REF}#create-conduits`],
  },
  {
    method: 'PATCH',
    path: 'eventsub/conduits',
    token: 'app',
    query: {},
    body: ['id', 'shard_count'],
    scopes: [],
    answer: ['id', 'shard_count'],
    sources: [`${REF}#update-conduits`],
  },
  {
    method: 'DELETE',
    path: 'eventsub/conduits',
    token: 'app',
    query: { id: {} },
    required: [['id']],
    scopes: [],
    status: 204,
    sources: [`${REF}#delete-conduit`],
  },
  {
    method: 'GET',
    path: 'eventsub/conduits/shards',
    token: 'app',
    query: { conduit_id: {}, status: {}, after: {} },
    required: [['conduit_id']],
    scopes: [],
    answer: ['id', 'status', 'transport'],
    sources: [`${REF}#get-conduit-shards`],
  },
  {
    method: 'PATCH',
    path: 'eventsub/conduits/shards',
    token: 'app',
    query: {},
    body: ['conduit_id', 'shards'],
    scopes: [],
    answer: ['id', 'status', 'transport'],
    status: 202,
    sources: [`${REF}#update-conduit-shards`],
  },
];

/**
 * The headers every Helix answer carries about the token's rate-limit bucket.
 * Source: https://dev.twitch.tv/docs/api/guide/#twitch-rate-limits ("Ratelimit-Limit … Ratelimit-Remaining …
 * Ratelimit-Reset").
 */
export const HELIX_RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'] as const;

/**
 * The EventSub WebSocket messages and what each carries.
 * Sources: https://dev.twitch.tv/docs/eventsub/websocket-reference/ (Welcome, Keepalive, Notification, Reconnect and
 * Revocation messages) and twitchdev/twitch-cli internal/events/websocket/mock_server/message_types.go.
 */
export const EVENTSUB_MESSAGE_TYPES = {
  session_welcome: { payload: ['session'], session: ['id', 'status', 'keepalive_timeout_seconds', 'connected_at'] },
  session_keepalive: { payload: [], session: [] },
  notification: { payload: ['subscription', 'event'], session: [] },
  session_reconnect: { payload: ['session'], session: ['id', 'status', 'reconnect_url', 'connected_at'] },
  revocation: { payload: ['subscription'], session: [] },
} as const satisfies Record<string, { payload: readonly string[]; session: readonly string[] }>;

/** Metadata every message has; notification and revocation add subscription_type and subscription_version. */
export const EVENTSUB_METADATA = ['message_id', 'message_type', 'message_timestamp'] as const;

/** An EventSub subscription type the stand-in serves beyond chat: its version, condition and event fields. */
export interface EventSubType {
  version: string;
  /** The condition's fields, each required. */
  condition: readonly string[];
  /** The fields of the notification's `event`. */
  event: readonly string[];
  /**
   * Whether a subscription costs 1 unless the broadcaster authorized the client, 0 when they did (a type that needs
   * no scope). Paraphrased from https://dev.twitch.tv/docs/eventsub/manage-subscriptions/#subscription-limits (the
   * cost-based limits: total_cost against max_total_cost), as RFC 0014 proposed it
   * (https://discuss.dev.twitch.tv/t/rfc-0014-eventsub-subscription-limit-changes/30312: "If a user has authorized
   * your application, your application can create unlimited EventSub subscriptions for that user", its example being
   * channel.update, "doesn't require any OAuth scopes").
   */
  costsUnlessAuthorized: boolean;
  sources: readonly string[];
}

const TYPES_REF = 'https://dev.twitch.tv/docs/eventsub/eventsub-subscription-types/';
const CLI_EVENTS = 'twitchdev/twitch-cli internal/events/types/';

/**
 * The stream's own events, which need no authorization scope: it went live, it went offline, its channel's title,
 * category, language or content labels changed (channel.update is version 2 since content classification labels
 * replaced is_mature; the branded-content flag is not part of it).
 */
export const EVENTSUB_STREAM_TYPES: Readonly<Record<string, EventSubType>> = {
  'stream.online': {
    version: '1',
    condition: ['broadcaster_user_id'],
    event: ['id', 'broadcaster_user_id', 'broadcaster_user_login', 'broadcaster_user_name', 'type', 'started_at'],
    costsUnlessAuthorized: true,
    sources: [`${TYPES_REF}#streamonline`, `${CLI_EVENTS}streamup/streamup.go (version "1")`],
  },
  'stream.offline': {
    version: '1',
    condition: ['broadcaster_user_id'],
    event: ['broadcaster_user_id', 'broadcaster_user_login', 'broadcaster_user_name'],
    costsUnlessAuthorized: true,
    sources: [`${TYPES_REF}#streamoffline`, `${CLI_EVENTS}streamdown/streamdown.go (version "1")`],
  },
  'channel.update': {
    version: '2',
    condition: ['broadcaster_user_id'],
    event: [
      'broadcaster_user_id',
      'broadcaster_user_login',
      'broadcaster_user_name',
      'title',
      'language',
      'category_id',
      'category_name',
      'content_classification_labels',
    ],
    costsUnlessAuthorized: true,
    sources: [
      `${TYPES_REF}#channelupdate`,
      `${CLI_EVENTS}channel_update_v2/channel_update.go (SubscriptionVersion "2", ChannelUpdateEventSubEvent)`,
    ],
  },
};
