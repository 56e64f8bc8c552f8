// Connect Accounts (docs/product.md §Connected accounts) through its machine with controlled actors: the cards as listed (not configured with the
// settings to set, connected with the channel, "reconnect"), Connect sending the browser to the provider's URL,
// Disconnect, the provider's answer read from the address once, and a refused start.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/contract';
import { connectAccountsMachine } from '@/machines/connections/connectAccounts.machine';
import { connectAccountsActions } from '@/src/connections/connectAccounts';
import { ConnectAccountsScreen } from '@/src/connections/ConnectAccounts';
import { setLocale } from '@/src/i18n/i18n';
import { sampleConnection } from '@/machines/connections/samples';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

afterEach(() => vi.restoreAllMocks());

function setup(url = '/connect-accounts') {
  const list = controlled<Connection[]>();
  const twitchStart = controlled<string>();
  const youtubeStart = controlled<string>();
  const twitchComplete = controlled<Connection, { completion: string }>();
  const youtubeComplete = controlled<Connection, { completion: string }>();
  const twitchDisconnect = controlled<Connection>();
  const youtubeDisconnect = controlled<Connection>();
  const redirect = vi.spyOn(connectAccountsActions, 'redirect').mockImplementation(() => {});
  const logic = connectAccountsMachine.provide({
    actors: {
      listConnections: list.logic,
      twitchStart: twitchStart.logic,
      youtubeStart: youtubeStart.logic,
      twitchComplete: twitchComplete.logic,
      youtubeComplete: youtubeComplete.logic,
      twitchDisconnect: twitchDisconnect.logic,
      youtubeDisconnect: youtubeDisconnect.logic,
    },
  });
  renderScreen(<ConnectAccountsScreen logic={logic} />, { path: '/connect-accounts', url, jwt: 'creator.jwt' });
  const card = (name: string) => within(screen.getByRole('region', { name }));
  return {
    list,
    twitchStart,
    youtubeStart,
    twitchComplete,
    youtubeComplete,
    twitchDisconnect,
    youtubeDisconnect,
    redirect,
    card,
    user: userEvent.setup(),
  };
}

