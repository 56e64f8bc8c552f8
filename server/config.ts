// Server configuration, read once from the environment (the table is in docs/operations.md, "Configuration").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_MIN_PAYOUT_CENTS,
  DEFAULT_REVIEW_HOURS,
  PAYOUT_PROVIDERS,
  type PayoutProviderName,
} from '../contract/money.ts';

/** The quiet period of thread e-mails, in seconds (THREAD_MAIL_QUIET_SECONDS; docs/operations.md, docs/product.md §Threads). */
export const DEFAULT_THREAD_MAIL_QUIET_SECONDS = 300;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  databaseUrl: string | null;
  databaseSchema: string | null;
  jwtSecret: string | null;
  /** PAYOUT_KEY: 32 bytes (64 hex digits or base64) sealing payout details; null: generated once into DATA_DIR. */
  payoutKey: string | null;
  corsOrigins: string[];
  maxUploadBytes: number;
  /** Firebase project whose ID tokens are accepted. */
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator, or null for real Google verification. */
  firebaseAuthEmulatorHost: string | null;
  /** True when FIREBASE_PROJECT_ID names a real project and no emulator is used. */
  firebaseRealProject: boolean;
  trustProxy: boolean;
  /** CONTRACT_CHECK=1: every JSON answer is checked against its contract schema (the tests turn it on). */
  contractCheck: boolean;
  /** smtp://user:pass@host:587 (or smtps://); null writes every message to $DATA_DIR/outbox/ instead. */
  smtpUrl: string | null;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The support address: named in every e-mail, and where support tickets go. */
  supportEmail: string;
  /** The origin links in e-mails point at; null: the server's own URL once it listens. */
  publicUrl: string | null;
  /** Multiplies every request limit (server/http/rate-limit.ts); 1 in production, raised by tests and demos. */
  rateLimitScale: number;
  /**
   * THREAD_MAIL_QUIET_SECONDS (default 300): a thread's e-mail waits this long after the message that starts it and
   * then carries every message that arrived meanwhile; at most one per thread and recipient in this long
   * (docs/product.md §Threads).
   */
  threadMailQuietSeconds: number;
  /** FEE_BPS: the platform's fee on a creator's earning, in basis points (default 0: the pitch is free help). */
  feeBps: number;
  /** MIN_PAYOUT_CENTS: the smallest withdrawal (default 5000, $50). */
  minPayoutCents: number;
  /**
   * REVIEW_HOURS (default 72; decimals allowed, so a demo or a test can use seconds): how long an overlay earning
   * stays pending, open to the advertiser's dispute, before it becomes available (docs/product.md §Verified delivery).
   */
  reviewSeconds: number;
  /** LIVE_POLL_SECONDS (default 60): how often the platforms are asked whether watched channels are live. */
  livePollSeconds: number;
  /** The fraud signals that hold an earning for an operator (server/overlay/fraud.ts, docs/operations.md). */
  fraud: FraudThresholds;
  /** PAYOUT_PROVIDER: the rails payouts go out on, e.g. "stripe,paypal"; each method kind takes the first that
   * supports it (Stripe: the creator's Stripe Express account, PayPal: PayPal e-mails), and `manual` (an operator pays)
   * takes the rest. */
  payoutProviders: PayoutProviderName[];
  /**
   * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (and STRIPE_API_BASE): card and bank-debit deposits, refunds and disputes
   * (docs/product.md §Self-serve money), and the `stripe` payout rail. Without them, with STANDINS, the stand-in this
   * server mounts under /standin/stripe (`standIn`); otherwise null: advertisers add funds by wire only.
   * STRIPE_CONNECT_WEBHOOK_SECRET (`connectWebhookSecret`): the Connect endpoint's own signing secret (events of
   * creators' connected accounts at /api/webhooks/stripe/connect); required by the `stripe` payout rail.
   */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    connectWebhookSecret: string | null;
    apiBase: string;
    standIn: boolean;
  } | null;
  paypal: { clientId: string; clientSecret: string; apiBase: string; pollSeconds: number } | null;
  /** OAuth clients of the platforms creators connect (docs/product.md §Connected accounts); null: not configured (the card says what to set). */
  oauth: { twitch: OAuthClient | null; youtube: OAuthClient | null };
  /** STANDINS=1 (`npm start` without provider settings): local stand-ins for what is not configured. */
  standIns: boolean;
  /** TWITCH_CHAT_URL: Twitch chat's IRC-over-WebSocket endpoint; null with STANDINS and no setting (a local stand-in). */
  twitchChatUrl: string | null;
  /** TWITCH_STREAM_POLL_SECONDS: how often Helix is asked whether an archived channel is live (default 60). */
  twitchStreamPollSeconds: number;
  /**
   * The platforms' limits the governor keeps to (docs/product.md §Platform limits): TWITCH_POINTS_PER_MINUTE (default
   * 800, Helix's bucket per token) and YOUTUBE_DAILY_QUOTA (default 10,000 units, the Google Cloud project's quota;
   * set it to what Google granted after a quota extension).
   */
  platformLimits: { twitchPointsPerMinute: number; youtubeDailyUnits: number };
  /**
   * TWITCH_CHAT: how the archive reads Twitch chat — `eventsub` (channel.chat.message, Twitch's recommended way; the
   * default when a Twitch client is configured) or `irc` (anonymous IRC through tmi.js, the fallback).
   * TWITCH_EVENTSUB_TRANSPORT: `websocket` (one instance; default without a cluster) or `conduit` (shards across
   * instances; default with PostgreSQL locks or Redis). TWITCH_CONDUIT_SHARDS (default 4). TWITCH_EVENTSUB_URL:
   * the EventSub WebSocket endpoint (default wss://eventsub.wss.twitch.tv/ws; the stand-in's with STANDINS).
   */
  twitchChat: {
    mode: 'eventsub' | 'irc';
    transport: 'websocket' | 'conduit' | null;
    conduitShards: number;
    eventSubUrl: string | null;
    /**
     * TWITCH_BOT_REFRESH_TOKEN: the refresh token of Castbridge's own Twitch account (the bot) that reads chat over
     * EventSub and posts the chat bot's messages (scopes user:read:chat user:bot user:write:chat, TWITCH_BOT_SCOPES in
     * connections/providers.ts: Send Chat Message refuses a token without user:write:chat), refreshed with the Twitch
     * client; with STANDINS and the Twitch stand-in, the stand-in's bot (castbridge_bot). Without one, chat is read
     * over IRC and Twitch chats get no bot posts.
     */
    botRefreshToken: string | null;
  };
  /**
   * Deliverables beyond the overlay (docs/product.md §Deliverables, docs/operations.md §Deliverables).
   * CLICKS_PER_VISITOR_MINUTE (default 10): clicks one address may make on tracked links in a minute before the rest
   * are refused as over the limit; CLICKS_PER_LINK_MINUTE (default 600): clicks one link takes in a minute.
   * FRAUD_CLICK_SHARE (default 0.5): an offer whose refused clicks (bots, repeats, over a limit) exceed this share of
   * all its clicks, with at least 50 of them, is held for an operator. CLICK_UNIQUE_BY (`address`, the default, or
   * `address+agent`): who counts once per link per UTC day — one network address whatever user agent it claims, or
   * (the rule before issue 44) each user agent of an address apart. FRAUD_CLICK_ADDRESSES (default 3) and
   * FRAUD_CLICK_ADDRESS_SHARE (default 0.5): an offer whose busiest addresses of a day, that many, made more than this
   * share of the clicks by people on its link (counted or repeats), with at least 50 of them, is held for an operator.
   * CLICK_FLUSH_MS (default 1000): how long counted clicks wait in memory before one batched write. BOT_TICK_SECONDS
   * (default 30): how often the chat bot looks for posts due. YOUTUBE_BOT_REFRESH_TOKEN: the refresh token of
   * Castbridge's own YouTube account that posts in live chats (scope youtube.force-ssl); with STANDINS, the stand-in's
   * bot; without one, YouTube chats get no bot posts.
   */
  deliverables: {
    clicksPerVisitorMinute: number;
    clicksPerLinkMinute: number;
    fraudClickShare: number;
    clickUniqueBy: 'address' | 'address+agent';
    fraudClickAddresses: number;
    fraudClickAddressShare: number;
    clickFlushMs: number;
    botTickSeconds: number;
    youtubeBotRefreshToken: string | null;
  };
  /** REDIS_URL (docs/product.md §Several instances): with PostgreSQL, live pushes, jobs and exclusive work go through Redis. */
  redisUrl: string | null;
  /**
   * What SIGTERM and SIGINT do (server/serve.ts, docs/operations.md §Stopping and draining): readiness answers 503 at
   * once, and the server goes on answering for SHUTDOWN_DRAIN_MS (default 5000: a load balancer's health checks notice
   * meanwhile), every answer with `Connection: close`; then it stops accepting, ends its live streams and waits up to
   * SHUTDOWN_GRACE_MS (default 10000) for requests in flight before it closes what is left.
   */
  shutdown: { drainMs: number; graceMs: number };
  /** JOB_QUEUE: `table` (the embedded queue) or `bullmq`; default bullmq on PostgreSQL, table on SQLite. */
  jobQueue: 'table' | 'bullmq';
  /** INSTANCE_ID: this instance's name in logs and locks (default: random). */
  instanceId: string | null;
  /**
   * Prometheus metrics (server/metrics/, docs/operations.md "What to watch"), never public by accident: METRICS_PORT
   * serves GET /metrics on a listener of its own, bound to METRICS_HOST (default 127.0.0.1; 0: a free port);
   * METRICS_TOKEN serves it on the main port too, to `Authorization: Bearer <token>` only. With neither, nothing is
   * measured and /metrics answers 404.
   */
  metrics: { port: number | null; host: string; token: string | null };
}

