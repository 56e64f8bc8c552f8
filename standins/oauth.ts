// A local stand-in for Twitch's and Google's OAuth 2.0 servers and the two identity calls Castbridge makes (docs/product.md §Connected accounts),
// speaking their protocols: authorization code with PKCE (S256) and state, client authentication at the token
// endpoint, refresh (Twitch rotates refresh tokens), revocation, Helix GET /helix/users and YouTube
// GET /youtube/v3/channels?mine=true. `npm start` mounts it under /standin when no provider is configured; the tests
// serve it on its own port. The consent page is a plain form: a channel name and Authorize / Cancel. As at the
// platforms, the client is registered with its redirect URIs: a request with another client_id or a redirect_uri that
// is not exactly a registered one gets an error page (400), never a redirect (docs/user-guide.md §Connected accounts).
// Codes, tokens, channels, streams and their recordings are kept as a platform keeps them (state.ts): with `dataDir`,
// in a database every instance sharing that DATA_DIR reads, so a cluster's instances answer as one provider.
// What Castbridge verifies delivery with (docs/product.md §Verified delivery) is here too: Twitch's app access token
// (client credentials), Helix Get Streams, Get Channel Information (is_branded_content) and Get Videos (the VOD of
// each stream), 100 channels a call; YouTube's liveBroadcasts.list and videos.list (concurrentViewers,
// paidProductPlacementDetails, actualEndTime; upcoming broadcasts with their scheduledStartTime), videos.list also with
// the project's API key (`?key=`, public data only: no paidProductPlacementDetails) — liveBroadcasts.list needs a
// user's token, as Google's does — and YouTube's WebSub hub (websub.ts, at /youtube/pubsubhubbub/subscribe), which
// pushes each broadcast a YouTube channel creates (scheduled or started at once) and each retitling to the
// subscribers of the channel's feed. control.ts drives it: a page and an API to take a channel live or offline,
// schedule a YouTube broadcast, retitle it, flag it branded and set its viewers.
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { controlRoutes, hms, recordingRoutes, type ChannelView } from './control.ts';
import { STANDIN_BOT, type EventSubStandIn } from './eventsub.ts';
import {
  defaultTitle,
  openStandInState,
  type ChannelChange,
  type ChannelState,
  type Grant,
  type Platform,
  type Recording,
} from './state.ts';
import { createYouTubeHub, type YouTubeHub, type YouTubeHubOptions } from './websub.ts';
import { createYouTubeQuota, streamListResponse, type YouTubeQuotaCalls } from './youtube-quota.ts';
import { helixConformance, recordViolation, youtubeConformance } from './published/conformance.ts';
import {
  lackingScopes,
  missingScope,
  SEND_CHAT_MESSAGE_USER_SCOPES,
  TWITCH_CHAT_MESSAGE_MAX,
} from './published/twitch-scopes.ts';
import { LIVE_BROADCASTS_FILTERS, YOUTUBE_CHAT_MESSAGE_MAX } from './published/youtube.ts';

/** A message a bot posted in a channel's chat, as the stand-in received it. */
export interface BotMessage {
  platform: Platform;
  /** The channel (login) whose chat it went to. */
  channel: string;
  sender: string;
  text: string;
  at: number;
  /** Dropped: over the chat limit (or the sender may not post there). */
  sent: boolean;
  dropReason: string | null;
}

/** A YouTube live chat message as liveChatMessages.list returns it. */
export interface YouTubeChatItem {
  id: string;
  snippet: Record<string, unknown>;
  authorDetails?: Record<string, unknown>;
}

/** A channel's audience as the stand-in reports it: subscribers null for a Twitch channel that is not an Affiliate. */
export interface Figures {
  followers: number;
  subscribers: number | null;
  viewers: number;
  views: number;
}

/** The client the stand-in registers when none is given (the demo's and the tests'). */
export const STANDIN_CLIENT = { clientId: 'castbridge-standin', clientSecret: 'standin-secret' } as const;

/**
 * The Google Cloud project's API key the YouTube stand-in knows when none are given (`apiKeys`). Google: "API keys: A
 * request that does not provide an OAuth 2.0 token must send an API key. The key identifies your project and
 * provides API access, quota and reports." (https://developers.google.com/youtube/registering_an_application); the
 * discovery document's `key` parameter: "Required unless you provide an OAuth 2.0 token."
 */
export const STANDIN_YOUTUBE_API_KEY = 'standin-youtube-api-key';

/**
 * The figures a channel starts with: fixed per platform and channel name, so a test or the demo knows them (the demo
 * gives its roster's channels their own, `figuresOf`).
 */
export function standInFigures(platform: Platform, channel: string): Figures {
  const n = parseInt(crypto.createHash('sha256').update(`${platform}:${channel}`).digest('hex').slice(0, 8), 16);
  return {
    followers: 1000 + (n % 9000),
    subscribers: 50 + (n % 450),
    viewers: 20 + (n % 180),
    views: 100_000 + (n % 900_000),
  };
}

