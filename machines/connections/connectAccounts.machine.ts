// Connect Accounts (docs/spec.md §2; docs/product.md §Connected accounts): the Twitch and YouTube cards, real. The creator's connections are listed
// (GET /api/connections); each card is then, on its own: unconfigured (the server has no client for the platform: the
// card says what to set), idle (Connect), redirecting (POST …/start, then the browser goes to the provider's consent
// page), connected (the channel's name; Disconnect), disconnecting (DELETE …, which revokes at the provider), or error
// (why connecting or disconnecting failed; Connect tries again). Our callback sends the browser back to
// /connect-accounts?platform=<platform>&complete=<token> — the card completes the connection with it (POST
// …/complete: only the creator who started takes the provider's answer) — or ?platform=<platform>&error=<code>:
// the card opens on the message the wiring gives that code (never text from the address).
import { assign, setup } from 'xstate';
import type { Connection, ConnectPlatform } from '@/contract';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';

/** What the provider's redirect said, read from the page's query once. */
export interface ConnectReturn {
  platform: ConnectPlatform | null;
  /** The product's message for the way back's error code (src/connections/connectAccounts.ts). */
  error: string | null;
  /** The one-time token to complete the connection with (absent after an error). */
  completion?: string | null;
}

export interface ConnectAccountsContext {
  connections: Connection[];
  loadError: string | null;
  returned: ConnectReturn;
  errors: Record<ConnectPlatform, string | null>;
  /** The creator lets Castbridge's bot post sponsors' messages in the platform's chat (docs/product.md §Deliverables). */
  botConsent: Record<ConnectPlatform, boolean>;
}

/** The connection's bot consent (contract `account.botConsent`); off without an account. */
export const botConsentOf = (connection: Connection | null | undefined): boolean =>
  connection?.account?.botConsent === true;

const consentsOf = (connections: Connection[]): Record<ConnectPlatform, boolean> => ({
  twitch: botConsentOf(connections.find((c) => c.platform === 'twitch')),
  youtube: botConsentOf(connections.find((c) => c.platform === 'youtube')),
});

export type ConnectAccountsEvent =
  | { type: 'connections.retry' }
  | { type: 'twitch.connect' }
  | { type: 'twitch.disconnect' }
  | { type: 'youtube.connect' }
  | { type: 'youtube.disconnect' }
  | { type: 'twitch.consent'; consent: boolean }
  | { type: 'youtube.consent'; consent: boolean };

/** PUT /api/connections/:platform/bot's answer. */
export interface BotConsentAnswer {
  platform: ConnectPlatform;
  consent: boolean;
}

const find = (context: ConnectAccountsContext, platform: ConnectPlatform) =>
  context.connections.find((c) => c.platform === platform) ?? null;

type Which = { platform: ConnectPlatform };

const connectAccounts = setup({
  types: {
    context: {} as ConnectAccountsContext,
    events: {} as ConnectAccountsEvent,
    input: {} as { returned?: ConnectReturn } | undefined,
  },
  actors: {
    /** GET /api/connections. */
    listConnections: service<Connection[]>('listConnections'),
    /** POST /api/connections/twitch/start → the provider's consent URL. */
    twitchStart: service<string>('twitchStart'),
    youtubeStart: service<string>('youtubeStart'),
    /** POST /api/connections/twitch/complete with the token the callback sent back → the card's connection. */
    twitchComplete: service<Connection, { completion: string }>('twitchComplete'),
    youtubeComplete: service<Connection, { completion: string }>('youtubeComplete'),
    /** DELETE /api/connections/twitch → the card's connection, now without an account. */
    twitchDisconnect: service<Connection>('twitchDisconnect'),
    youtubeDisconnect: service<Connection>('youtubeDisconnect'),
    /** PUT /api/connections/twitch/bot `{ consent }` → the consent as stored (409: the grant lacks the bot's scope). */
    twitchBotConsent: service<BotConsentAnswer, { consent: boolean }>('twitchBotConsent'),
    youtubeBotConsent: service<BotConsentAnswer, { consent: boolean }>('youtubeBotConsent'),
  },
  guards: {
    unconfigured: ({ context }, { platform }: Which) => !find(context, platform)?.configured,
    cameBackWithError: ({ context }, { platform }: Which) =>
      context.returned.platform === platform && context.returned.error !== null,
    cameBackToComplete: ({ context }, { platform }: Which) =>
      context.returned.platform === platform && Boolean(context.returned.completion),
    hasAccount: ({ context }, { platform }: Which) => find(context, platform)?.account != null,
    needsReconnect: ({ context }, { platform }: Which) => find(context, platform)?.account?.status === 'reconnect',
  },
  actions: {
    /** Sends the browser to the provider's consent page. */
    redirect: effect<{ url: string }>('redirect'),
    showError: assign({
      errors: ({ context }, { platform, message }: Which & { message: string | null }) => ({
        ...context.errors,
        [platform]: message,
      }),
    }),
    showReturnedError: assign({
      errors: ({ context }, { platform }: Which) => ({ ...context.errors, [platform]: context.returned.error }),
    }),
    replaceConnection: assign({
      connections: ({ context }, { connection }: { connection: Connection }) =>
        context.connections.map((c) => (c.platform === connection.platform ? connection : c)),
    }),
    setConsent: assign({
      botConsent: ({ context }, { platform, consent }: Which & { consent: boolean }) => ({
        ...context.botConsent,
        [platform]: consent,
      }),
    }),
  },
});

