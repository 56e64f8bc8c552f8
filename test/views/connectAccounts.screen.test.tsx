// Connect Accounts (docs/spec.md §2 "Connect Accounts screen"; docs/product.md §Connected accounts), replayed along
// connectAccounts' recorded paths on the real screen: the Twitch and YouTube cards as listed (not configured, not
// connected, connected, "reconnect"), each on its own: Connect opening the provider, the way back completing the
// connection or showing the product's message for its error code, Disconnect, the chat bot's consent switch.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { Connection } from '@/contract';
import { CONNECT_ERRORS, PLATFORM_NAMES, type ConnectPlatform } from '@/contract/connections';
import {
  connectAccountsMachine,
  type BotConsentAnswer,
  type ConnectReturn,
} from '@/machines/connections/connectAccounts.machine';
import { errorText } from '@/machines/messages';
import { connectAccountsActions, connectErrorMessage } from '@/src/connections/connectAccounts';
import { ConnectAccountsScreen } from '@/src/connections/ConnectAccounts';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.restoreAllMocks());

const PLATFORMS = ['twitch', 'youtube'] as const;
const CARD_STATES = [
  'unconfigured',
  'completing',
  'idle',
  'redirecting',
  'connected',
  'consenting',
  'disconnecting',
  'error',
] as const;
type CardState = (typeof CARD_STATES)[number];

const CONSENT = 'Let the Castbridge bot post sponsor messages in my chat';
const CHIPS = ['Connected', 'Reconnect needed', 'Not connected', 'Not configured'] as const;

/** The way back as the provider's redirect writes it in the address: the error's code, or the one-time token. */
function addressOf({ returned }: { returned: ConnectReturn }): string {
  const { platform, error, completion } = returned;
  if (!platform) return '/connect-accounts';
  if (error) {
    const code = CONNECT_ERRORS.find((known) => connectErrorMessage(platform, known) === error);
    if (!code) throw new Error(`No error code of the way back gives "${error}"`);
    return `/connect-accounts?platform=${platform}&error=${code}`;
  }
  return `/connect-accounts?platform=${platform}&complete=${encodeURIComponent(completion!)}`;
}

/** What one card has told the person: its connection as last answered, its message, the bot's consent. */
interface CardSeen {
  connection: Connection | null;
  error: string | null;
  consent: boolean;
  /** The consent last sent by the switch. */
  asked: boolean | null;
  /** The provider's page was answered (the browser is sent there; the card stays busy). */
  redirected: boolean;
}

function cardActors() {
  return {
    start: controlled<string>(),
    complete: controlled<Connection, { completion: string }>(),
    disconnect: controlled<Connection>(),
    consent: controlled<BotConsentAnswer, { consent: boolean }>(),
  };
}
type CardActors = ReturnType<typeof cardActors>;
type Actor = keyof CardActors;

const zero = (): Record<Actor, number> => ({ start: 0, complete: 0, disconnect: 0, consent: 0 });

