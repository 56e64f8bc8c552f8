// Deliverables on the offers (docs/product.md §Deliverables) through their machines with controlled actors: the
// creator's accepted card lists each deliverable asked and its progress (bars and figures, the tracked link with Copy,
// the promo code); its Chat bot dialog shows the line, the status, the last posts sent or dropped, and pauses and
// resumes (a refusal says why; without consent it points to Connect Accounts); the advertiser's campaign page shows
// the same progress and the bot posts read-only; axe finds nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, Offer } from '@/contract';
import { apiRefusal } from '@/machines/events';
import { offerBotMachine, type OfferBotAnswer } from '@/machines/deliverables/offerBot.machine';
import { samplePausedProgress, samplePosts, sampleProgress, sampleTrackedLink } from '@/machines/deliverables/samples';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { creatorOffer, sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { controlled, renderScreen } from './harness';

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

afterEach(() => vi.restoreAllMocks());

/** A campaign asking for every deliverable, with a flat fee. */
const everyDeliverable: Campaign['deliverable'] = {
  ...sampleCampaign.deliverable,
  minutes: 120,
  link: { url: 'https://nova.example/gg', clicks: 500 },
  chat: { message: 'Grab a Nova for the late shift', everyMinutes: 30, command: 'nova', posts: 10 },
  promo: { redemptions: 20 },
};

const accepted = creatorOffer('off_nova', 'accepted', {
  deliverable: { ...everyDeliverable, startsOn: '2026-12-01', endsOn: '2026-12-31' },
  progress: sampleProgress,
});

function creatorScreen() {
  const list = controlled<Offer[]>();
  const loadBot = controlled<OfferBotAnswer, { offerId: string }>();
  const setPaused = controlled<OfferBotAnswer, { offerId: string; paused: boolean }>();
  const logic = {
    offers: offersMachine.provide({ actors: { listOffers: list.logic } }),
    offerBot: offerBotMachine.provide({ actors: { loadBot: loadBot.logic, setBotPaused: setPaused.logic } }),
  };
  const view = renderScreen(<SponsorshipOffersScreen logic={logic} />, {
    path: '/sponsorship-offers',
    jwt: 'creator.jwt',
  });
  return { list, loadBot, setPaused, view, user: userEvent.setup() };
}

async function acceptedCard() {
  const screenParts = creatorScreen();
  await screenParts.list.resolve([accepted]);
  await screenParts.user.click(screen.getByRole('tab', { name: /Accepted/ }));
  const card = within(screen.getByRole('listitem', { name: accepted.title }));
  return { ...screenParts, card };
}

describe('the creator’s offer card', () => {
  it('lists each deliverable asked with its progress, the tracked link with Copy and the promo code', async () => {
    const { card, view, user } = await acceptedCard();
    // user-event puts its own clipboard in place; the copy is read from it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const deliverables = within(card.getByRole('region', { name: 'Deliverables' }));
    const items = deliverables.getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'Overlay 120 min',
      'Link: 500 clicks',
      'Bot: message every 30 min, 10 posts, answers !nova',
      'Promo: 20 redemptions',
    ]);
    expect(deliverables.getByText('45 of 120 min verified')).toBeInTheDocument();
    expect(deliverables.getByText('312 of 500 clicks')).toBeInTheDocument();
    expect(deliverables.getByText('4 of 10 posts')).toBeInTheDocument();
    expect(deliverables.getByText('7 of 20 redemptions')).toBeInTheDocument();
    expect(deliverables.getByRole('progressbar', { name: 'Link progress' })).toHaveAttribute('aria-valuenow', '62');
    expect(deliverables.getByRole('progressbar', { name: 'Bot progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(deliverables.getByText(/41 not counted/)).toBeInTheDocument();
    expect(deliverables.getByText('NOVA-RIN')).toBeInTheDocument();
    expect(deliverables.getByText(sampleTrackedLink)).toBeInTheDocument();
    await user.click(deliverables.getByRole('button', { name: 'Copy tracked link' }));
    expect(writeText).toHaveBeenCalledWith(sampleTrackedLink);
    expect(await deliverables.findByRole('button', { name: 'Tracked link copied' })).toBeInTheDocument();
    expect(await violations(view.container)).toEqual([]);
  });

  it('pay per click reads as the rate up to the cap, its progress as what the clicks earned; paused says so', async () => {
    const { list, user } = creatorScreen();
    await list.resolve([
      creatorOffer('off_click', 'accepted', {
        payCents: 25_000,
        perClickCents: 25,
        deliverable: { ...everyDeliverable, overlay: false, link: { url: 'https://nova.example/gg', clicks: null } },
        progress: {
          ...samplePausedProgress,
          overlay: null,
          link: { url: sampleTrackedLink, clicks: 312, target: null, refused: 0 },
          clickEarningsCents: 7_800,
        },
      }),
    ]);
    await user.click(screen.getByRole('tab', { name: /Accepted/ }));
    const deliverables = within(screen.getByRole('region', { name: 'Deliverables' }));
    expect(deliverables.getAllByRole('listitem')[0]?.firstChild?.textContent).toBe('Link: $0.25 a click up to $250');
    expect(deliverables.getByText('312 clicks: $78 of $250 earned')).toBeInTheDocument();
    expect(deliverables.getByText('Paused')).toBeInTheDocument();
    expect(deliverables.queryByText(/Overlay/)).toBeNull();
    // The overlay's disclosure is not shown for an offer without the overlay (issue 48 item 4).
    expect(screen.queryByText(/Disclosure:/)).toBeNull();
  });

  it('a card before acceptance lists what is asked without progress', async () => {
    const { list } = creatorScreen();
    await list.resolve([creatorOffer('off_new', 'invited', { deliverable: everyDeliverable })]);
    const deliverables = within(screen.getByRole('region', { name: 'Deliverables' }));
    expect(deliverables.getAllByRole('listitem').at(-1)?.firstChild?.textContent).toBe('Promo: 20 redemptions');
    expect(deliverables.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chat bot' })).toBeNull();
  });
});

describe('the Chat bot dialog', () => {
  it('shows the line, the status and the last posts; pauses and resumes; a refusal says why', async () => {
    const { card, loadBot, setPaused, view, user } = await acceptedCard();
    await user.click(await card.findByRole('button', { name: 'Chat bot' }));
    const dialog = within(screen.getByRole('dialog', { name: `Chat bot: ${accepted.title}` }));
    expect(loadBot.inputs).toEqual([{ offerId: 'off_nova' }]);
    // Posted a minute ago: posting.
    const recent = { ...sampleProgress, chat: { ...sampleProgress.chat!, lastPostedAt: new Date().toISOString() } };
    await loadBot.resolve({ progress: recent, posts: samplePosts });
    expect(dialog.getByText(sampleProgress.chat!.preview, { selector: 'div > p' })).toBeInTheDocument();
    expect(dialog.getByText('Posting')).toBeInTheDocument();
    expect(dialog.getByText('4 of 10 posts')).toBeInTheDocument();
    const posts = within(dialog.getByRole('list', { name: 'Last posts' })).getAllByRole('listitem');
    expect(posts).toHaveLength(3);
    expect(posts[0]).toHaveTextContent('Sent');
    expect(posts[0]).toHaveTextContent('answer to !nova');
    // The platform's id, named as the platform's; never our own post ids (issue 48 item 15).
    expect(posts[0]).toHaveTextContent('Twitch’s message id: msg-3');
    expect(dialog.getByRole('list', { name: 'Last posts' })).not.toHaveTextContent(/bp_\d/);
    expect(posts[2]).toHaveTextContent('Dropped');
    expect(posts[2]).toHaveTextContent('Why: msg_duplicate');
    expect(await violations(view.baseElement)).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Pause' }));
    expect(setPaused.inputs).toEqual([{ offerId: 'off_nova', paused: true }]);
    await setPaused.resolve({ progress: samplePausedProgress, posts: samplePosts });
    expect(dialog.getAllByText('Paused').length).toBeGreaterThan(0);
    expect(dialog.getByText('Posts nothing for this offer until you resume it.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Resume' }));
    expect(setPaused.inputs[1]).toEqual({ offerId: 'off_nova', paused: false });
    await setPaused.reject(apiRefusal('The offer is not accepted or active', 409));
    expect(dialog.getByRole('alert')).toHaveTextContent('The offer is not accepted or active');
    expect(dialog.getByRole('button', { name: 'Resume' })).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the creator’s card reads the offers again when its Chat bot dialog has newer posts than it shows (issue 48 item 15)', async () => {
    const { card, list, loadBot, user } = await acceptedCard();
    expect(card.getByText('4 of 10 posts')).toBeInTheDocument();
    const five = { ...sampleProgress, chat: { ...sampleProgress.chat!, posts: 5 } };
    await user.click(await card.findByRole('button', { name: 'Chat bot' }));
    await loadBot.resolve({ progress: five, posts: samplePosts });
    await waitFor(() => expect(list.started).toBe(2));
    await list.resolve([{ ...accepted, progress: five }]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByRole('listitem', { name: accepted.title })).getByText('5 of 10 posts'),
    ).toBeInTheDocument();
  });

  it('without the creator’s consent, points to Connect Accounts; waiting for live when it has not posted lately', async () => {
    const { card, loadBot, user } = await acceptedCard();
    await user.click(await card.findByRole('button', { name: 'Chat bot' }));
    await loadBot.resolve({
      progress: { ...sampleProgress, chat: { ...sampleProgress.chat!, consent: false } },
      posts: [],
    });
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Needs consent')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'turn it on in Connect Accounts' })).toHaveAttribute(
      'href',
      '/connect-accounts',
    );
    expect(dialog.getByText('No posts yet.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refresh' }));
    await loadBot.resolve({ progress: sampleProgress, posts: samplePosts });
    expect(dialog.getByText('Waiting for live')).toBeInTheDocument();
  });
});