/** One card's states; `platform` names its events and its slice of the context. */
function card(platform: ConnectPlatform) {
  const which = { platform };
  const failed = ({ event }: { event: { error: unknown } }) => ({ platform, message: errorText(event.error) });
  return connectAccounts.createStateConfig({
    initial: 'choosing',
    states: {
      choosing: {
        always: [
          { guard: { type: 'unconfigured', params: which }, target: 'unconfigured' },
          {
            guard: { type: 'cameBackWithError', params: which },
            target: 'error',
            actions: { type: 'showReturnedError', params: which },
          },
          { guard: { type: 'cameBackToComplete', params: which }, target: 'completing' },
          { guard: { type: 'hasAccount', params: which }, target: 'connected' },
          { target: 'idle' },
        ],
      },
      unconfigured: {},
      completing: {
        invoke: {
          id: `${platform}Complete` as const,
          src: `${platform}Complete` as const,
          input: ({ context }: { context: ConnectAccountsContext }) => ({
            completion: context.returned.completion ?? '',
          }),
          onDone: {
            target: 'connected',
            actions: {
              type: 'replaceConnection',
              params: ({ event }: { event: { output?: unknown } }) => ({ connection: event.output as Connection }),
            },
          },
          onError: { target: 'error', actions: { type: 'showError', params: failed } },
        },
      },
      idle: {
        on: { [`${platform}.connect`]: 'redirecting' },
      },
      redirecting: {
        invoke: {
          id: `${platform}Start` as const,
          src: `${platform}Start` as const,
          // The browser leaves for the provider; the card stays busy until it has gone.
          onDone: {
            actions: {
              type: 'redirect',
              params: ({ event }: { event: { output?: unknown } }) => ({ url: event.output as string }),
            },
          },
          onError: { target: 'error', actions: { type: 'showError', params: failed } },
        },
      },
      connected: {
        on: {
          // A connection the provider stopped accepting ("reconnect") is connected again over the old one.
          [`${platform}.connect`]: { guard: { type: 'needsReconnect', params: which }, target: 'redirecting' },
          [`${platform}.disconnect`]: 'disconnecting',
          [`${platform}.consent`]: {
            target: 'consenting',
            actions: { type: 'showError', params: { platform, message: null } },
          },
        },
      },
      // The bot's consent is sent; the switch waits for the answer (a 409 says the grant lacks the scope: connect again).
      consenting: {
        invoke: {
          id: `${platform}BotConsent` as const,
          src: `${platform}BotConsent` as const,
          input: ({ event }: { event: ConnectAccountsEvent }) => ({ consent: 'consent' in event && event.consent }),
          onDone: {
            target: 'connected',
            actions: {
              type: 'setConsent',
              params: ({ event }: { event: { output?: unknown } }) => ({
                platform,
                consent: (event.output as BotConsentAnswer).consent,
              }),
            },
          },
          onError: { target: 'connected', actions: { type: 'showError', params: failed } },
        },
      },
      disconnecting: {
        invoke: {
          id: `${platform}Disconnect` as const,
          src: `${platform}Disconnect` as const,
          onDone: {
            target: 'idle',
            actions: [
              {
                type: 'replaceConnection',
                params: ({ event }: { event: { output?: unknown } }) => ({ connection: event.output as Connection }),
              },
              { type: 'showError', params: { platform, message: null } },
            ],
          },
          onError: { target: 'error', actions: { type: 'showError', params: failed } },
        },
      },
      error: {
        on: {
          [`${platform}.connect`]: {
            target: 'redirecting',
            actions: { type: 'showError', params: { platform, message: null } },
          },
          [`${platform}.disconnect`]: {
            guard: { type: 'hasAccount', params: which },
            target: 'disconnecting',
            actions: { type: 'showError', params: { platform, message: null } },
          },
        },
      },
    },
  });
}

export const connectAccountsMachine = connectAccounts.createMachine({
  id: 'connectAccounts',
  context: ({ input }) => ({
    connections: [],
    loadError: null,
    returned: input?.returned ?? { platform: null, error: null, completion: null },
    errors: { twitch: null, youtube: null },
    botConsent: { twitch: false, youtube: false },
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listConnections',
        src: 'listConnections',
        onDone: {
          target: 'ready',
          actions: assign({
            connections: ({ event }) => event.output,
            botConsent: ({ event }) => consentsOf(event.output),
            loadError: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'connections.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: { twitch: card('twitch'), youtube: card('youtube') },
    },
  },
});