/**
 * An OAuth client and the platform's endpoints. A base starting with "/" is on this server (the stand-ins of
 * standins/ mounted under /standin).
 */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** Twitch: https://id.twitch.tv (…/oauth2/authorize|token|revoke); Google: https://accounts.google.com (…/o/oauth2/v2/auth). */
  authBase: string;
  /** Google's token and revoke host (https://oauth2.googleapis.com); Twitch: the same as authBase. */
  tokenBase: string;
  /** Twitch: https://api.twitch.tv (…/helix/users); YouTube: https://www.googleapis.com (…/youtube/v3/channels). */
  apiBase: string;
  standIn: boolean;
  /**
   * YouTube only (issue 46; docs/operations.md §Platform limits): YOUTUBE_API_KEY, the Google Cloud project's API key
   * that reads public videos 50 ids a call (videos.list, 1 unit); null: each broadcast is read with its channel's own
   * token, one id a call.
   */
  apiKey?: string | null;
  /**
   * YouTube only: YOUTUBE_WEBSUB_HUB, the WebSub hub each channel's feed is subscribed on (Google's,
   * https://pubsubhubbub.appspot.com/subscribe, by default; `off`: no push, every channel looked for by
   * liveBroadcasts.list). Its pushes come to <PUBLIC_URL>/api/webhooks/youtube/websub.
   */
  websubHub?: string | null;
}