export interface OAuthStandIn {
  app: Hono;
  /** YouTube live: whether `channel` is live now, what its chat says, and whether the API quota is used up. */
  youtube: {
    /** A channel going live starts a new broadcast (its own id and start time). */
    setLive(channel: string, live: boolean, title?: string): void;
    say(channel: string, items: YouTubeChatItem[]): void;
    setQuotaExceeded(exceeded: boolean): void;
    /** Whether `channel`'s broadcasts offer liveChatMessages.streamList (default yes); no: it answers 400. */
    setStreaming(channel: string, supported: boolean): void;
    /** The project's units left today and when they reset (youtube-quota.ts). */
    quota(): { units: number; resetAt: number };
  };
  /** Twitch live: whether `channel` is streaming now (Helix GET /helix/streams); going live starts a new stream. */
  twitch: {
    setLive(channel: string, live: boolean, title?: string): void;
    /** The next `count` Helix calls answer 429 with Ratelimit-Reset `resetInMs` from now. */
    rateLimit(count: number, resetInMs: number): void;
  };
  /** The EventSub stand-in whose Helix routes this app serves (options.eventSub), if any. */
  eventSub: EventSubStandIn | null;
  /**
   * YouTube's WebSub hub (websub.ts), served at /youtube/pubsubhubbub/subscribe: its subscriptions, verifications and
   * deliveries, for tests. A YouTube channel's new broadcast (scheduled or started at once) and retitling push.
   */
  youtubeHub: YouTubeHub;
  /**
   * Changes a channel as its owner would on the platform (the control surface's API does the same): going live
   * starts the scheduled broadcast or a new stream, and its recording, offline ends it (the recording stays);
   * `schedule` schedules a broadcast (YouTube: an upcoming one); the title, branded-content / paid-promotion flag and
   * viewer count are the channel's. Shared by every stand-in on the same DATA_DIR. On YouTube a new broadcast and a
   * retitled one are pushed to the hub's subscribers (youtubeHub).
   */
  setChannel(platform: Platform, channel: string, change: ChannelChange): ChannelView;
  /** The channel as the control API shows it (recording URLs relative unless the stand-in knows its base). */
  channelState(platform: Platform, channel: string): ChannelView;
  /** Access token lifetime in seconds for new tokens (tests shorten it to exercise refresh). */
  setTokenLifetime(seconds: number): void;
  /** Revokes every grant of a channel, as a user would on the platform's settings page. */
  revokeChannel(platform: Platform, channel: string): void;
  /**
   * Calls seen, for tests and the bench: token grants by type, revocations, identity calls, Helix calls by path and
   * by access token (a Helix call costs one point of the token's 800 a minute).
   */
  calls: {
    grants: string[];
    revoked: string[];
    identity: number;
    helix: Record<string, number>;
    helixByToken: Record<string, number>;
    /** Helix calls made with the app's own token (client credentials), by path. */
    helixApp: Record<string, number>;
    /** Helix calls answered 429 because the token's bucket was empty (not those `rateLimit` forced). */
    helix429: number;
    /** YouTube Data API units charged, by call, and the quotaExceeded answers given. */
    youtube: YouTubeQuotaCalls;
    /** Chat messages a bot posted (Helix Send Chat Message, liveChatMessages.insert), sent or dropped. */
    botMessages: BotMessage[];
  };
  /** What the platform reports of a channel's audience (deterministic per channel until set). */
  figures: {
    get(platform: Platform, channel: string): Figures;
    set(platform: Platform, channel: string, figures: Partial<Figures>): void;
  };
  /** Live access tokens (tests check that a disconnect revoked them). */
  liveAccessTokens(): number;
  /** Closes the state's database (the stand-in answers no more calls). */
  close(): void;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const random = () => crypto.randomBytes(24).toString('base64url');
/** The platform's id of a channel (Helix user id, YouTube channel id), fixed per name. */
export const standInChannelId = (platform: Platform, channel: string) =>
  platform === 'twitch'
    ? String(
        100_000_000 +
          (parseInt(crypto.createHash('sha256').update(channel).digest('hex').slice(0, 7), 16) % 800_000_000),
      )
    : `UC${crypto.createHash('sha256').update(channel).digest('base64url').slice(0, 22)}`;

/** A synthetic Twitch line (synthetic-session.irc) as a YouTube chat item, for the demo. */
function demoItem(line: string, n: number): YouTubeChatItem | null {
  const match = /display-name=([^;]*);.*PRIVMSG #\S+ :(.*)$/.exec(line);
  if (!match) return null;
  const name = match[1]!.replace(/\\s/g, ' ');
  return {
    id: `demo-${Date.now()}-${n}`,
    snippet: {
      type: 'textMessageEvent',
      publishedAt: new Date().toISOString(),
      displayMessage: match[2],
      textMessageDetails: { messageText: match[2] },
    },
    authorDetails: {
      channelId: `UC${name.padEnd(22, 'x').slice(0, 22)}`,
      displayName: name,
      isChatOwner: false,
      isChatModerator: /mod=1/.test(line),
      isChatSponsor: /subscriber=1/.test(line),
      isVerified: false,
    },
  };
}

/** The refresh token the demo seed gives its channels: the demo stand-in (`npm start`) honours it after a restart. */
export const demoRefreshToken = (platform: Platform, channel: string) => `demo-refresh:${platform}:${channel}`;

/** Castbridge's YouTube account that posts the chat bot's messages under the stand-ins (its refresh token honoured). */
export const STANDIN_YOUTUBE_BOT = {
  login: 'castbridge_bot',
  refreshToken: 'bot-refresh:youtube:castbridge_bot',
  scopes: ['https://www.googleapis.com/auth/youtube.force-ssl'],
} as const;

export function createOAuthStandIn(options: {
  clientId?: string;
  clientSecret?: string;
  /**
   * The client's registered redirect URIs per platform, matched exactly (as Twitch and Google do); read at each
   * request, since an app's own address may be known only once it listens.
   */
  redirectUris: (platform: Platform) => readonly string[];
  demoLines?: string[];
  pollMs?: number;
  /** Where the provider keeps its state (DATA_DIR/standins.sqlite), shared by every instance given the same; else in memory. */
  dataDir?: string;
  /**
   * The stand-in's address as a browser reaches it ("http://127.0.0.1:3000/standin"), for the recording URLs it
   * hands out; by default the address the request came to.
   */
  browserBase?: () => string;
  /** The YouTube project's daily quota in units (default 10,000, as Google grants a new project). */
  youtubeDailyQuota?: number;
  /**
   * The clock the YouTube quota's day and each Helix token's minute are counted by (tests run a day in seconds; the
   * verification bench a simulated day). Default Date.now.
   */
  now?: () => number;
  /** Serve the control surface (control.ts); false where no platform is stood in for. Default true. */
  control?: boolean;
  /** The Stripe stand-in is mounted at `stripe/` beside it: the control page links to it. */
  stripePage?: boolean;
  /**
   * The EventSub stand-in (eventsub.ts): its Helix routes (/helix/eventsub/...) are served here, a revoked channel's
   * subscriptions are revoked there, and a channel going live or offline is announced (stream.online/offline).
   */
  eventSub?: EventSubStandIn | null;
  /** Points in a Helix token's bucket per minute (Twitch: 800; tests lower it). */
  helixPointsPerMinute?: number;
  /** A channel's starting figures where the caller knows them (the demo's roster); standInFigures otherwise. */
  figuresOf?: (platform: Platform, channel: string) => Figures | undefined;
  /** The YouTube project's API keys videos.list takes instead of a token (default [STANDIN_YOUTUBE_API_KEY]). */
  apiKeys?: string[];
  /**
   * The WebSub hub's clock (default `now`, else Date.now), how it reaches callbacks (default fetch; mount.ts answers
   * the app's own in process) and its retry delays (default Google's hub's: 30 s, doubling, four times).
   */
  youtubeHub?: Pick<YouTubeHubOptions, 'now' | 'deliver' | 'retryDelaysMs'>;
  /**
   * The scopes a demo channel's refresh token (`demo-refresh:<platform>:<channel>`, written by a seed that never went
   * through the consent page) carries: what its owner would have granted at connect. None given: no demo tokens.
   */
  demoScopes?: { twitch: readonly string[]; youtube: readonly string[] };
}): OAuthStandIn {
  const clientId = options.clientId ?? STANDIN_CLIENT.clientId;
  const clientSecret = options.clientSecret ?? STANDIN_CLIENT.clientSecret;
  let lifetime = 4 * 3600;
  // Twitch's app access tokens live about 60 days.
  let appLifetime = 5_011_271;
  // The demo (`npm start`): every channel is live, its title disclosing the sponsorship, its chat the recorded
  // session, a line per poll.
  const state = openStandInState(options.dataDir, {
    initialTitle: options.demoLines ? (_platform, channel) => `${defaultTitle(channel)} #ad` : undefined,
  });
  const youtubeQuota = createYouTubeQuota({ daily: options.youtubeDailyQuota, now: options.now });
  const apiKeys = new Set(options.apiKeys ?? [STANDIN_YOUTUBE_API_KEY]);
  // YouTube's hub: its verified subscriptions are the platform's (state.ts), read by every instance on the DATA_DIR.
  const youtubeHub = createYouTubeHub({
    now: options.youtubeHub?.now ?? options.now,
    deliver: options.youtubeHub?.deliver,
    retryDelaysMs: options.youtubeHub?.retryDelaysMs,
    store: {
      get: (callback, topic) => state.hubSubscription(callback, topic),
      put: (record) => state.putHubSubscription(record),
      remove: (callback, topic) => state.removeHubSubscription(callback, topic),
      list: (topic) => state.hubSubscriptions(topic),
    },
  });
  const calls = {
    grants: [] as string[],
    revoked: [] as string[],
    identity: 0,
    helix: {} as Record<string, number>,
    helixByToken: {} as Record<string, number>,
    helixApp: {} as Record<string, number>,
    helix429: 0,
    youtube: youtubeQuota.calls,
    botMessages: [] as BotMessage[],
  };
  // The chat limits of an account that is not the channel's moderator: Twitch 20 messages per 30 s, YouTube (not
  // published; the stand-in's) 20 per 30 s. A message over them is dropped (Twitch: is_sent false; YouTube: 429).
  const botSent = new Map<string, number[]>();
  const withinChatLimit = (key: string, at: number) => {
    const recent = (botSent.get(key) ?? []).filter((t) => t > at - 30_000);
    botSent.set(key, recent);
    if (recent.length >= 20) return false;
    recent.push(at);
    return true;
  };
  /** The posted form, or null when the body cannot be read as one (a 400, as the platforms answer; never a 500). */
  const readForm = async (c: Context): Promise<Record<string, unknown> | null> => {
    try {
      return await c.req.parseBody();
    } catch {
      return null;
    }
  };
  const app = new Hono();
  const liveNow = (platform: Platform, channel: string) => state.broadcast(platform, channel);
  const setLive = (platform: Platform, channel: string, isLive: boolean, title?: string) =>
    setChannel(platform, channel, isLive && title !== undefined ? { live: true, title } : { live: isLive });
  // A YouTube chat is read by the one instance that archives the channel: its messages stay with that instance.
  const chats = new Map<string, YouTubeChatItem[]>();
  const chatOf = (channel: string) => {
    if (!chats.has(channel)) chats.set(channel, []);
    return chats.get(channel)!;
  };
  let limited = { count: 0, resetAt: 0 };
  // Followers, subscribers and views are this instance's; viewers are the platform's (state.ts), set by the control
  // surface for every instance.
  const figures = new Map<string, Figures>();
  const figuresOf = (platform: Platform, channel: string): Figures => {
    const key = `${platform}:${channel}`;
    if (!figures.has(key))
      figures.set(key, options.figuresOf?.(platform, channel) ?? standInFigures(platform, channel));
    const kept = figures.get(key)!;
    return { ...kept, viewers: state.channel(platform, channel).viewers ?? kept.viewers };
  };

  // Channel ids are a hash of the name: a table of the known ones answers "which channel is this id".
  const ids = new Map<string, string>();
  const idOf = (platform: Platform, channel: string) => {
    const key = `${platform}:${channel}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = standInChannelId(platform, channel);
      ids.set(key, id);
    }
    return id;
  };
  const channelsById = (platform: Platform) =>
    new Map(state.knownChannels(platform).map((channel) => [idOf(platform, channel), channel]));

  /** The stand-in's browser-facing base for a request: configured, or the request's origin and mount prefix. */
  const baseOf = (c: Context) => {
    if (options.browserBase) return options.browserBase().replace(/\/+$/, '');
    const url = new URL(c.req.url);
    const path = url.pathname;
    const prefix =
      /^(.*?)\/api\/channels(?:\/|$)/.exec(path)?.[1] ??
      /^(.*?)\/channels\/(?:twitch|youtube)\/[^/]+$/.exec(path)?.[1] ??
      /^(.*?)\/(?:twitch|youtube)\//.exec(path)?.[1] ??
      path.replace(/\/+$/, '');
    return `${url.origin}${prefix}`;
  };
  const recordingUrl = (base: string, recording: Recording) =>
    recording.platform === 'twitch'
      ? `${base}/twitch/videos/${recording.id}`
      : `${base}/youtube/watch?v=${encodeURIComponent(recording.id)}`;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const viewOf = (platform: Platform, channel: string, base: string): ChannelView => {
    const now = state.channel(platform, channel);
    return {
      platform,
      channel,
      channelId: idOf(platform, channel),
      live: now.live !== null,
      title: now.title ?? defaultTitle(channel),
      branded: now.branded,
      viewers: now.viewers ?? figuresOf(platform, channel).viewers,
      startedAt: now.live ? iso(now.live.startedAt) : null,
      upcoming: now.upcoming
        ? {
            id: now.upcoming.id,
            url: `${base}/youtube/watch?v=${encodeURIComponent(now.upcoming.id)}`,
            title: now.upcoming.title,
            scheduledStartAt: iso(now.upcoming.scheduledStartAt),
          }
        : null,
      recordings: state.recordings(platform, channel).map((recording) => ({
        id: recording.id,
        url: recordingUrl(base, recording),
        title: recording.title,
        startedAt: iso(recording.startedAt),
        endedAt: recording.endedAt === null ? null : iso(recording.endedAt),
      })),
    };
  };
  /** A YouTube channel's videos that are broadcasts now: its live one and its scheduled one. */
  const broadcastVideos = (now: ChannelState) => [
    ...(now.live ? [{ id: now.live.id, title: now.live.title }] : []),
    ...(now.upcoming ? [{ id: now.upcoming.id, title: now.upcoming.title }] : []),
  ];
  /**
   * What YouTube's hub pushes after a change (published/websub.ts YOUTUBE_PUSH_TRIGGERS): each broadcast video the
   * change created (scheduled, or live without a schedule) and each one it retitled; going live with the scheduled
   * one, or ending, pushes nothing of itself.
   */
  const announce = (channel: string, before: ChannelState, after: ChannelState) => {
    const earlier = new Map(broadcastVideos(before).map((video) => [video.id, video.title]));
    for (const video of broadcastVideos(after)) {
      if (earlier.get(video.id) === video.title) continue;
      const published =
        after.upcoming?.id === video.id
          ? after.upcoming.createdAt
          : (state.recording('youtube', video.id)?.createdAt ?? Date.now());
      youtubeHub.publish({
        videoId: video.id,
        channelId: idOf('youtube', channel),
        channelTitle: channel,
        title: video.title,
        published,
        updated: Date.now(),
      });
    }
  };
  /**
   * Changes a channel; on Twitch, going live or offline is an EventSub stream.online / stream.offline, and a new title a
   * channel.update (sent after the stream.online of the same change); on YouTube a new or retitled broadcast is a
   * push from the hub (announce).
   */
  const changeChannel = (platform: Platform, channel: string, change: ChannelChange) => {
    const before =
      (platform === 'twitch' && options.eventSub) || platform === 'youtube' ? state.channel(platform, channel) : null;
    const now = state.change(platform, channel, change);
    if (platform === 'twitch' && options.eventSub && before) {
      if ((before.live === null) !== (now.live === null))
        options.eventSub.stream(channel, now.live !== null, now.live?.id, now.live?.startedAt);
      if (change.title !== undefined && now.title !== null && now.title !== before.title)
        options.eventSub.channelUpdate(channel, now.title);
    }
    if (platform === 'youtube' && before) announce(channel, before, now);
    return now;
  };
  const setChannel = (platform: Platform, channel: string, change: ChannelChange) => {
    changeChannel(platform, channel, change);
    return viewOf(platform, channel, options.browserBase?.() ?? '');
  };
  if (options.control !== false)
    app.route(
      '/',
      controlRoutes({
        channels: (base) =>
          (['twitch', 'youtube'] as const).flatMap((platform) =>
            state.knownChannels(platform).map((channel) => viewOf(platform, channel, base)),
          ),
        channel: (platform, channel, base) =>
          state.knownChannels(platform).includes(channel) ? viewOf(platform, channel, base) : undefined,
        change: (platform, channel, change) => void changeChannel(platform, channel, change),
        recording: (platform, id) => state.recording(platform, id),
        baseOf,
        stripe: options.stripePage,
        chat: options.eventSub?.chat,
      }),
    );
  app.route(
    '/',
    recordingRoutes((platform, id) => state.recording(platform, id)),
  );
  // YouTube's WebSub hub: POST /youtube/pubsubhubbub/subscribe.
  app.route('/youtube', youtubeHub.app);
  // Every YouTube Data API call is charged against the project's daily quota before its route answers it — a call
  // with the project's API key as one with a user's token.
  app.use('/youtube/youtube/v3/*', youtubeQuota.middleware);
  // Every request is held to the platform's published description, every answer to its schema (published/conformance.ts).
  app.use('/youtube/youtube/v3/*', youtubeConformance());
  app.use(
    '/twitch/helix/*',
    helixConformance({
      grant: (token) => {
        const grant = state.access('twitch', token);
        return grant ? { app: grant.channel === '', scopes: grant.scopes } : null;
      },
    }),
  );
  // Chats whose broadcasts do not offer streamList, and who is told when a chat grows or a broadcast ends.
  const notStreaming = new Set<string>();
  const demoSaidAt = new Map<string, number>();
  const chatListeners = new Map<string, Set<() => void>>();
  const chatChanged = (channel: string) => {
    for (const listener of [...(chatListeners.get(channel) ?? [])]) listener();
  };

  // The demo seed's channels never came through the consent page: their refresh tokens are honoured as they are.
  const demoGrant = (token: string): Grant | undefined => {
    const [kind, platform, channel] = token.split(':');
    const scopes = options.demoScopes;
    if (!scopes || kind !== 'demo-refresh' || (platform !== 'twitch' && platform !== 'youtube') || !channel)
      return undefined;
    return { platform, channel, scopes: [...scopes[platform]] };
  };
  // Castbridge's chat account (eventsub.ts STANDIN_BOT): its refresh token is honoured always, demo or not.
  const botGrant = (token: string): Grant | undefined =>
    token === STANDIN_BOT.refreshToken
      ? { platform: 'twitch', channel: STANDIN_BOT.login, scopes: [...STANDIN_BOT.scopes] }
      : token === STANDIN_YOUTUBE_BOT.refreshToken
        ? { platform: 'youtube', channel: STANDIN_YOUTUBE_BOT.login, scopes: [...STANDIN_YOUTUBE_BOT.scopes] }
        : undefined;
  /** The scopes a Twitch user granted the client now (live tokens; the bot's and the demo's as they are honoured). */
  const grantedScopes = (login: string): string[] | null => {
    const scopes = state.scopes('twitch', login);
    if (scopes) return scopes;
    if (login === STANDIN_BOT.login) return [...STANDIN_BOT.scopes];
    if (options.demoScopes && state.knownChannels('twitch').includes(login)) return [...options.demoScopes.twitch];
    return null;
  };

  for (const platform of ['twitch', 'youtube'] as const) {
    const twitch = platform === 'twitch';
    const authorizePath = twitch ? `/${platform}/oauth2/authorize` : `/${platform}/o/oauth2/v2/auth`;
    const tokenPath = twitch ? `/${platform}/oauth2/token` : `/${platform}/token`;
    const revokePath = twitch ? `/${platform}/oauth2/revoke` : `/${platform}/revoke`;
    const name = twitch ? 'Twitch' : 'YouTube';
    const refuse = (c: { json: (body: unknown, status: 400 | 401) => Response }, status: 400 | 401, message: string) =>
      twitch
        ? c.json({ status, message }, status)
        : c.json({ error: status === 401 ? 'invalid_client' : 'invalid_grant', error_description: message }, status);

    // The platform's own error page for a request it will not send anywhere: an unknown client, or a redirect_uri
    // that is not exactly one the client registered (Twitch: "redirect_uri does not match registered URI"; Google:
    // "Error 400: redirect_uri_mismatch"). Checked on the consent page and again on the decision, which redirects.
    const clientError = (clientIdGiven: string | undefined, redirectUri: string | undefined) => {
      if (clientIdGiven !== clientId) return twitch ? 'invalid client' : 'Error 400: invalid_client';
      if (!redirectUri || !options.redirectUris(platform).includes(redirectUri))
        return twitch
          ? 'Parameter redirect_uri does not match registered URI'
          : 'Error 400: redirect_uri_mismatch. The redirect URI in the request does not match the ones authorized for the OAuth client.';
      return null;
    };
    const errorPage = (c: Context, message: string) =>
      c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} (local stand-in): error</title></head><body><main><h1>${name} (local stand-in)</h1><p>${escape(message)}</p></main></body></html>`,
        400,
      );

    app.get(authorizePath, (c) => {
      const q = c.req.query();
      const refused = clientError(q.client_id, q.redirect_uri);
      if (refused) return errorPage(c, refused);
      if (q.response_type !== 'code') return errorPage(c, 'response_type must be code');
      if (q.code_challenge && q.code_challenge_method !== 'S256') return c.text('only S256 code challenges', 400);
      // Relative: the stand-in may be mounted under a prefix (/standin on `npm start`).
      const hidden = ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge']
        .map((field) => `<input type="hidden" name="${field}" value="${escape(q[field] ?? '')}">`)
        .join('');
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} (local stand-in): authorize Castbridge</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111}label{display:block;margin:1rem 0 .25rem}input[type=text]{width:100%;padding:.5rem;font:inherit}button{margin:1rem .5rem 0 0;padding:.5rem 1rem;font:inherit}</style></head>
<body><main><h1>${name} (local stand-in)</h1><p>Castbridge asks to read your channel: ${escape((q.scope ?? '').split(' ').join(', '))}.</p>
<form method="post" action="${authorizePath.split('/').pop()}/decide">${hidden}<label for="channel">Channel name</label><input type="text" id="channel" name="channel" value="castbridge_demo" required pattern="[A-Za-z0-9_]{3,25}">
<button type="submit" name="decision" value="allow">Authorize</button><button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></form></main></body></html>`);
    });

    app.post(`${authorizePath}/decide`, async (c) => {
      const form = await readForm(c);
      if (!form) return errorPage(c, 'the form could not be read');
      const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
      const refused = clientError(field('client_id'), field('redirect_uri'));
      if (refused) return errorPage(c, refused);
      let target: URL;
      try {
        target = new URL(field('redirect_uri'));
      } catch {
        return errorPage(c, 'redirect_uri is not a URL'); // a registered one that is not: an answer still, never a 500
      }
      if (field('state')) target.searchParams.set('state', field('state'));
      if (field('decision') !== 'allow') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The user denied you access');
        return c.redirect(target.toString(), 302);
      }
      const channel = field('channel').toLowerCase();
      if (!/^[a-z0-9_]{3,25}$/.test(channel))
        return c.text('a channel name is 3 to 25 letters, digits or underscores', 400);
      const code = random();
      state.putCode(code, {
        platform,
        channel,
        scopes: field('scope').split(' ').filter(Boolean),
        redirectUri: field('redirect_uri'),
        challenge: field('code_challenge') || null,
        expiresAt: Date.now() + 60_000,
      });
      target.searchParams.set('code', code);
      return c.redirect(target.toString(), 302);
    });

    app.post(tokenPath, async (c) => {
      const form = await readForm(c);
      if (!form) return refuse(c, 400, 'invalid request body');
      const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
      if (field('client_id') !== clientId || field('client_secret') !== clientSecret)
        return refuse(c, 401, 'invalid client');
      calls.grants.push(field('grant_type'));
      let grant: Grant;
      if (field('grant_type') === 'authorization_code') {
        const pending = state.takeCode(field('code'));
        if (!pending || pending.platform !== platform || pending.expiresAt < Date.now())
          return refuse(c, 400, 'Invalid authorization code');
        if (pending.redirectUri !== field('redirect_uri'))
          return refuse(c, 400, 'Parameter redirect_uri does not match registered URI');
        if (
          pending.challenge !== null &&
          crypto.createHash('sha256').update(field('code_verifier')).digest('base64url') !== pending.challenge
        ) {
          return refuse(c, 400, 'Invalid code verifier');
        }
        grant = pending;
      } else if (field('grant_type') === 'refresh_token') {
        // Twitch hands out a new refresh token (the old one is spent); Google keeps the old one (and does not send it
        // again).
        const token = field('refresh_token');
        const known =
          (twitch ? state.takeRefresh(platform, token) : state.refresh(platform, token)) ??
          demoGrant(token) ??
          botGrant(token);
        if (!known || known.platform !== platform) return refuse(c, 400, 'Invalid refresh token');
        grant = known;
        const { accessToken, refreshToken } = state.issue(grant, lifetime, twitch);
        return c.json(
          twitch
            ? {
                access_token: accessToken,
                refresh_token: refreshToken,
                expires_in: lifetime,
                scope: grant.scopes,
                token_type: 'bearer',
              }
            : { access_token: accessToken, expires_in: lifetime, scope: grant.scopes.join(' '), token_type: 'Bearer' },
        );
      } else if (twitch && field('grant_type') === 'client_credentials') {
        // The app's own token: no user, no refresh token; good for the Helix calls that read public data.
        return c.json({
          access_token: state.issueApp(platform, appLifetime),
          expires_in: appLifetime,
          token_type: 'bearer',
        });
      } else {
        return refuse(c, 400, 'unsupported grant_type');
      }
      const { accessToken, refreshToken } = state.issue(grant, lifetime, true);
      return c.json(
        twitch
          ? {
              access_token: accessToken,
              refresh_token: refreshToken,
              expires_in: lifetime,
              scope: grant.scopes,
              token_type: 'bearer',
            }
          : {
              access_token: accessToken,
              refresh_token: refreshToken,
              expires_in: lifetime,
              scope: grant.scopes.join(' '),
              token_type: 'Bearer',
            },
      );
    });

    app.post(revokePath, async (c) => {
      const form = await readForm(c);
      if (!form) return refuse(c, 400, 'invalid request body');
      const token = typeof form.token === 'string' ? form.token : (c.req.query('token') ?? '');
      if (twitch && form.client_id !== clientId) return refuse(c, 400, 'Invalid client id');
      const known = state.grantOf(token);
      if (!known) return refuse(c, 400, 'Invalid token');
      calls.revoked.push(token);
      // Revoking either token ends the whole grant (both platforms behave so); an app token ends alone.
      if (known.channel === '') state.revokeToken(token);
      else state.revoke(known.platform, known.channel);
      return c.body(null, 200);
    });

    const bearer = (header: string | undefined) => {
      const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
      return state.access(platform, token) ?? null;
    };

    if (twitch) {
      const unauthorized = (c: Context, message = 'Invalid OAuth token') =>
        c.json({ error: 'Unauthorized', status: 401, message }, 401);
      const badRequest = (c: Context, message: string) => c.json({ error: 'Bad Request', status: 400, message }, 400);
      // Every Helix answer says where the token stands in its bucket (800 points a minute, a point a call). The
      // stand-in counts and never refuses on its own; `rateLimit` makes it refuse.
      const buckets = new Map<string, { used: number; resetAt: number }>();
      // Twitch keeps one bucket per client id for the app's tokens and one per client id and user for a user's: a
      // refreshed token spends the same bucket. An empty bucket answers 429 until Ratelimit-Reset (the call is not
      // made, and costs nothing).
      const points = options.helixPointsPerMinute ?? 800;
      const charge = (c: Context, token: string, grant: Grant) => {
        const now = (options.now ?? Date.now)();
        const key = grant.channel === '' ? 'app' : `user:${grant.channel}`;
        let bucket = buckets.get(key);
        if (!bucket || bucket.resetAt <= now) {
          bucket = { used: 0, resetAt: now + 60_000 };
          buckets.set(key, bucket);
        }
        c.header('Ratelimit-Limit', String(points));
        c.header('Ratelimit-Reset', String(Math.ceil(bucket.resetAt / 1000)));
        if (bucket.used >= points) {
          c.header('Ratelimit-Remaining', '0');
          return false;
        }
        bucket.used += 1;
        calls.helixByToken[token] = (calls.helixByToken[token] ?? 0) + 1;
        c.header('Ratelimit-Remaining', String(Math.max(0, points - bucket.used)));
        return true;
      };
      /**
       * A Helix call: the app's Client-Id and a live token, a user's or (where `app`) the app's own; counted, and
       * refused with 429 while `rateLimit` says so (except the identity call).
       */
      const helixRoute = (
        method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
        path: string,
        accepts: { app: boolean; limited?: boolean },
        answer: (grant: Grant, c: Context) => Response | Promise<Response>,
      ) =>
        app.on(method, `/${platform}/helix/${path}`, (c) => {
          const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
          const grant = state.access(platform, token);
          if (!grant || c.req.header('client-id') !== clientId) return unauthorized(c);
          if (!charge(c, token, grant)) {
            calls.helix429 += 1;
            return c.json({ error: 'Too Many Requests', status: 429, message: 'Too Many Requests' }, 429);
          }
          const counted = method === 'GET' ? path : `${method} ${path}`;
          calls.helix[counted] = (calls.helix[counted] ?? 0) + 1;
          if (grant.channel === '') calls.helixApp[counted] = (calls.helixApp[counted] ?? 0) + 1;
          if (grant.channel === '' && !accepts.app) return unauthorized(c, 'Missing User OAUTH Token');
          if (accepts.limited !== false && limited.count > 0) {
            limited.count -= 1;
            c.header('Ratelimit-Remaining', '0');
            c.header('Ratelimit-Reset', String(Math.ceil(limited.resetAt / 1000)));
            return c.json({ error: 'Too Many Requests', status: 429, message: '' }, 429);
          }
          return answer(grant, c);
        });
      const helix = (
        path: string,
        accepts: { app: boolean; limited?: boolean },
        answer: (grant: Grant, c: Context) => Response,
      ) => helixRoute('GET', path, accepts, answer);
      // EventSub's subscriptions and conduits (eventsub.ts), with user or app tokens as each route decides.
      options.eventSub?.mountHelix({
        clientId,
        route: (method, path, answer) => helixRoute(method, path, { app: true }, answer),
        scopes: grantedScopes,
        loginOf: (id) => channelsById('twitch').get(id),
      });
      /** The repeated query parameter's values, each once; null when there are more than Helix takes (100). */
      const many = (c: Context, name: string) => {
        const values = [...new Set(c.req.queries(name) ?? [])];
        return values.length > 100 ? null : values;
      };
      const userOf = (channel: string) => ({
        id: idOf('twitch', channel),
        login: channel,
        display_name: channel,
        type: '',
        broadcaster_type: 'affiliate',
        created_at: '2020-01-01T00:00:00Z',
      });
      // The token's user; with an app token, the users asked for by id or login.
      helix('users', { app: true, limited: false }, (grant, c) => {
        if (grant.channel) {
          calls.identity += 1;
          return c.json({ data: [userOf(grant.channel)] });
        }
        const wantedIds = many(c, 'id');
        const wantedLogins = many(c, 'login');
        if (!wantedIds || !wantedLogins)
          return badRequest(c, 'The request may include at most 100 id and login values');
        if (!wantedIds.length && !wantedLogins.length) return badRequest(c, 'Must provide an ID, Login or OAuth Token');
        const byId = channelsById('twitch');
        const known = new Set(byId.values());
        const found = new Set([
          ...wantedIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
          ...wantedLogins.map((login) => login.toLowerCase()).filter((login) => known.has(login)),
        ]);
        return c.json({ data: [...found].map(userOf) });
      });
      // Send Chat Message (https://dev.twitch.tv/docs/api/reference/#send-chat-message): as the token's user, who
      // must be the sender; the message reaches the channel's chat (IRC and EventSub readers). Over 20 messages in 30 s
      // from a sender in a channel it is dropped: is_sent false with a drop_reason, as Twitch answers.
      helixRoute('POST', 'chat/messages', { app: false }, async (grant, c) => {
        const body = (await c.req.json().catch(() => null)) as {
          broadcaster_id?: unknown;
          sender_id?: unknown;
          message?: unknown;
        } | null;
        if (!body || typeof body.broadcaster_id !== 'string' || typeof body.sender_id !== 'string')
          return badRequest(c, 'Missing required parameter broadcaster_id or sender_id');
        if (
          typeof body.message !== 'string' ||
          body.message.length === 0 ||
          body.message.length > TWITCH_CHAT_MESSAGE_MAX
        )
          return badRequest(c, `The message must be 1 to ${TWITCH_CHAT_MESSAGE_MAX} characters`);
        if (body.sender_id !== idOf('twitch', grant.channel))
          return unauthorized(c, 'The sender must be the user in the token');
        // A user token must carry user:write:chat (published/twitch-scopes.ts); user:bot alone is not enough.
        const lacking = lackingScopes(grant.scopes, SEND_CHAT_MESSAGE_USER_SCOPES);
        if (lacking.length) return c.json(missingScope(lacking[0]!), 401);
        const channel = channelsById('twitch').get(body.broadcaster_id);
        if (!channel) return badRequest(c, 'The broadcaster_id is not a known channel');
        const at = Date.now();
        const allowed = withinChatLimit(`twitch:${grant.channel}:${channel}`, at);
        const id = allowed
          ? (options.eventSub?.chat.message(channel, { user: grant.channel, text: body.message }) ??
            crypto.randomUUID())
          : '';
        calls.botMessages.push({
          platform: 'twitch',
          channel,
          sender: grant.channel,
          text: body.message,
          at,
          sent: allowed,
          dropReason: allowed ? null : 'msg_rate_limit',
        });
        return c.json({
          data: [
            allowed
              ? { message_id: id, is_sent: true, drop_reason: null }
              : {
                  message_id: '',
                  is_sent: false,
                  drop_reason: {
                    code: 'msg_rate_limit',
                    message: 'Your message was not sent because you are sending messages too quickly.',
                  },
                },
          ],
        });
      });
      helix('streams', { app: true }, (_grant, c) => {
        const wantedIds = many(c, 'user_id');
        const wantedLogins = many(c, 'user_login');
        if (!wantedIds || !wantedLogins || wantedIds.length + wantedLogins.length > 100)
          return badRequest(c, 'The request may include at most 100 user_id and user_login values');
        const first = Number(c.req.query('first') ?? 20);
        if (!Number.isInteger(first) || first < 1 || first > 100)
          return badRequest(c, 'The parameter "first" must be between 1 and 100');
        // The live ones among the channels asked for (by id or login) that the stand-in knows.
        const byId = channelsById('twitch');
        const asked = new Set([
          ...wantedIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
          ...wantedLogins.map((login) => login.toLowerCase()).filter((login) => [...byId.values()].includes(login)),
        ]);
        // Without a user_id or user_login Helix lists the most watched streams; the stand-in lists its live ones.
        const channels = wantedIds.length || wantedLogins.length ? [...asked] : [...byId.values()];
        const data = channels.flatMap((channel) => {
          const now = state.channel('twitch', channel);
          const stream = now.live;
          return stream
            ? [
                {
                  id: stream.id,
                  user_id: idOf('twitch', channel),
                  user_login: channel,
                  user_name: channel,
                  game_id: '509658',
                  game_name: 'Just Chatting',
                  type: 'live',
                  title: stream.title,
                  viewer_count: now.viewers ?? figuresOf('twitch', channel).viewers,
                  started_at: iso(stream.startedAt),
                  language: 'en',
                  thumbnail_url: '',
                  tag_ids: [],
                  tags: ['English'],
                  is_mature: false,
                },
              ]
            : [];
        });
        return c.json({ data: data.slice(0, first), pagination: {} });
      });
      // Get Channel Information: every asked channel the stand-in knows, live or not (title, branded-content flag).
      helix('channels', { app: true }, (_grant, c) => {
        const wanted = many(c, 'broadcaster_id');
        if (!wanted) return badRequest(c, 'The request may include at most 100 broadcaster_id values');
        if (!wanted.length) return badRequest(c, 'Missing required parameter "broadcaster_id"');
        const byId = channelsById('twitch');
        const data = wanted.flatMap((id) => {
          const channel = byId.get(id);
          if (channel === undefined) return [];
          const now = state.channel('twitch', channel);
          return [
            {
              broadcaster_id: id,
              broadcaster_login: channel,
              broadcaster_name: channel,
              broadcaster_language: 'en',
              game_id: '509658',
              game_name: 'Just Chatting',
              title: now.title ?? defaultTitle(channel),
              delay: 0,
              tags: ['English'],
              content_classification_labels: [],
              is_branded_content: now.branded,
            },
          ];
        });
        return c.json({ data });
      });
      // Get Videos: by id (up to 100) or by user_id (one); the VOD each stream leaves (type archive), newest first.
      helix('videos', { app: true }, (_grant, c) => {
        const wantedIds = many(c, 'id');
        const users = c.req.queries('user_id') ?? [];
        const games = c.req.queries('game_id') ?? [];
        if (!wantedIds) return badRequest(c, 'The request may include at most 100 id values');
        if ([wantedIds.length > 0, users.length > 0, games.length > 0].filter(Boolean).length !== 1 || users.length > 1)
          return badRequest(c, 'Exactly one of id, user_id (one) or game_id (one) must be specified');
        const type = c.req.query('type') ?? 'all';
        if (!['all', 'archive', 'highlight', 'upload'].includes(type))
          return badRequest(c, 'The parameter "type" must be all, archive, highlight or upload');
        const first = Number(c.req.query('first') ?? 20);
        if (!Number.isInteger(first) || first < 1 || first > 100)
          return badRequest(c, 'The parameter "first" must be between 1 and 100');
        let from = 0;
        const after = c.req.query('after');
        if (after) {
          from = Number(Buffer.from(after, 'base64url').toString());
          if (!Number.isInteger(from) || from < 0) return badRequest(c, 'The cursor "after" is not valid');
        }
        let recordings: Recording[];
        if (wantedIds.length) {
          recordings = wantedIds.flatMap((id) => state.recording('twitch', id) ?? []);
          if (!recordings.length) return c.json({ error: 'Not Found', status: 404, message: 'videos not found' }, 404);
        } else if (users.length) {
          const channel = channelsById('twitch').get(users[0]!);
          recordings =
            channel !== undefined && (type === 'all' || type === 'archive') ? state.recordings('twitch', channel) : [];
        } else {
          recordings = [];
        }
        const base = baseOf(c);
        const page = recordings.slice(from, from + first);
        const data = page.map((recording) => {
          const end = recording.endedAt ?? Date.now();
          return {
            id: recording.id,
            stream_id: recording.streamId,
            user_id: idOf('twitch', recording.channel),
            user_login: recording.channel,
            user_name: recording.channel,
            title: recording.title,
            description: '',
            created_at: iso(recording.startedAt),
            published_at: iso(recording.startedAt),
            url: recordingUrl(base, recording),
            thumbnail_url: '',
            viewable: 'public',
            view_count: figuresOf('twitch', recording.channel).viewers,
            language: 'en',
            type: 'archive',
            duration: hms((end - recording.startedAt) / 1000),
            muted_segments: null,
          };
        });
        const more = users.length > 0 && from + first < recordings.length;
        return c.json({
          data,
          pagination: more ? { cursor: Buffer.from(String(from + first)).toString('base64url') } : {},
        });
      });
      // Followers and subscriptions of the token's own channel (as broadcaster) only.
      const own = (grant: Grant, c: Context) =>
        c.req.query('broadcaster_id') === standInChannelId('twitch', grant.channel);
      helix('channels/followers', { app: false }, (grant, c) => {
        if (!own(grant, c))
          return c.json(
            { error: 'Forbidden', status: 403, message: 'The user must be the broadcaster or a moderator' },
            403,
          );
        if (!grant.scopes.includes('moderator:read:followers'))
          return c.json(
            { error: 'Unauthorized', status: 401, message: 'Missing scope: moderator:read:followers' },
            401,
          );
        return c.json({ total: figuresOf('twitch', grant.channel).followers, data: [], pagination: {} });
      });
      helix('subscriptions', { app: false }, (grant, c) => {
        if (!own(grant, c))
          return c.json({ error: 'Forbidden', status: 403, message: 'broadcaster_id must match the user' }, 403);
        if (!grant.scopes.includes('channel:read:subscriptions'))
          return c.json(
            { error: 'Unauthorized', status: 401, message: 'Missing scope: channel:read:subscriptions' },
            401,
          );
        const subscribers = figuresOf('twitch', grant.channel).subscribers;
        if (subscribers === null)
          return c.json(
            { error: 'Bad Request', status: 400, message: 'The broadcaster is not an affiliate or partner' },
            400,
          );
        return c.json({ data: [], pagination: {}, total: subscribers, points: subscribers });
      });
    } else {
      app.get(`/${platform}/youtube/v3/channels`, (c) => {
        const grant = bearer(c.req.header('authorization'));
        if (!grant)
          return c.json(
            {
              error: {
                code: 401,
                message: 'Request had invalid authentication credentials.',
                status: 'UNAUTHENTICATED',
              },
            },
            401,
          );
        if (c.req.query('mine') !== 'true')
          return c.json({ error: { code: 400, message: 'only mine=true here' } }, 400);
        if ((c.req.query('part') ?? '').includes('snippet')) calls.identity += 1;
        const figures = figuresOf('youtube', grant.channel);
        return c.json({
          kind: 'youtube#channelListResponse',
          items: [
            {
              kind: 'youtube#channel',
              id: standInChannelId('youtube', grant.channel),
              snippet: { title: grant.channel, customUrl: `@${grant.channel}` },
              statistics: {
                viewCount: String(figures.views),
                subscriberCount: String(figures.subscribers ?? 0),
                hiddenSubscriberCount: figures.subscribers === null,
                videoCount: '42',
              },
            },
          ],
        });
      });
      const invalid = (c: Context, message: string, reason: string) =>
        c.json({ error: { code: 400, message, errors: [{ message, domain: 'youtube.parameter', reason }] } }, 400);
      /**
       * The project's API key (`?key=`), when the request gives one: 'valid', or Google's 400 for a key it does not
       * know — `API key not valid. Please pass a valid API key.`, reason badRequest, with the ErrorInfo detail
       * API_KEY_INVALID (as Google answered a YouTube Data API call with an unknown key: gabe565/CastSponsorSkip issue
       * 66, 2024-01-28, "googleapi: Error 400: API key not valid. Please pass a valid API key. Details: [{"@type":
       * "type.googleapis.com/google.rpc.ErrorInfo", "domain": "googleapis.com", "metadata": {"service":
       * "youtube.googleapis.com"}, "reason": "API_KEY_INVALID"}], badRequest"). Recorded: the product's key is wrong.
       */
      const apiKey = (c: Context): 'none' | 'valid' | Response => {
        const key = c.req.query('key');
        if (key === undefined) return 'none';
        if (apiKeys.has(key)) return 'valid';
        const message = 'API key not valid. Please pass a valid API key.';
        recordViolation({ platform: 'youtube', kind: 'request', method: 'GET', path: c.req.path, message });
        return c.json(
          {
            error: {
              code: 400,
              message,
              errors: [{ message, domain: 'global', reason: 'badRequest' }],
              status: 'INVALID_ARGUMENT',
              details: [
                {
                  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                  reason: 'API_KEY_INVALID',
                  domain: 'googleapis.com',
                  metadata: { service: 'youtube.googleapis.com' },
                },
              ],
            },
          },
          400,
        );
      };
      const unauthenticated = (c: Context) =>
        c.json({ error: { code: 401, message: 'Request had invalid authentication credentials.' } }, 401);
      const iso3 = (ms: number) => new Date(ms).toISOString();
      // The channel's broadcasts: the scheduled one (upcoming: ready, not started), the running one (a live chat, no
      // end) and those it ended (with actualEndTime).
      app.get(`/${platform}/youtube/v3/liveBroadcasts`, (c) => {
        const key = apiKey(c);
        if (key instanceof Response) return key;
        const grant = bearer(c.req.header('authorization'));
        // liveBroadcasts.list reads a channel's own broadcasts: it needs the user's OAuth token ("This request requires
        // authorization with at least one of the following scopes", https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/list#auth).
        // An API key alone is Google's 401 "Login Required." (reason required, the Authorization header, with
        // `WWW-Authenticate: Bearer realm="https://accounts.google.com/"`, googleapis/google-api-ruby-client issue 651
        // and googleapis/google-api-php-client issue 1566). Recorded: the product sent it.
        if (!grant && key === 'valid') {
          recordViolation({
            platform: 'youtube',
            kind: 'request',
            method: 'GET',
            path: c.req.path,
            message: 'liveBroadcasts.list with an API key and no OAuth token: Login Required.',
          });
          c.header('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/"');
          return c.json(
            {
              error: {
                code: 401,
                message: 'Login Required.',
                errors: [
                  {
                    message: 'Login Required.',
                    domain: 'global',
                    reason: 'required',
                    location: 'Authorization',
                    locationType: 'header',
                  },
                ],
                status: 'UNAUTHENTICATED',
              },
            },
            401,
          );
        }
        if (!grant) return unauthenticated(c);
        // Exactly one filter (LIVE_BROADCASTS_FILTERS): more is Google's 400 incompatibleParameters, none its
        // missingRequiredParameter ("Common request errors", https://developers.google.com/youtube/v3/docs/errors:
        // "The request specifies two or more parameters that cannot be used in the same request" / "The request is
        // missing a required parameter"). broadcastType is not a filter.
        const filters = LIVE_BROADCASTS_FILTERS.filter((name) => c.req.query(name) !== undefined);
        if (filters.length > 1)
          return invalid(
            c,
            `Incompatible parameters specified: ${filters.join(', ')}. Specify exactly one of ${LIVE_BROADCASTS_FILTERS.join(', ')}.`,
            'incompatibleParameters',
          );
        if (filters.length === 0)
          return invalid(
            c,
            `No filter selected. Expected one of: ${LIVE_BROADCASTS_FILTERS.join(', ')}`,
            'missingRequiredParameter',
          );
        const status = c.req.query('broadcastStatus');
        if (status !== undefined && !['active', 'all', 'completed', 'upcoming'].includes(status))
          return invalid(c, `Invalid value for broadcastStatus: ${status}`, 'invalidValue');
        if (filters[0] === 'mine' && c.req.query('mine') !== 'true')
          return invalid(c, `Invalid value for mine: ${c.req.query('mine')}`, 'invalidValue');
        const maxResults = Number(c.req.query('maxResults') ?? 5);
        if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50)
          return invalid(c, 'maxResults is from 0 to 50', 'invalidValue');
        const on = liveNow('youtube', grant.channel);
        const ids = c.req.query('id')?.split(',');
        const channelId = idOf('youtube', grant.channel);
        // By id, or mine=true: every broadcast of the token's channel; by status: those in it (upcoming: scheduled and
        // not started; active: live; completed: ended).
        const upcoming = state.channel('youtube', grant.channel).upcoming;
        const scheduledItems =
          upcoming &&
          (ids ? ids.includes(upcoming.id) : true) &&
          (status === undefined || status === 'all' || status === 'upcoming')
            ? [
                {
                  kind: 'youtube#liveBroadcast',
                  id: upcoming.id,
                  snippet: {
                    publishedAt: iso3(upcoming.createdAt),
                    channelId,
                    title: upcoming.title,
                    description: '',
                    scheduledStartTime: iso3(upcoming.scheduledStartAt),
                  },
                  status: { lifeCycleStatus: 'ready', privacyStatus: 'public' },
                },
              ]
            : [];
        const recorded = state
          .recordings('youtube', grant.channel)
          .filter((recording) => (ids ? ids.includes(recording.id) : true))
          .filter((recording) => {
            const running = on?.id === recording.id;
            if (status === undefined) return true;
            return status === 'all' || (status === 'active' ? running : status === 'completed' && !running);
          })
          .map((recording) => {
            const running = on?.id === recording.id;
            return {
              kind: 'youtube#liveBroadcast',
              id: recording.id,
              snippet: {
                publishedAt: iso3(recording.createdAt),
                channelId,
                title: recording.title,
                description: '',
                scheduledStartTime: iso3(recording.scheduledStartAt ?? recording.startedAt),
                actualStartTime: iso3(recording.startedAt),
                ...(running
                  ? { liveChatId: `chat-${grant.channel}` }
                  : { actualEndTime: iso3(recording.endedAt ?? Date.now()) }),
              },
              status: { lifeCycleStatus: running ? 'live' : 'complete', privacyStatus: 'public' },
            };
          });
        const items = [...scheduledItems, ...recorded].slice(0, maxResults);
        return c.json({
          kind: 'youtube#liveBroadcastListResponse',
          pageInfo: { totalResults: items.length, resultsPerPage: maxResults },
          items,
        });
      });
      // videos.list by id: a broadcast's video, upcoming, live or ended; with a user's token or the project's API key
      // (public data). The paid-promotion flag only to its owner: VideoPaidProductPlacementDetails "can only be
      // retrieved by the video owner" (the discovery document's description of the schema), so never with a key alone.
      const VIDEO_PARTS = ['id', 'snippet', 'liveStreamingDetails', 'paidProductPlacementDetails', 'status'];
      app.get(`/${platform}/youtube/v3/videos`, (c) => {
        const key = apiKey(c);
        if (key instanceof Response) return key;
        const grant = bearer(c.req.header('authorization'));
        if (!grant && key !== 'valid') return unauthenticated(c);
        const parts = (c.req.query('part') ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        if (!parts.length) return invalid(c, 'Required parameter: part', 'required');
        const unknown = parts.find((part) => !VIDEO_PARTS.includes(part));
        if (unknown) return invalid(c, `'${unknown}'`, 'unknownPart');
        const ids = (c.req.query('id') ?? '').split(',').filter(Boolean);
        if (ids.length > 50) return invalid(c, 'At most 50 ids', 'invalidValue');
        const owner = grant?.channel ?? null;
        const items = [...new Set(ids)].flatMap((id) => {
          const scheduled = state.scheduled('youtube', id);
          if (scheduled) {
            const now = state.channel('youtube', scheduled.channel);
            const item: Record<string, unknown> = { kind: 'youtube#video', id: scheduled.id };
            if (parts.includes('snippet'))
              item.snippet = {
                publishedAt: iso3(scheduled.createdAt),
                channelId: idOf('youtube', scheduled.channel),
                title: scheduled.title,
                description: '',
                channelTitle: scheduled.channel,
                liveBroadcastContent: 'upcoming',
              };
            if (parts.includes('liveStreamingDetails'))
              item.liveStreamingDetails = { scheduledStartTime: iso3(scheduled.scheduledStartAt) };
            if (parts.includes('paidProductPlacementDetails') && owner === scheduled.channel)
              item.paidProductPlacementDetails = { hasPaidProductPlacement: now.branded };
            if (parts.includes('status')) item.status = { uploadStatus: 'uploaded', privacyStatus: 'public' };
            return [item];
          }
          const recording = state.recording('youtube', id);
          if (!recording) return [];
          const running = liveNow('youtube', recording.channel)?.id === recording.id;
          const now = state.channel('youtube', recording.channel);
          const item: Record<string, unknown> = { kind: 'youtube#video', id: recording.id };
          if (parts.includes('snippet'))
            item.snippet = {
              publishedAt: iso3(recording.createdAt),
              channelId: idOf('youtube', recording.channel),
              title: recording.title,
              description: '',
              channelTitle: recording.channel,
              liveBroadcastContent: running ? 'live' : 'none',
            };
          // scheduledStartTime only for a broadcast that was scheduled; none for one started at once.
          const scheduledStart =
            recording.scheduledStartAt === null ? {} : { scheduledStartTime: iso3(recording.scheduledStartAt) };
          if (parts.includes('liveStreamingDetails'))
            item.liveStreamingDetails = running
              ? {
                  ...scheduledStart,
                  actualStartTime: iso3(recording.startedAt),
                  concurrentViewers: String(now.viewers ?? figuresOf('youtube', recording.channel).viewers),
                  activeLiveChatId: `chat-${recording.channel}`,
                }
              : {
                  ...scheduledStart,
                  actualStartTime: iso3(recording.startedAt),
                  actualEndTime: iso3(recording.endedAt ?? Date.now()),
                };
          if (parts.includes('paidProductPlacementDetails') && owner === recording.channel)
            item.paidProductPlacementDetails = { hasPaidProductPlacement: now.branded };
          if (parts.includes('status')) item.status = { uploadStatus: 'processed', privacyStatus: 'public' };
          return [item];
        });
        return c.json({
          kind: 'youtube#videoListResponse',
          pageInfo: { totalResults: items.length, resultsPerPage: items.length },
          items,
        });
      });
      // liveChatMessages.insert (50 units, charged by youtube-quota.ts): a text message into a live chat, which its
      // readers then see; an ended chat is 403 liveChatEnded, more than 20 posts in 30 s from one author 429.
      app.post(`/${platform}/youtube/v3/liveChat/messages`, async (c) => {
        const grant = bearer(c.req.header('authorization'));
        if (!grant)
          return c.json({ error: { code: 401, message: 'Request had invalid authentication credentials.' } }, 401);
        const body = (await c.req.json().catch(() => null)) as {
          snippet?: { liveChatId?: unknown; type?: unknown; textMessageDetails?: { messageText?: unknown } };
        } | null;
        const chatId = body?.snippet?.liveChatId;
        const text = body?.snippet?.textMessageDetails?.messageText;
        // The insert's errors table (https://developers.google.com/youtube/v3/live/docs/liveChatMessages/insert#errors).
        if (typeof chatId !== 'string' || !chatId)
          return invalid(c, 'The liveChatId is required.', 'liveChatIdRequired');
        if (typeof text !== 'string' || text.length === 0)
          return invalid(c, 'The message text is required.', 'messageTextRequired');
        // Longer than a live chat message may be: 400 messageTextInvalid (published/youtube.ts).
        if ([...text].length > YOUTUBE_CHAT_MESSAGE_MAX)
          return invalid(
            c,
            `The message text is longer than ${YOUTUBE_CHAT_MESSAGE_MAX} characters.`,
            'messageTextInvalid',
          );
        const channel = chatId.replace(/^chat-/, '');
        if (!chatId.startsWith('chat-') || !liveNow('youtube', channel))
          return c.json(
            {
              error: { code: 403, message: 'The live chat is no longer live.', errors: [{ reason: 'liveChatEnded' }] },
            },
            403,
          );
        const at = Date.now();
        const allowed = withinChatLimit(`youtube:${grant.channel}:${channel}`, at);
        calls.botMessages.push({
          platform: 'youtube',
          channel,
          sender: grant.channel,
          text,
          at,
          sent: allowed,
          dropReason: allowed ? null : 'rateLimitExceeded',
        });
        if (!allowed)
          return c.json(
            {
              error: {
                code: 429,
                message: 'The user is sending messages too quickly.',
                errors: [{ reason: 'rateLimitExceeded' }],
              },
            },
            429,
          );
        const items = chatOf(channel);
        const item: YouTubeChatItem = {
          id: `bot-${crypto.randomUUID()}`,
          snippet: {
            type: 'textMessageEvent',
            liveChatId: chatId,
            publishedAt: new Date(at).toISOString(),
            displayMessage: text,
            textMessageDetails: { messageText: text },
          },
          authorDetails: {
            channelId: idOf('youtube', grant.channel),
            displayName: 'Castbridge',
            isChatModerator: false,
            isChatOwner: false,
          },
        };
        items.push(item);
        chatChanged(channel);
        return c.json({ kind: 'youtube#liveChatMessage', ...item });
      });
      app.get(`/${platform}/youtube/v3/liveChat/messages`, (c) => {
        const grant = bearer(c.req.header('authorization'));
        if (!grant)
          return c.json({ error: { code: 401, message: 'Request had invalid authentication credentials.' } }, 401);
        const items = chatOf(grant.channel);
        const ended = !liveNow('youtube', grant.channel);
        // A reader following a chat that just ended gets its last page with offlineAt (as the API's field says);
        // anyone else asking an ended chat is told it is over.
        if (c.req.query('liveChatId') === `chat-${grant.channel}` && ended && c.req.query('pageToken')) {
          const from = Number(c.req.query('pageToken')) || 0;
          const last = state.recordings('youtube', grant.channel).at(-1);
          return c.json({
            kind: 'youtube#liveChatMessageListResponse',
            pollingIntervalMillis: options.pollMs ?? 4000,
            nextPageToken: String(items.length),
            offlineAt: new Date(last?.endedAt ?? (options.now ?? Date.now)()).toISOString(),
            items: items.slice(from).filter((item) => item.snippet.type !== 'tombstone'),
          });
        }
        if (c.req.query('liveChatId') !== `chat-${grant.channel}` || ended) {
          return c.json(
            {
              error: { code: 403, message: 'The live chat is no longer live.', errors: [{ reason: 'liveChatEnded' }] },
            },
            403,
          );
        }
        if (options.demoLines) {
          const next = demoItem(options.demoLines[items.length % options.demoLines.length]!, items.length);
          if (next) items.push(next);
          else
            items.push({
              id: `skip-${items.length}`,
              snippet: { type: 'tombstone', publishedAt: new Date().toISOString() },
            });
        }
        const from = Number(c.req.query('pageToken') ?? 0) || 0;
        return c.json({
          kind: 'youtube#liveChatMessageListResponse',
          pollingIntervalMillis: options.pollMs ?? 4000,
          nextPageToken: String(items.length),
          items: items.slice(from).filter((item) => item.snippet.type !== 'tombstone'),
        });
      });
      // liveChatMessages.streamList (youtube-quota.ts): one call (5 units) streams the chat until its broadcast ends.
      app.get(`/${platform}/youtube/v3/liveChat/messages/stream`, (c) => {
        const grant = bearer(c.req.header('authorization'));
        if (!grant)
          return c.json({ error: { code: 401, message: 'Request had invalid authentication credentials.' } }, 401);
        if (!(c.req.query('part') ?? '').includes('snippet')) return invalid(c, 'Required parameter: part', 'required');
        if (c.req.query('liveChatId') !== `chat-${grant.channel}` || !liveNow('youtube', grant.channel))
          return c.json(
            {
              error: { code: 403, message: 'The live chat is no longer live.', errors: [{ reason: 'liveChatEnded' }] },
            },
            403,
          );
        if (notStreaming.has(grant.channel))
          return invalid(c, 'Streaming is not available for this live chat.', 'liveChatStreamingNotAvailable');
        const channel = grant.channel;
        return streamListResponse(
          c,
          {
            items: () => chatOf(channel),
            live: () => liveNow('youtube', channel) !== null,
            // The demo's chat: a synthetic line every poll interval, as a poll of liveChatMessages.list adds one.
            tick() {
              if (!options.demoLines || Date.now() - (demoSaidAt.get(channel) ?? 0) < (options.pollMs ?? 4000)) return;
              demoSaidAt.set(channel, Date.now());
              const items = chatOf(channel);
              const next = demoItem(options.demoLines[items.length % options.demoLines.length]!, items.length);
              items.push(
                next ?? {
                  id: `skip-${items.length}`,
                  snippet: { type: 'tombstone', publishedAt: new Date().toISOString() },
                },
              );
            },
            subscribe(listener) {
              const listeners = chatListeners.get(channel) ?? new Set();
              chatListeners.set(channel, listeners);
              listeners.add(listener);
              return () => listeners.delete(listener);
            },
          },
          Number(c.req.query('pageToken') ?? 0) || 0,
          options.now ?? Date.now,
        );
      });
    }
  }

  return {
    app,
    youtube: {
      setLive(channel, isLive, title) {
        setLive('youtube', channel, isLive, title);
        chatChanged(channel);
      },
      say(channel, items) {
        chatOf(channel).push(...items);
        chatChanged(channel);
      },
      setQuotaExceeded: (exceeded) => youtubeQuota.setExceeded(exceeded),
      setStreaming(channel, supported) {
        if (supported) notStreaming.delete(channel);
        else notStreaming.add(channel);
      },
      quota: () => youtubeQuota.remaining(),
    },
    twitch: {
      setLive: (channel, isLive, title) => setLive('twitch', channel, isLive, title),
      rateLimit(count, resetInMs) {
        limited = { count, resetAt: Date.now() + resetInMs };
      },
    },
    figures: {
      get: (platform, channel) => figuresOf(platform, channel),
      set(platform, channel, changes) {
        const { viewers, ...own } = changes;
        figuresOf(platform, channel);
        Object.assign(figures.get(`${platform}:${channel}`)!, own);
        if (viewers !== undefined) state.change(platform, channel, { viewers });
      },
    },
    setChannel,
    channelState: (platform, channel) => viewOf(platform, channel, options.browserBase?.() ?? ''),
    setTokenLifetime(seconds) {
      lifetime = seconds;
      appLifetime = seconds;
    },
    revokeChannel(platform, channel) {
      state.revoke(platform, channel);
      if (platform === 'twitch') options.eventSub?.revokeUser(channel);
    },
    eventSub: options.eventSub ?? null,
    youtubeHub,
    calls,
    liveAccessTokens: () => state.liveAccessTokens(),
    close() {
      youtubeHub.close();
      state.close();
    },
  };
}