function mountScreen(input: { returned: ConnectReturn }) {
  const list = controlled<Connection[]>();
  const actors = { twitch: cardActors(), youtube: cardActors() };
  const redirect = vi.spyOn(connectAccountsActions, 'redirect').mockImplementation(() => {});
  renderScreen(
    <ConnectAccountsScreen
      logic={connectAccountsMachine.provide({
        actors: {
          listConnections: list.logic,
          twitchStart: actors.twitch.start.logic,
          youtubeStart: actors.youtube.start.logic,
          twitchComplete: actors.twitch.complete.logic,
          youtubeComplete: actors.youtube.complete.logic,
          twitchDisconnect: actors.twitch.disconnect.logic,
          youtubeDisconnect: actors.youtube.disconnect.logic,
          twitchBotConsent: actors.twitch.consent.logic,
          youtubeBotConsent: actors.youtube.consent.logic,
        },
      })}
    />,
    { path: '/connect-accounts', url: addressOf(input), jwt: 'creator.jwt' },
  );
  const fresh = (): CardSeen => ({ connection: null, error: null, consent: false, asked: null, redirected: false });
  const seen = {
    list: { settled: 0, error: null as string | null },
    cards: { twitch: fresh(), youtube: fresh() },
    /** Answers taken per actor: a busy card has one more call than answers. */
    settled: { twitch: zero(), youtube: zero() },
    /** The provider pages the browser was sent to, in order. */
    redirects: [] as Array<string | undefined>,
  };
  const card = (platform: ConnectPlatform) => within(screen.getByRole('region', { name: PLATFORM_NAMES[platform] }));
  const failure = () =>
    screen.queryByText('The connections could not be loaded')?.closest<HTMLElement>('[role="alert"]') ?? null;

  const press = (platform: ConnectPlatform, name: string) =>
    fireEvent.click(card(platform).getByRole('button', { name }));
  const connect = (platform: ConnectPlatform) => () => {
    Object.assign(seen.cards[platform], { error: null, redirected: false });
    press(platform, 'Connect');
  };
  const disconnect = (platform: ConnectPlatform) => () => {
    seen.cards[platform].error = null;
    press(platform, 'Disconnect');
  };
  const consent =
    (platform: ConnectPlatform) =>
    ({ consent: wanted }: { consent: boolean }) => {
      const toggle = card(platform).getByRole('switch', { name: CONSENT });
      // A click turns the switch over: the sample must be the other position.
      expect(toggle).toHaveAttribute('aria-checked', String(!wanted));
      Object.assign(seen.cards[platform], { error: null, asked: wanted });
      fireEvent.click(toggle);
    };
  const answered = async <T,>(platform: ConnectPlatform, actor: Actor, settle: () => Promise<void>, then?: () => T) => {
    seen.settled[platform][actor] += 1;
    then?.();
    await settle();
  };
  const refused =
    (platform: ConnectPlatform, actor: Actor) =>
    async ({ error }: { error: unknown }) =>
      answered(
        platform,
        actor,
        () => actors[platform][actor].reject(error),
        () => {
          seen.cards[platform].error = errorText(error);
        },
      );
  const started =
    (platform: ConnectPlatform) =>
    async ({ output }: { output: string }) =>
      answered(
        platform,
        'start',
        () => actors[platform].start.resolve(output),
        () => {
          seen.cards[platform].redirected = true;
          seen.redirects.push(output);
        },
      );
  const connection =
    (platform: ConnectPlatform, actor: 'complete' | 'disconnect') =>
    async ({ output }: { output: Connection }) =>
      answered(
        platform,
        actor,
        () => actors[platform][actor].resolve(output),
        () => {
          Object.assign(seen.cards[platform], { connection: output, error: null });
        },
      );
  const stored =
    (platform: ConnectPlatform) =>
    async ({ output }: { output: BotConsentAnswer }) =>
      answered(
        platform,
        'consent',
        () => actors[platform].consent.resolve(output),
        () => {
          seen.cards[platform].consent = output.consent;
        },
      );

  return {
    list,
    actors,
    redirect,
    seen,
    card,
    failure,
    gestures: {
      'xstate.done.actor.listConnections': async ({ output }) => {
        seen.list.settled += 1;
        for (const platform of PLATFORMS) {
          const listed = output.find((c) => c.platform === platform) ?? null;
          Object.assign(seen.cards[platform], {
            connection: listed,
            consent: listed?.account?.botConsent === true,
            // The way back's message belongs to the card it names.
            error: input.returned.platform === platform ? input.returned.error : null,
          });
        }
        await list.resolve(output);
      },
      'xstate.error.actor.listConnections': async ({ error }) => {
        seen.list.settled += 1;
        seen.list.error = errorText(error);
        await list.reject(error);
      },
      'connections.retry': () => fireEvent.click(within(failure()!).getByRole('button', { name: 'Try again' })),
      'twitch.connect': connect('twitch'),
      'youtube.connect': connect('youtube'),
      'twitch.disconnect': disconnect('twitch'),
      'youtube.disconnect': disconnect('youtube'),
      'twitch.consent': consent('twitch'),
      'youtube.consent': consent('youtube'),
      'xstate.done.actor.twitchStart': started('twitch'),
      'xstate.done.actor.youtubeStart': started('youtube'),
      'xstate.error.actor.twitchStart': refused('twitch', 'start'),
      'xstate.error.actor.youtubeStart': refused('youtube', 'start'),
      'xstate.done.actor.twitchComplete': connection('twitch', 'complete'),
      'xstate.done.actor.youtubeComplete': connection('youtube', 'complete'),
      'xstate.error.actor.twitchComplete': refused('twitch', 'complete'),
      'xstate.error.actor.youtubeComplete': refused('youtube', 'complete'),
      'xstate.done.actor.twitchDisconnect': connection('twitch', 'disconnect'),
      'xstate.done.actor.youtubeDisconnect': connection('youtube', 'disconnect'),
      'xstate.error.actor.twitchDisconnect': refused('twitch', 'disconnect'),
      'xstate.error.actor.youtubeDisconnect': refused('youtube', 'disconnect'),
      'xstate.done.actor.twitchBotConsent': stored('twitch'),
      'xstate.done.actor.youtubeBotConsent': stored('youtube'),
      'xstate.error.actor.twitchBotConsent': refused('twitch', 'consent'),
      'xstate.error.actor.youtubeBotConsent': refused('youtube', 'consent'),
    } satisfies Gestures<typeof connectAccountsMachine>,
  };
}

