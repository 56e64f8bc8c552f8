// The stand-ins mounted on a Castbridge app configured for them (STANDINS=1): the demo entry (demo/main.ts) and the
// tests hand `mountStandIns(...)` to createApp as its `standIns`. It knows nothing of the product's code: what it
// needs of the app (its address, its in-process fetch, the clients the configuration registered) comes in as the
// small structural types below.
import type { Hono } from 'hono';
import { startEventSubStandIn, type EventSubStandIn } from './eventsub.ts';
import { createOAuthStandIn, type Figures, type OAuthStandIn } from './oauth.ts';
import type { YouTubeHubOptions } from './websub.ts';
import type { Platform } from './state.ts';
import { createStripeStandIn } from './stripe.ts';
import { guarded } from './loopback.ts';
import { SYNTHETIC_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from './twitch-chat.ts';

interface Client {
  clientId: string;
  clientSecret: string;
  standIn: boolean;
}

/** What the stand-ins read of the app's configuration. */
export interface HostConfig {
  dataDir: string;
  twitchChatUrl: string | null;
  twitchChat: { mode: 'eventsub' | 'irc'; eventSubUrl: string | null };
  oauth: { twitch: Client | null; youtube: Client | null };
  stripe: {
    secretKey: string;
    webhookSecret: string;
    connectWebhookSecret: string | null;
    apiBase: string;
    standIn: boolean;
  } | null;
}

export interface HostContext {
  config: HostConfig;
  links: { url(path: string): string };
  selfFetch: { resolve(base: string): string; fetch: typeof fetch };
}

export interface MountOptions {
  /** Where the app calls its own OAuth callback (the client's registered redirect URI). */
  callbackPath: (platform: Platform) => string;
  /** Channels whose figures the caller knows (the demo's roster). */
  figuresOf?: (platform: Platform, channel: string) => Figures | undefined;
  /** The scopes a seeded demo channel's token carries (oauth.ts `demoScopes`). */
  demoScopes?: { twitch: readonly string[]; youtube: readonly string[] };
  /** The Stripe stand-in's webhook target on the app. */
  stripeWebhookPath?: string;
  /** Its Connect webhook target (connected accounts' events: account.updated, payout.*). */
  stripeConnectWebhookPath?: string;
  /** YouTube's WebSub hub's clock and retry delays (default: the real clock, Google's hub's 30 s doubling). */
  youtubeHub?: Pick<YouTubeHubOptions, 'now' | 'retryDelaysMs'>;
}

export interface MountedStandIns {
  chatUrl: string | null;
  eventSubUrl: string | null;
  routes: { path: string; app: Hono }[];
  close(): Promise<void>;
  /** The stand-ins themselves, for a test that drives them. */
  oauth: OAuthStandIn | null;
  chat: TwitchChatStandIn | null;
  eventSub: EventSubStandIn | null;
}

export function mountStandIns(options: MountOptions) {
  return async ({ config, links, selfFetch }: HostContext): Promise<MountedStandIns> => {
    // Twitch chat (IRC over WebSocket) replaying the synthetic session, where no TWITCH_CHAT_URL is set.
    const chat = config.twitchChatUrl === null ? await startTwitchChatStandIn({ demo: true }) : null;
    // EventSub over WebSocket, its Helix routes served by the Twitch stand-in below; each instance has its own.
    const eventSub =
      config.twitchChat.mode === 'eventsub' && config.twitchChat.eventSubUrl === null && config.oauth.twitch?.standIn
        ? await startEventSubStandIn({ irc: chat, demo: true })
        : null;
    const standInClient = config.oauth.twitch?.standIn
      ? config.oauth.twitch
      : config.oauth.youtube?.standIn
        ? config.oauth.youtube
        : null;
    // The platforms' OAuth servers and APIs. Their codes, tokens and broadcasts live in DATA_DIR, so the instances
    // of `npm run start:cluster` are one provider. The client is registered with the app's callbacks as its
    // redirect URIs, as at the platforms (read at each request: the address is known once the server listens).
    const oauth = createOAuthStandIn({
      clientId: standInClient?.clientId,
      clientSecret: standInClient?.clientSecret,
      demoLines: SYNTHETIC_SESSION,
      dataDir: config.dataDir,
      eventSub,
      redirectUris: (platform) => [links.url(options.callbackPath(platform))],
      // Recording links open in the browser; the control page drives the stand-ins only where a platform is stood
      // in for, never beside a real provider's settings alone.
      browserBase: () => links.url('/standin'),
      control: Boolean(config.oauth.twitch?.standIn || config.oauth.youtube?.standIn),
      stripePage: Boolean(config.stripe?.standIn && config.stripe.apiBase === '/standin/stripe'),
      figuresOf: options.figuresOf,
      demoScopes: options.demoScopes,
      // YouTube's hub verifies and pushes to the app's own callback (its WebSub webhook) in process, as Stripe's
      // webhooks come: no socket, so it works before the server listens and whatever its address. Other callbacks go
      // to the network.
      youtubeHub: {
        ...options.youtubeHub,
        deliver: (url, init) => {
          const target = new URL(url);
          const own = new URL(links.url('/'));
          return target.origin === own.origin
            ? selfFetch.fetch(selfFetch.resolve(`${target.pathname}${target.search}`), init)
            : selfFetch.fetch(url, init);
        },
      },
    });
    // Stripe: its API answers the gateway in process, its test page takes the advertisers' payments and its onboarding
    // page the creators' Stripe details, its signed webhooks come to the app in process (connected accounts' events to
    // the Connect endpoint, signed with the Connect secret).
    const stripeConfig = config.stripe?.standIn ? config.stripe : null;
    const stripe = stripeConfig
      ? createStripeStandIn({
          secretKey: stripeConfig.secretKey,
          webhookSecret: stripeConfig.webhookSecret,
          dataDir: config.dataDir,
          browserBase: () => links.url(stripeConfig.apiBase),
          deliver: (body, headers) =>
            selfFetch.fetch(selfFetch.resolve(options.stripeWebhookPath ?? '/api/webhooks/stripe'), {
              method: 'POST',
              headers,
              body,
            }),
          connectWebhookSecret: stripeConfig.connectWebhookSecret ?? undefined,
          deliverConnect: (body, headers) =>
            selfFetch.fetch(selfFetch.resolve(options.stripeConnectWebhookPath ?? '/api/webhooks/stripe/connect'), {
              method: 'POST',
              headers,
              body,
            }),
        })
      : null;
    return {
      chatUrl: chat ? `ws://127.0.0.1:${chat.port}` : null,
      eventSubUrl: eventSub?.url ?? null,
      // Only this machine may drive them (loopback.ts).
      routes: [
        ...(stripe ? [{ path: stripeConfig!.apiBase, app: guarded(stripe.app) }] : []),
        { path: '/standin', app: guarded(oauth.app) },
      ],
      oauth,
      chat,
      eventSub,
      async close() {
        await chat?.close();
        await eventSub?.close();
        oauth.close();
        await stripe?.close();
      },
    };
  };
}
