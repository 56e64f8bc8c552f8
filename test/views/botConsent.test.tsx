// Connect Accounts' chat bot consent (docs/product.md §Deliverables, "The chat bot") through its machine with
// controlled actors: a connected card's switch "Let the Castbridge bot post sponsor messages in my chat" shows the
// stored consent, sends PUT /api/connections/:platform/bot and follows its answer; the server's 409 (the grant lacks
// the bot's scope) is shown on the card and the switch stays off; no switch without a connection; axe finds nothing.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Connection } from '@/contract';
import { connectAccountsMachine, type BotConsentAnswer } from '@/machines/connections/connectAccounts.machine';
import { sampleConnection } from '@/machines/connections/samples';
import { apiRefusal } from '@/machines/events';
import { ConnectAccountsScreen } from '@/src/connections/ConnectAccounts';
import { controlled, renderScreen } from './harness';

/** A connection whose creator let the bot post. */
const consenting = (connection: Connection): Connection => ({
  ...connection,
  account: connection.account && { ...connection.account, botConsent: true },
});

const SWITCH = 'Let the Castbridge bot post sponsor messages in my chat';

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function setup() {
  const list = controlled<Connection[]>();
  const twitchConsent = controlled<BotConsentAnswer, { consent: boolean }>();
  const youtubeConsent = controlled<BotConsentAnswer, { consent: boolean }>();
  const twitchDisconnect = controlled<Connection>();
  const logic = connectAccountsMachine.provide({
    actors: {
      listConnections: list.logic,
      twitchBotConsent: twitchConsent.logic,
      youtubeBotConsent: youtubeConsent.logic,
      twitchDisconnect: twitchDisconnect.logic,
    },
  });
  const view = renderScreen(<ConnectAccountsScreen logic={logic} />, { path: '/connect-accounts', jwt: 'creator.jwt' });
  const card = (name: string) => within(screen.getByRole('region', { name }));
  return { list, twitchConsent, youtubeConsent, twitchDisconnect, view, card, user: userEvent.setup() };
}

describe('Connect Accounts: the chat bot’s consent', () => {
  it('a connected card’s switch sends the consent and follows the answer; none without a connection', async () => {
    const { list, twitchConsent, view, card, user } = setup();
    await list.resolve([sampleConnection('twitch', 'connected'), sampleConnection('youtube', null)]);
    expect(card('YouTube').queryByRole('switch')).toBeNull();
    const toggle = card('Twitch').getByRole('switch', { name: SWITCH });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      "While you are live, the bot posts your accepted offers' messages with their links and #ad; you can pause it per offer.",
    );
    expect(await violations(view.container)).toEqual([]);

    await user.click(toggle);
    expect(twitchConsent.inputs).toEqual([{ consent: true }]);
    expect(toggle).toBeDisabled();
    await twitchConsent.resolve({ platform: 'twitch', consent: true });
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();

    await user.click(toggle);
    expect(twitchConsent.inputs[1]).toEqual({ consent: false });
    await twitchConsent.resolve({ platform: 'twitch', consent: false });
    expect(toggle).not.toBeChecked();
  });

  it('shows the stored consent; the server’s 409 shows on the card and the switch stays as it was', async () => {
    const { list, twitchConsent, card, user } = setup();
    await list.resolve([sampleConnection('twitch', 'connected'), consenting(sampleConnection('youtube', 'connected'))]);
    expect(card('YouTube').getByRole('switch', { name: SWITCH })).toBeChecked();
    const toggle = card('Twitch').getByRole('switch', { name: SWITCH });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    // What server/deliverables/bot.ts answers when the Twitch grant lacks channel:bot (test/server/bot.test.ts).
    const refusal =
      'Twitch has not granted Castbridge’s bot permission to post in your chat (channel:bot): connect Twitch again, then turn this on';
    await twitchConsent.reject(apiRefusal(refusal, 409));
    expect(card('Twitch').getByRole('alert')).toHaveTextContent(refusal);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    // Trying again clears the message.
    await user.click(toggle);
    expect(card('Twitch').queryByRole('alert')).toBeNull();
  });

  it('each card shows its own platform’s consent, whatever order the server lists them in', async () => {
    const { list, card } = setup();
    await list.resolve([sampleConnection('youtube', 'connected'), consenting(sampleConnection('twitch', 'connected'))]);
    expect(card('Twitch').getByRole('switch', { name: SWITCH })).toBeChecked();
    expect(card('YouTube').getByRole('switch', { name: SWITCH })).not.toBeChecked();
  });

  it('a refusal still shown goes when the card is disconnected', async () => {
    const { list, twitchConsent, twitchDisconnect, card, user } = setup();
    await list.resolve([sampleConnection('twitch', 'connected'), sampleConnection('youtube', null)]);
    await user.click(card('Twitch').getByRole('switch', { name: SWITCH }));
    await twitchConsent.reject(apiRefusal('Ha ocurrido un error', 500));
    expect(card('Twitch').getByRole('alert')).toHaveTextContent('Ha ocurrido un error');
    await user.click(card('Twitch').getByRole('button', { name: 'Disconnect' }));
    await twitchDisconnect.resolve(sampleConnection('twitch', null));
    expect(card('Twitch').getByText('Not connected')).toBeInTheDocument();
    expect(card('Twitch').queryByRole('alert')).toBeNull();
  });
});