describe('Connect Accounts', () => {
  it('in Spanish: the cards, their chips, the bot switch and the actions in the page’s language', async () => {
    await act(() => setLocale('es-MX'));
    const { list, twitchStart, card, user } = setup();
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', 'connected')]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Conectar cuentas');
    expect(screen.getByRole('heading', { level: 1 }).closest('[lang]')).toHaveAttribute('lang', 'es-MX');
    expect(card('Twitch').getByText('Sin conectar')).toBeInTheDocument();
    expect(card('YouTube').getByText('Conectado')).toBeInTheDocument();
    expect(card('YouTube').getByText('Canal')).toBeInTheDocument();
    expect(
      card('YouTube').getByRole('switch', {
        name: 'Permitir que el bot de Castbridge publique los mensajes de los patrocinadores en mi chat',
      }),
    ).toBeInTheDocument();
    expect(card('YouTube').getByRole('button', { name: 'Desconectar' })).toBeEnabled();
    await user.click(card('Twitch').getByRole('button', { name: 'Conectar' }));
    expect(card('Twitch').getByRole('button', { name: 'Abriendo Twitch…' })).toBeDisabled();
    await twitchStart.resolve('https://id.twitch.tv/oauth2/authorize?state=abc');
  });

  it('Connect sends the browser to the provider; a connected card shows the channel and disconnects', async () => {
    const { list, twitchStart, youtubeDisconnect, redirect, card, user } = setup();
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', 'connected')]);
    expect(card('Twitch').getByText('Not connected')).toBeInTheDocument();
    expect(card('YouTube').getByText('Connected')).toBeInTheDocument();
    expect(card('YouTube').getByText('Rin_Streams')).toBeInTheDocument();
    expect(card('YouTube').getByText('(rin_streams)')).toBeInTheDocument();

    await user.click(card('Twitch').getByRole('button', { name: 'Connect' }));
    expect(card('Twitch').getByRole('button', { name: 'Opening Twitch…' })).toBeDisabled();
    await twitchStart.resolve('https://id.twitch.tv/oauth2/authorize?state=abc');
    expect(redirect).toHaveBeenCalledWith(expect.anything(), {
      url: 'https://id.twitch.tv/oauth2/authorize?state=abc',
    });

    await user.click(card('YouTube').getByRole('button', { name: 'Disconnect' }));
    expect(card('YouTube').getByRole('button', { name: 'Disconnecting…' })).toBeDisabled();
    await youtubeDisconnect.resolve(sampleConnection('youtube', null));
    expect(card('YouTube').getByText('Not connected')).toBeInTheDocument();
    expect(card('YouTube').getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('a card disconnected, then refused at Connect, shows no channel: the account is gone', async () => {
    const { list, youtubeStart, youtubeDisconnect, card, user } = setup();
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', 'connected')]);
    await user.click(card('YouTube').getByRole('button', { name: 'Disconnect' }));
    await youtubeDisconnect.resolve(sampleConnection('youtube', null));
    await user.click(card('YouTube').getByRole('button', { name: 'Connect' }));
    await youtubeStart.reject(refusal('Ha ocurrido un error', 500));
    expect(card('YouTube').getByRole('alert')).toHaveTextContent('Ha ocurrido un error');
    expect(card('YouTube').getByText('Not connected')).toBeInTheDocument();
    expect(card('YouTube').queryByText('Rin_Streams')).toBeNull();
    expect(card('YouTube').queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('a platform the server does not list reads as not configured', async () => {
    const { list, card } = setup();
    await list.resolve([sampleConnection('twitch', 'connected')]);
    expect(card('Twitch').getByText('Connected')).toBeInTheDocument();
    expect(card('YouTube').getByText('Not configured')).toBeInTheDocument();
    expect(card('YouTube').getByRole('button', { name: 'Connect' })).toBeDisabled();
  });

  it('a platform the server has no client for says what to set; Connect is off', async () => {
    const { list, card } = setup();
    await list.resolve([{ ...sampleConnection('twitch', null), configured: false }, sampleConnection('youtube', null)]);
    expect(card('Twitch').getByText('Not configured')).toBeInTheDocument();
    expect(card('Twitch').getByText('TWITCH_CLIENT_ID')).toBeInTheDocument();
    expect(card('Twitch').getByText('TWITCH_CLIENT_SECRET')).toBeInTheDocument();
    expect(card('Twitch').getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(card('YouTube').getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('the provider’s refusal shows on its card, once; a refused start shows its reason and Connect tries again', async () => {
    const { list, youtubeStart, redirect, card, user } = setup('/connect-accounts?platform=twitch&error=denied');
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(card('Twitch').getByRole('alert')).toHaveTextContent('You did not allow Castbridge on Twitch');
    // The answer is taken off the address bar.
    expect(screen.getByTestId('location')).toHaveTextContent('/connect-accounts');

    await user.click(card('YouTube').getByRole('button', { name: 'Connect' }));
    await youtubeStart.reject(
      refusal('YouTube is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', 409),
    );
    expect(card('YouTube').getByRole('alert')).toHaveTextContent('YouTube is not configured on this server');
    await user.click(card('YouTube').getByRole('button', { name: 'Connect' }));
    expect(card('YouTube').queryByRole('alert')).toBeNull();
    await youtubeStart.resolve('https://accounts.google.com/o/oauth2/v2/auth?state=x');
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['denied', 'You did not allow Castbridge on YouTube'],
    ['state_missing', "YouTube sent you back without the connection's state: connect again"],
    ['state_mismatch', 'This YouTube connection attempt is unknown or was already used: connect again'],
    ['expired', 'This YouTube connection attempt expired: connect again'],
    ['provider_error', 'YouTube reported an error: connect again'],
    ['code_missing', 'YouTube sent you back without a code: connect again'],
  ])('the way back’s code %s shows the product’s own message', async (code, message) => {
    const { list, card } = setup(`/connect-accounts?platform=youtube&error=${code}`);
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(card('YouTube').getByRole('alert')).toHaveTextContent(message);
    expect(card('Twitch').queryByRole('alert')).toBeNull();
  });

  it('text in the address is never shown: an unknown error code gives the generic message', async () => {
    const text = 'Your account is suspended. Call +1 555 0100 and read out your password';
    const { list, card } = setup(`/connect-accounts?platform=twitch&error=${encodeURIComponent(text)}`);
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(card('Twitch').getByRole('alert')).toHaveTextContent('Twitch did not connect: connect again');
    expect(screen.queryByText(/suspended|555 0100|password/)).toBeNull();
    expect(document.body.textContent).not.toContain('suspended');
  });

  it('back from the provider, the card completes the connection with the one-time token, once', async () => {
    const { list, twitchComplete, youtubeComplete, card } = setup(
      '/connect-accounts?platform=twitch&complete=one-time-token',
    );
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(card('Twitch').getByRole('button', { name: 'Connecting…' })).toBeDisabled();
    expect(twitchComplete.inputs).toEqual([{ completion: 'one-time-token' }]);
    expect(youtubeComplete.inputs).toEqual([]);
    // The token is taken off the address bar: a reload does not present it again.
    expect(screen.getByTestId('location')).toHaveTextContent('/connect-accounts');
    await twitchComplete.resolve(sampleConnection('twitch', 'connected'));
    expect(card('Twitch').getByText('Connected')).toBeInTheDocument();
    expect(card('Twitch').getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  it('opened from an offer, it comes back to the offer: the way back is kept across the platform’s page (issue 48 item 16)', async () => {
    sessionStorage.clear();
    // Sent from the offer's "Connect a channel".
    const first = setup('/connect-accounts?return=%2Fsponsorship-offers%23offer-off_nova');
    await first.list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(screen.getByTestId('connect-return')).toHaveTextContent(
      'Connect the channel the offer needs, then go back to it.',
    );
    expect(screen.getByRole('link', { name: 'Back to the offer' })).toHaveAttribute(
      'href',
      '/sponsorship-offers#offer-off_nova',
    );
    cleanup();

    // The platform sends the browser back without it; the page still knows the way back, and says it is connected.
    const back = setup('/connect-accounts?platform=twitch&complete=one-time-token');
    await back.list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    await back.twitchComplete.resolve(sampleConnection('twitch', 'connected'));
    expect(screen.getByTestId('connect-return')).toHaveTextContent('Your channel is connected.');
    expect(screen.getByRole('link', { name: 'Back to the offer' })).toHaveAttribute(
      'href',
      '/sponsorship-offers#offer-off_nova',
    );
    cleanup();

    // A visit of its own has no way back to show.
    const own = setup();
    await own.list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(screen.queryByTestId('connect-return')).not.toBeInTheDocument();
  });

  it('a way back that leaves the app is ignored', async () => {
    sessionStorage.clear();
    const { list } = setup('/connect-accounts?return=%2F%2Fevil.example%2Fphish');
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(screen.queryByTestId('connect-return')).not.toBeInTheDocument();
  });

  it('a completion refused (started from another account) shows the reason; Connect starts again', async () => {
    const { list, twitchComplete, twitchStart, card, user } = setup(
      '/connect-accounts?platform=twitch&complete=someone-elses',
    );
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    await twitchComplete.reject(
      refusal('This Twitch connection was started from another Castbridge account: connect again from this one', 403),
    );
    expect(card('Twitch').getByRole('alert')).toHaveTextContent(
      'This Twitch connection was started from another Castbridge account: connect again from this one',
    );
    expect(card('Twitch').getByText('Not connected')).toBeInTheDocument();
    await user.click(card('Twitch').getByRole('button', { name: 'Connect' }));
    expect(twitchStart.inputs).toHaveLength(1);
  });

  it('YouTube’s daily quota spent: the card says until when, and nothing asks to try again in a moment', async () => {
    const { list, youtubeComplete, card } = setup('/connect-accounts?platform=youtube&complete=one-time-token');
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    const message =
      'YouTube’s daily API limit for Castbridge is used up until midnight Pacific time (2026-11-29 08:00 UTC). Connect again after that.';
    await youtubeComplete.reject(refusal(message, 424));
    expect(card('YouTube').getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(/in a moment|\[object Object\]/)).toBeNull();
    expect(card('YouTube').getByText('Not connected')).toBeInTheDocument();
  });

  it('a connection the provider stopped accepting asks to connect again, over the old one', async () => {
    const { list, twitchStart, redirect, card, user } = setup();
    await list.resolve([sampleConnection('twitch', 'reconnect'), sampleConnection('youtube', null)]);
    expect(card('Twitch').getByText('Reconnect needed')).toBeInTheDocument();
    expect(card('Twitch').getByText(/no longer accepts this connection/)).toBeInTheDocument();
    await user.click(card('Twitch').getByRole('button', { name: 'Connect' }));
    await twitchStart.resolve('https://id.twitch.tv/oauth2/authorize?state=again');
    expect(redirect).toHaveBeenCalledWith(expect.anything(), {
      url: 'https://id.twitch.tv/oauth2/authorize?state=again',
    });
  });

  it('a failed list offers Try again', async () => {
    const { list, user } = setup();
    await list.reject(refusal('The server could not be reached', 0));
    expect(screen.getByRole('alert')).toHaveTextContent('The connections could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await list.resolve([sampleConnection('twitch', null), sampleConnection('youtube', null)]);
    expect(screen.getAllByRole('button', { name: 'Connect' })).toHaveLength(2);
  });
});