/** The YouTube stand-in's API key and hub (standins/oauth.ts, standins/websub.ts): fixed, a local demo's. */
export const STANDIN_YOUTUBE = {
  apiKey: 'standin-youtube-api-key',
  websubHub: '/standin/youtube/pubsubhubbub/subscribe',
} as const;
/** Google's WebSub hub (https://developers.google.com/youtube/v3/guides/push_notifications). */
export const YOUTUBE_WEBSUB_HUB = 'https://pubsubhubbub.appspot.com/subscribe';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FIREBASE_PROJECT = 'demo-castbridge';
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

type Env = Record<string, string | undefined>;

/** When an earning is held for an operator instead of released (docs/operations.md §Fraud signals). */
export interface FraudThresholds {
  /** FRAUD_VIEWER_SPIKE (default 5): verified minutes' viewers above this many times the channel's own median. */
  viewerSpike: number;
  /** FRAUD_CHAT_RATIO (default 0.2): chat messages per viewer below this share of the channel's own ratio. */
  chatRatio: number;
  /** FRAUD_ADDRESS_MINUTES (default 3): minutes in which heartbeats came from more than one network address. */
  addressMinutes: number;
  /** FRAUD_OFFLINE_MINUTES (default 10): claimed minutes while the platform said the channel was offline. */
  offlineMinutes: number;
}

function decimal(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(value);
  if (raw === null) return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new Error(`${name} must be a number, got "${raw}"`);
  const parsed = Number(raw);
  if (parsed < min || parsed > max) throw new Error(`${name} must be between ${min} and ${max}, got ${parsed}`);
  return parsed;
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(value);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  const parsed = Number(raw);
  if (parsed < min || parsed > max) throw new Error(`${name} must be between ${min} and ${max}, got ${parsed}`);
  return parsed;
}