describe('the advertiser’s campaign page', () => {
  it('shows each offer’s deliverables with progress, and its bot posts read-only', async () => {
    const load = controlled<CampaignDetail, { id: string }>();
    const loadBot = controlled<OfferBotAnswer, { offerId: string }>();
    const logic = {
      detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
      bot: offerBotMachine.provide({ actors: { loadBot: loadBot.logic } }),
    };
    const view = renderScreen(<CampaignPageScreen logic={logic} />, {
      path: '/campaigns/:id',
      url: '/campaigns/cmp_1',
      jwt: 'advertiser.jwt',
    });
    const campaign = { ...sampleCampaign, status: 'active' as const, deliverable: everyDeliverable };
    await load.resolve({
      campaign,
      offers: [
        {
          ...sampleOffer,
          status: 'accepted',
          deliverable: everyDeliverable,
          progress: { ...sampleProgress, chat: { ...sampleProgress.chat!, consent: false } },
        },
      ],
    });
    expect(screen.getByText('Overlay 120 min; Link: 500 clicks', { exact: false })).toBeInTheDocument();
    const row = within(screen.getByRole('list', { name: 'Accepted' }));
    const deliverables = within(row.getByRole('region', { name: 'Deliverables' }));
    expect(deliverables.getByText('312 of 500 clicks')).toBeInTheDocument();
    expect(deliverables.getByText('Waiting for the creator to let the bot post')).toBeInTheDocument();
    expect(await violations(view.container)).toEqual([]);

    const user = userEvent.setup();
    await user.click(await row.findByRole('button', { name: 'Bot posts' }));
    await loadBot.resolve({ progress: sampleProgress, posts: samplePosts });
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getAllByRole('listitem')).toHaveLength(3);
    expect(dialog.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('the card reads the offers again when its Bot posts dialog has newer posts than it shows (issue 48 item 15)', async () => {
    const load = controlled<CampaignDetail, { id: string }>();
    const loadBot = controlled<OfferBotAnswer, { offerId: string }>();
    const logic = {
      detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
      bot: offerBotMachine.provide({ actors: { loadBot: loadBot.logic } }),
    };
    renderScreen(<CampaignPageScreen logic={logic} />, {
      path: '/campaigns/:id',
      url: '/campaigns/cmp_1',
      jwt: 'advertiser.jwt',
    });
    const campaign = { ...sampleCampaign, status: 'active' as const, deliverable: everyDeliverable };
    const offer = (posts: number) => ({
      ...sampleOffer,
      status: 'accepted' as const,
      deliverable: everyDeliverable,
      progress: { ...sampleProgress, chat: { ...sampleProgress.chat!, posts } },
    });
    await load.resolve({ campaign, offers: [offer(3)] });
    const deliverables = () =>
      within(within(screen.getByRole('list', { name: 'Accepted' })).getByRole('region', { name: 'Deliverables' }));
    expect(deliverables().getByText('3 of 10 posts')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bot posts' }));
    await loadBot.resolve({ progress: offer(4).progress, posts: samplePosts });
    expect(within(screen.getByRole('dialog')).getByText('4 of 10 posts')).toBeInTheDocument();
    // The page reads its offers again; the card then shows what the dialog shows.
    await waitFor(() => expect(load.inputs).toHaveLength(2));
    await load.resolve({ campaign, offers: [offer(4)] });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deliverables().getByText('4 of 10 posts')).toBeInTheDocument();

    // Opened again with nothing new: the page is not read again.
    await user.click(screen.getByRole('button', { name: 'Bot posts' }));
    await loadBot.resolve({ progress: offer(4).progress, posts: samplePosts });
    expect(within(screen.getByRole('dialog')).getByText('4 of 10 posts')).toBeInTheDocument();
    expect(load.inputs).toHaveLength(2);
  });
});