type Mounted = Awaited<ReturnType<typeof mountScreen>>;

/** The card's chip says `label`, and no other. */
function expectChip(card: ReturnType<typeof within>, label: (typeof CHIPS)[number]) {
  expect(card.getByText(label)).toBeInTheDocument();
  for (const other of CHIPS) if (other !== label) expect(card.queryByText(other)).not.toBeInTheDocument();
}

/** One card in `state`: its chip, channel, switch, message, buttons, and which of its requests is under way. */
function expectCard(mounted: Mounted, platform: ConnectPlatform, state: CardState) {
  const { seen, actors } = mounted;
  const card = mounted.card(platform);
  const region = screen.getByRole('region', { name: PLATFORM_NAMES[platform] });
  const name = PLATFORM_NAMES[platform];
  const told = seen.cards[platform];
  const account = told.connection?.account ?? null;
  const reconnect = account?.status === 'reconnect';
  const button = (label: string) => card.queryByRole('button', { name: label });

  // The channel (with its switch and Disconnect) shows while an account is kept, not while connecting.
  const channel = account !== null && ['connected', 'consenting', 'disconnecting', 'error'].includes(state);
  const channelLine = card.queryByText('Channel')?.parentElement ?? null;
  const toggle = card.queryByRole('switch', { name: CONSENT });
  if (channel) {
    expect(channelLine).toHaveTextContent(`Channel ${account.displayName} (${account.login})`);
    expect(toggle).toHaveAttribute('aria-checked', String(told.consent));
    expectChip(card, reconnect ? 'Reconnect needed' : 'Connected');
    if (reconnect) expect(card.getByText(`${name} no longer accepts this connection.`, { exact: false })).toBeVisible();
  } else {
    expect(channelLine).toBeNull();
    expect(toggle).toBeNull();
    expect(button('Disconnect')).toBeNull();
    expectChip(card, state === 'unconfigured' ? 'Not configured' : 'Not connected');
  }

  // Busy while a request of the card is under way.
  const busy = state === 'redirecting' || state === 'completing' || state === 'consenting' || state === 'disconnecting';
  expect(region).toHaveAttribute('aria-busy', String(busy));
  const pending: Record<Actor, boolean> = {
    start: state === 'redirecting' && !told.redirected,
    complete: state === 'completing',
    disconnect: state === 'disconnecting',
    consent: state === 'consenting',
  };
  for (const actor of Object.keys(pending) as Actor[])
    expect({ [actor]: actors[platform][actor].started }).toEqual({
      [actor]: seen.settled[platform][actor] + (pending[actor] ? 1 : 0),
    });

  // The card's message: the last refusal (or the way back's), until the next request.
  const alert = card.queryByRole('alert');
  if (told.error && (state === 'error' || state === 'connected' || state === 'disconnecting'))
    expect(alert).toHaveTextContent(told.error);
  else expect(alert).toBeNull();

  switch (state) {
    case 'unconfigured': {
      expect(
        card.getByText(`${name} is not configured on this server. To connect it, an administrator sets`, {
          exact: false,
        }),
      ).toHaveTextContent(told.connection!.settings.join(' and '));
      expect(button('Connect')).toBeDisabled();
      break;
    }
    case 'completing':
      expect(button('Connecting…')).toBeDisabled();
      expect(button('Connect')).toBeNull();
      expect(actors[platform].complete.inputs).toEqual([{ completion: 'one-time-token' }]);
      break;
    case 'idle':
      expect(button('Connect')).toBeEnabled();
      break;
    case 'redirecting':
      expect(button(`Opening ${name}…`)).toBeDisabled();
      expect(button('Connect')).toBeNull();
      break;
    case 'connected':
      expect(toggle).toBeEnabled();
      expect(button('Disconnect')).toBeEnabled();
      // Connect again over a connection the provider stopped accepting.
      if (reconnect) expect(button('Connect')).toBeEnabled();
      else expect(button('Connect')).toBeNull();
      break;
    case 'consenting':
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAttribute('aria-busy', 'true');
      expect(actors[platform].consent.inputs.at(-1)).toEqual({ consent: told.asked });
      expect(button('Disconnect')).toBeDisabled();
      if (reconnect) expect(button('Connect')).toBeDisabled();
      else expect(button('Connect')).toBeNull();
      break;
    case 'disconnecting':
      expect(toggle).toBeDisabled();
      expect(button('Disconnecting…')).toBeDisabled();
      if (reconnect) expect(button('Connect')).toBeDisabled();
      else expect(button('Connect')).toBeNull();
      break;
    case 'error':
      // Connect tries again; a kept account can still be disconnected (its consent waits).
      expect(button('Connect')).toBeEnabled();
      if (channel) {
        expect(toggle).toBeDisabled();
        expect(button('Disconnect')).toBeEnabled();
      }
      break;
  }
}