function smtpUrl(value: string | undefined): string | null {
  const url = nonEmpty(value);
  if (url !== null && !/^smtps?:\/\//i.test(url)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return url;
}

function publicUrl(value: string | undefined): string | null {
  const url = nonEmpty(value);
  if (url === null) return null;
  if (!/^https?:\/\/[^/]+/i.test(url))
    throw new Error('PUBLIC_URL must be an http(s) URL such as https://castbridge.example');
  return url.replace(/\/+$/, '');
}

function websubHub(value: string | undefined): string | null {
  const hub = nonEmpty(value);
  if (hub?.toLowerCase() === 'off') return null;
  return apiBase('YOUTUBE_WEBSUB_HUB', hub ?? undefined, YOUTUBE_WEBSUB_HUB);
}

function flag(value: string | undefined): boolean {
  return ['1', 'true', 'yes'].includes((value ?? '').trim().toLowerCase());
}

function apiBase(name: string, value: string | undefined, fallback: string): string {
  const url = nonEmpty(value) ?? fallback;
  if (!/^https?:\/\/[^/]+/i.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  return url.replace(/\/+$/, '');
}

function payoutProviders(value: string | undefined): PayoutProviderName[] {
  const names = (nonEmpty(value) ?? 'manual')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (!(PAYOUT_PROVIDERS as readonly string[]).includes(name))
      throw new Error(`PAYOUT_PROVIDER: unknown provider "${name}" (manual, stripe, paypal)`);
  }
  return [...new Set(names)] as PayoutProviderName[];
}

/** The stand-in's keys (standins/stripe.ts): fixed, since they guard nothing but a local demo. */
export const STANDIN_STRIPE = {
  secretKey: 'sk_test_castbridge_standin',
  webhookSecret: 'whsec_castbridge_standin',
  connectWebhookSecret: 'whsec_castbridge_standin_connect',
} as const;

function stripeSettings(env: Env, payouts: boolean, standIns: boolean): Config['stripe'] {
  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  const webhookSecret = nonEmpty(env.STRIPE_WEBHOOK_SECRET);
  const connectWebhookSecret = nonEmpty(env.STRIPE_CONNECT_WEBHOOK_SECRET) ?? null;
  if (secretKey && webhookSecret) {
    if (payouts && !connectWebhookSecret)
      throw new Error(
        'PAYOUT_PROVIDER includes stripe: set STRIPE_CONNECT_WEBHOOK_SECRET (the Connect endpoint /api/webhooks/stripe/connect)',
      );
    if (connectWebhookSecret !== null && connectWebhookSecret === webhookSecret)
      throw new Error("STRIPE_CONNECT_WEBHOOK_SECRET is the Connect endpoint's own secret: not STRIPE_WEBHOOK_SECRET");
    return {
      secretKey,
      webhookSecret,
      connectWebhookSecret,
      apiBase: apiBase('STRIPE_API_BASE', env.STRIPE_API_BASE, 'https://api.stripe.com'),
      standIn: false,
    };
  }
  if (secretKey || webhookSecret) throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or neither)');
  if (!standIns) {
    if (payouts) throw new Error('PAYOUT_PROVIDER includes stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return null;
  }
  return { ...STANDIN_STRIPE, apiBase: '/standin/stripe', standIn: true };
}

function paypalSettings(env: Env, wanted: boolean): Config['paypal'] {
  const clientId = nonEmpty(env.PAYPAL_CLIENT_ID);
  const clientSecret = nonEmpty(env.PAYPAL_CLIENT_SECRET);
  if (!wanted) return null;
  if (!clientId || !clientSecret)
    throw new Error('PAYOUT_PROVIDER includes paypal: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  return {
    clientId,
    clientSecret,
    apiBase: apiBase('PAYPAL_API_BASE', env.PAYPAL_API_BASE, 'https://api-m.paypal.com'),
    pollSeconds: integer('PAYPAL_POLL_SECONDS', env.PAYPAL_POLL_SECONDS, 60, 1, 86_400),
  };
}

/** The stand-in provider's client (standins/oauth.ts), mounted on this server under /standin/<platform>. */
export const STANDIN_CLIENT = { clientId: 'castbridge-standin', clientSecret: 'standin-secret' } as const;

function oauthClient(env: Env, platform: 'twitch' | 'youtube', standIns: boolean): OAuthClient | null {
  const prefix = platform === 'twitch' ? 'TWITCH' : 'GOOGLE';
  const clientId = nonEmpty(env[`${prefix}_CLIENT_ID`]);
  const clientSecret = nonEmpty(env[`${prefix}_CLIENT_SECRET`]);
  if (clientId && clientSecret) {
    if (platform === 'twitch') {
      const authBase = apiBase('TWITCH_AUTH_BASE', env.TWITCH_AUTH_BASE, 'https://id.twitch.tv');
      return {
        clientId,
        clientSecret,
        authBase,
        tokenBase: authBase,
        apiBase: apiBase('TWITCH_API_BASE', env.TWITCH_API_BASE, 'https://api.twitch.tv'),
        standIn: false,
      };
    }
    return {
      clientId,
      clientSecret,
      authBase: apiBase('GOOGLE_AUTH_BASE', env.GOOGLE_AUTH_BASE, 'https://accounts.google.com'),
      tokenBase: apiBase('GOOGLE_TOKEN_BASE', env.GOOGLE_TOKEN_BASE, 'https://oauth2.googleapis.com'),
      apiBase: apiBase('YOUTUBE_API_BASE', env.YOUTUBE_API_BASE, 'https://www.googleapis.com'),
      standIn: false,
      apiKey: nonEmpty(env.YOUTUBE_API_KEY),
      websubHub: websubHub(env.YOUTUBE_WEBSUB_HUB),
    };
  }
  if (clientId || clientSecret)
    throw new Error(`Set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET (or neither)`);
  if (!standIns) return null;
  const base = `/standin/${platform}`;
  const client = { ...STANDIN_CLIENT, authBase: base, tokenBase: base, apiBase: base, standIn: true };
  return platform === 'youtube' ? { ...client, ...STANDIN_YOUTUBE } : client;
}

function chatUrl(value: string | undefined, standIns: boolean): string | null {
  const url = nonEmpty(value);
  if (url !== null && !/^wss?:\/\/[^/]+/i.test(url))
    throw new Error(`TWITCH_CHAT_URL must be a ws:// or wss:// URL, got "${url}"`);
  return url ?? (standIns ? null : 'wss://irc-ws.chat.twitch.tv:443');
}

function twitchChat(env: Env): Config['twitchChat'] {
  const mode = nonEmpty(env.TWITCH_CHAT);
  if (mode !== null && mode !== 'eventsub' && mode !== 'irc')
    throw new Error(`TWITCH_CHAT must be eventsub or irc, got "${mode}"`);
  const transport = nonEmpty(env.TWITCH_EVENTSUB_TRANSPORT);
  if (transport !== null && transport !== 'websocket' && transport !== 'conduit')
    throw new Error(`TWITCH_EVENTSUB_TRANSPORT must be websocket or conduit, got "${transport}"`);
  const url = nonEmpty(env.TWITCH_EVENTSUB_URL);
  if (url !== null && !/^wss?:\/\/[^/]+/i.test(url))
    throw new Error(`TWITCH_EVENTSUB_URL must be a ws:// or wss:// URL, got "${url}"`);
  const realClient = nonEmpty(env.TWITCH_CLIENT_ID) !== null;
  // The stand-in's bot is honoured by the Twitch stand-in only (standins/eventsub.ts).
  const botRefreshToken =
    nonEmpty(env.TWITCH_BOT_REFRESH_TOKEN) ??
    (flag(env.STANDINS) && !realClient ? 'bot-refresh:twitch:castbridge_bot' : null);
  const twitchConfigured = realClient || flag(env.STANDINS);
  if (mode === 'eventsub' && (!twitchConfigured || botRefreshToken === null))
    throw new Error(
      'TWITCH_CHAT=eventsub needs a Twitch client (TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET) and the chat account’s TWITCH_BOT_REFRESH_TOKEN',
    );
  return {
    // EventSub wherever it can be (a Twitch client and the bot's token); IRC otherwise, or when asked for.
    mode: mode ?? (twitchConfigured && botRefreshToken !== null ? 'eventsub' : 'irc'),
    transport,
    conduitShards: integer('TWITCH_CONDUIT_SHARDS', env.TWITCH_CONDUIT_SHARDS, 4, 1, 20_000),
    eventSubUrl: url ?? (flag(env.STANDINS) && !realClient ? null : 'wss://eventsub.wss.twitch.tv/ws'),
    botRefreshToken,
  };
}

function redisUrl(value: string | undefined): string | null {
  const url = nonEmpty(value);
  if (url !== null && !/^rediss?:\/\//i.test(url))
    throw new Error(`REDIS_URL must start with redis:// or rediss://, got "${url}"`);
  return url;
}

/** CLICK_UNIQUE_BY: `address` (default) or `address+agent`. */
function clickUniqueBy(value: string | undefined): Config['deliverables']['clickUniqueBy'] {
  const name = nonEmpty(value) ?? 'address';
  if (name !== 'address' && name !== 'address+agent')
    throw new Error(`CLICK_UNIQUE_BY must be address or address+agent, got "${name}"`);
  return name;
}

function jobQueue(value: string | undefined, postgres: boolean): 'table' | 'bullmq' {
  const chosen = nonEmpty(value);
  if (chosen === null) return postgres ? 'bullmq' : 'table';
  if (chosen !== 'table' && chosen !== 'bullmq') throw new Error(`JOB_QUEUE must be table or bullmq, got "${chosen}"`);
  if (chosen === 'bullmq' && !postgres)
    throw new Error('JOB_QUEUE=bullmq needs DATABASE_URL (PostgreSQL): the embedded SQLite runs one process');
  return chosen;
}

/** METRICS_PORT, METRICS_HOST, METRICS_TOKEN (see Config.metrics). */
function metricsSettings(env: Env, port: number): Config['metrics'] {
  const metricsPort =
    nonEmpty(env.METRICS_PORT) === null ? null : integer('METRICS_PORT', env.METRICS_PORT, 0, 0, 65535);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port)
    throw new Error(`METRICS_PORT must differ from PORT (${port}): the metrics listener is a port of its own`);
  const token = nonEmpty(env.METRICS_TOKEN);
  if (token !== null && (token.length < 16 || /\s/.test(token)))
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 32)');
  return { port: metricsPort, host: nonEmpty(env.METRICS_HOST) ?? '127.0.0.1', token };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? path.join(process.cwd(), 'data'));
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const databaseSchema = nonEmpty(env.DATABASE_SCHEMA);
  if (databaseSchema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    throw new Error('DATABASE_SCHEMA must be a lower-case identifier (a-z, 0-9, underscore)');
  }
  const emulatorHost = nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST);
  const projectId = nonEmpty(env.FIREBASE_PROJECT_ID);
  const providers = payoutProviders(env.PAYOUT_PROVIDER);
  return {
    port: integer('PORT', env.PORT, 3000, 0, 65535),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    staticDir: path.resolve(nonEmpty(env.STATIC_DIR) ?? path.join(REPO_ROOT, 'dist')),
    databaseUrl,
    databaseSchema,
    jwtSecret: nonEmpty(env.JWT_SECRET),
    payoutKey: nonEmpty(env.PAYOUT_KEY),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    maxUploadBytes: integer('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, DEFAULT_MAX_UPLOAD_BYTES, 1, 1024 * 1024 * 1024),
    firebaseProjectId: projectId ?? DEFAULT_FIREBASE_PROJECT,
    firebaseAuthEmulatorHost: emulatorHost,
    firebaseRealProject: projectId !== null && emulatorHost === null,
    trustProxy: flag(env.TRUST_PROXY),
    contractCheck: flag(env.CONTRACT_CHECK),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Castbridge <no-reply@castbridge.app>',
    supportEmail: nonEmpty(env.SUPPORT_EMAIL) ?? 'support@castbridge.app',
    publicUrl: publicUrl(env.PUBLIC_URL),
    rateLimitScale: integer('RATE_LIMIT_SCALE', env.RATE_LIMIT_SCALE, 1, 1, 1_000_000),
    threadMailQuietSeconds: integer(
      'THREAD_MAIL_QUIET_SECONDS',
      env.THREAD_MAIL_QUIET_SECONDS,
      DEFAULT_THREAD_MAIL_QUIET_SECONDS,
      1,
      86_400,
    ),
    feeBps: integer('FEE_BPS', env.FEE_BPS, 0, 0, 10_000),
    minPayoutCents: integer('MIN_PAYOUT_CENTS', env.MIN_PAYOUT_CENTS, DEFAULT_MIN_PAYOUT_CENTS, 1, 100_000_000),
    reviewSeconds: Math.round(decimal('REVIEW_HOURS', env.REVIEW_HOURS, DEFAULT_REVIEW_HOURS, 0, 8760) * 3600),
    livePollSeconds: integer('LIVE_POLL_SECONDS', env.LIVE_POLL_SECONDS, 60, 1, 3600),
    fraud: {
      viewerSpike: decimal('FRAUD_VIEWER_SPIKE', env.FRAUD_VIEWER_SPIKE, 5, 1, 1000),
      chatRatio: decimal('FRAUD_CHAT_RATIO', env.FRAUD_CHAT_RATIO, 0.2, 0, 1),
      addressMinutes: integer('FRAUD_ADDRESS_MINUTES', env.FRAUD_ADDRESS_MINUTES, 3, 1, 100_000),
      offlineMinutes: integer('FRAUD_OFFLINE_MINUTES', env.FRAUD_OFFLINE_MINUTES, 10, 1, 100_000),
    },
    payoutProviders: providers,
    stripe: stripeSettings(env, providers.includes('stripe'), flag(env.STANDINS)),
    paypal: paypalSettings(env, providers.includes('paypal')),
    oauth: {
      twitch: oauthClient(env, 'twitch', flag(env.STANDINS)),
      youtube: oauthClient(env, 'youtube', flag(env.STANDINS)),
    },
    standIns: flag(env.STANDINS),
    twitchChatUrl: chatUrl(env.TWITCH_CHAT_URL, flag(env.STANDINS)),
    twitchStreamPollSeconds: integer('TWITCH_STREAM_POLL_SECONDS', env.TWITCH_STREAM_POLL_SECONDS, 60, 1, 3600),
    platformLimits: {
      twitchPointsPerMinute: integer('TWITCH_POINTS_PER_MINUTE', env.TWITCH_POINTS_PER_MINUTE, 800, 1, 1_000_000),
      youtubeDailyUnits: integer('YOUTUBE_DAILY_QUOTA', env.YOUTUBE_DAILY_QUOTA, 10_000, 1, 1_000_000_000),
    },
    twitchChat: twitchChat(env),
    deliverables: {
      clicksPerVisitorMinute: integer('CLICKS_PER_VISITOR_MINUTE', env.CLICKS_PER_VISITOR_MINUTE, 10, 1, 100_000),
      clicksPerLinkMinute: integer('CLICKS_PER_LINK_MINUTE', env.CLICKS_PER_LINK_MINUTE, 600, 1, 10_000_000),
      fraudClickShare: decimal('FRAUD_CLICK_SHARE', env.FRAUD_CLICK_SHARE, 0.5, 0, 1),
      clickUniqueBy: clickUniqueBy(env.CLICK_UNIQUE_BY),
      fraudClickAddresses: integer('FRAUD_CLICK_ADDRESSES', env.FRAUD_CLICK_ADDRESSES, 3, 1, 1000),
      fraudClickAddressShare: decimal('FRAUD_CLICK_ADDRESS_SHARE', env.FRAUD_CLICK_ADDRESS_SHARE, 0.5, 0, 1),
      clickFlushMs: integer('CLICK_FLUSH_MS', env.CLICK_FLUSH_MS, 1000, 1, 60_000),
      botTickSeconds: integer('BOT_TICK_SECONDS', env.BOT_TICK_SECONDS, 30, 1, 3600),
      youtubeBotRefreshToken:
        nonEmpty(env.YOUTUBE_BOT_REFRESH_TOKEN) ?? (flag(env.STANDINS) ? 'bot-refresh:youtube:castbridge_bot' : null),
    },
    redisUrl: redisUrl(env.REDIS_URL),
    shutdown: {
      drainMs: integer('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 5000, 0, 600_000),
      graceMs: integer('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000, 0, 600_000),
    },
    jobQueue: jobQueue(env.JOB_QUEUE, databaseUrl !== null),
    instanceId: nonEmpty(env.INSTANCE_ID),
    metrics: metricsSettings(env, integer('PORT', env.PORT, 3000, 0, 65535)),
  };
}
