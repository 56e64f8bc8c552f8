// Newley Offers when empty (docs/product.md "Fair matching explained"): the tab's general text until the outlook is in,
// then what would bring offers — each step's title, text, the running campaigns' asks and its link; a failed read
// keeps the general text, says why and reads again on Try again.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OffersOutlook as Outlook } from '@/contract';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import { OffersOutlook } from '@/src/marketplace/OffersOutlook';
import { controlled, renderScreen } from './harness';

const outlook: Outlook = {
  runningCampaigns: 3,
  matching: 0,
  steps: [
    {
      kind: 'channel',
      title: 'Connect a channel',
      text: 'Accepting an offer needs a connected Twitch or YouTube channel.',
      details: [],
      link: { to: '/connect-accounts', label: 'Connect a channel' },
    },
    {
      kind: 'targeting',
      title: 'No running campaign targets you yet',
      text: '3 running campaigns have no offer for you. What they ask for:',
      details: ['2 campaigns want creators broadcasting in Spanish.', '1 campaign runs on YouTube.'],
      link: { to: '/my-profile', label: 'Review your profile' },
    },
  ],
};

function setup() {
  const load = controlled<Outlook>();
  renderScreen(
    <OffersOutlook
      fallback={<p>No new offers yet.</p>}
      logic={offersOutlookMachine.provide({ actors: { loadOutlook: load.logic } })}
    />,
    { path: '/sponsorship-offers', jwt: 'creator.jwt' },
  );
  return load;
}

describe('why no offers came', () => {
  it('shows the general text, then each step with its asks and link', async () => {
    const load = setup();
    expect(screen.getByText('No new offers yet.')).toBeInTheDocument();
    await load.resolve(outlook);
    const steps = screen.getAllByRole('listitem').filter((item) => item.querySelector('h2'));
    expect(steps.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Connect a channel',
      'No running campaign targets you yet',
    ]);
    expect(screen.getByRole('heading', { name: 'No running campaign targets you yet' })).toBeInTheDocument();
    expect(screen.getByText('2 campaigns want creators broadcasting in Spanish.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a channel' })).toHaveAttribute('href', '/connect-accounts');
    expect(screen.getByRole('link', { name: 'Review your profile' })).toHaveAttribute('href', '/my-profile');
  });

  it('a failed read keeps the general text, says why, and Try again reads again', async () => {
    const load = setup();
    await load.reject(new Error('The service is unavailable'));
    expect(screen.getByText('No new offers yet.')).toBeInTheDocument();
    expect(screen.getByText(/could not be read: The service is unavailable/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load.started).toBe(2);
    await load.resolve(outlook);
    expect(screen.getByRole('heading', { name: 'Connect a channel' })).toBeInTheDocument();
  });
});