/** Before the list is answered (or after it failed), both cards wait: nothing can be pressed. */
function expectCardsWaiting(mounted: Mounted) {
  for (const platform of PLATFORMS) {
    const card = mounted.card(platform);
    expect(screen.getByRole('region', { name: PLATFORM_NAMES[platform] })).toHaveAttribute('aria-busy', 'true');
    expect(card.getByRole('button', { name: 'Connect' })).toBeDisabled();
    expectChip(card, 'Not connected');
    expect(card.queryByRole('alert')).toBeNull();
    for (const actor of Object.values(mounted.actors[platform])) expect(actor.started).toBe(0);
  }
}

const states: Record<string, (mounted: Mounted) => void> = {
  // The list under way: the cards wait, no failure shown.
  loading: (mounted) => {
    expect(mounted.failure()).toBeNull();
    expect(mounted.list.started).toBe(mounted.seen.list.settled + 1);
    expectCardsWaiting(mounted);
  },
  // The list failed: why, and Try again; the cards still wait; nothing read meanwhile.
  failed: (mounted) => {
    const alert = mounted.failure()!;
    expect(alert).toHaveTextContent(mounted.seen.list.error!);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(mounted.list.started).toBe(mounted.seen.list.settled);
    expectCardsWaiting(mounted);
  },
};
// Each card on its own. The way back names one platform (never both completing); no sample lists both unconfigured.
for (const twitch of CARD_STATES)
  for (const youtube of CARD_STATES) {
    if (twitch === youtube && (twitch === 'completing' || twitch === 'unconfigured')) continue;
    states[`ready.twitch.${twitch} & youtube.${youtube}`] = (mounted) => {
      expect(mounted.failure()).toBeNull();
      expect(mounted.list.started).toBe(mounted.seen.list.settled);
      expectCard(mounted, 'twitch', twitch);
      expectCard(mounted, 'youtube', youtube);
      // The browser is sent to each provider page answered, once.
      expect(mounted.redirect.mock.calls.map(([, params]) => params.url)).toEqual(mounted.seen.redirects);
    };
  }

walkScreens('connectAccounts', {
  mount: (input) => mountScreen(input as { returned: ConnectReturn }),
  states,
});
