// A campaign's verified delivery for its advertiser (docs/product.md §Verified delivery): the campaign page's figures
// (verified minutes, impressions, effective CPM, each named for a screen reader) and a Campaigns card's one line, from
// the delivery GET /api/campaigns and GET /api/campaigns/:id carry; each screen through its machine with controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdvertiserAnalytics, AdvertiserBalance, AdvertiserChecklist, Campaign, Offer } from '@/contract';
import type { AnalyticsRange } from '@/contract/analytics';
import type { CampaignAction } from '@/contract/marketplace';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { controlled, renderScreen } from './harness';

const active: Campaign = { ...sampleCampaign, status: 'active', launchedAt: '2026-11-20T10:00:00.000Z' };
/** 42 verified minutes, 84 viewers on average, two offers' pay ($250 each) over 3,528 impressions... at $7.09 CPM. */
const delivered: Campaign = {
  ...active,
  delivery: { verifiedSeconds: 42 * 60 + 30, impressions: 3_528, cpmCents: 709 },
};

describe('Campaign page: verified delivery', () => {
  function setup() {
    const load = controlled<CampaignDetail, { id: string }>();
    const run = controlled<Campaign, { id: string; action: CampaignAction }>();
    const logic = {
      detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
      controls: campaignControlsMachine.provide({
        actors: { runCampaignAction: run.logic, loadBalance: controlled<LaunchFunds>().logic },
      }),
    };
    const view = renderScreen(<CampaignPageScreen logic={logic} />, {
      path: '/campaigns/:id',
      url: '/campaigns/cmp_1',
      jwt: 'advertiser.jwt',
    });
    return { load, run, view, user: userEvent.setup() };
  }

  /** The figure group's terms and their values as a screen reader reaches them. */
  function figures() {
    const group = screen.getByRole('region', { name: 'Verified delivery' });
    const terms = within(group)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(group)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    return terms.map((term, index) => [term, values[index]]);
  }

  it('shows verified minutes, impressions with what they are, and the effective CPM; it stays after a control changes the status', async () => {
    const { load, run, user } = setup();
    await load.resolve({ campaign: delivered, offers: [] });
    expect(figures()).toEqual([
      ['Display time', '42 min verifiedminutes the platform confirmed live'],
      ['Impressions', '3,528viewer-minutes the platform confirmed'],
      ['Effective CPM', '$7.09pay per 1,000 impressions'],
    ]);
    // Before the details: what was delivered comes first.
    const sections = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(sections.indexOf('campaign-delivery')).toBeLessThan(sections.indexOf('campaign-details'));

    // Pause answers the campaign without its delivery (server/marketplace/campaigns.ts act): the figures stay.
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(run.inputs).toEqual([{ id: 'cmp_1', action: 'pause' }]);
    await run.resolve({ ...active, status: 'paused' });
    await act(async () => {});
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Paused');
    expect(figures()[0]).toEqual(['Display time', '42 min verifiedminutes the platform confirmed live']);
  });

  it('writes thousands with separators, and a dash for the CPM until the first verified minute', async () => {
    const { load } = setup();
    await load.resolve({
      campaign: { ...active, delivery: { verifiedSeconds: 0, impressions: 0, cpmCents: null } },
      offers: [],
    });
    expect(figures()).toEqual([
      ['Display time', '0 min verifiedminutes the platform confirmed live'],
      ['Impressions', '0viewer-minutes the platform confirmed'],
      ['Effective CPM', '—None yet, after the first verified minute'],
    ]);
    // The dash is for the eye; a screen reader hears "None yet".
    expect(screen.getByText('—')).toHaveAttribute('aria-hidden', 'true');
  });

  it('writes large figures with thousands separators and a verified part of a minute as under 1 min', async () => {
    const first = setup();
    await first.load.resolve({
      campaign: { ...active, delivery: { verifiedSeconds: 1_234 * 60, impressions: 1_234_567, cpmCents: 123_456 } },
      offers: [],
    });
    expect(figures().map(([, value]) => value)).toEqual([
      '1,234 min verifiedminutes the platform confirmed live',
      '1,234,567viewer-minutes the platform confirmed',
      '$1,234.56pay per 1,000 impressions',
    ]);
    first.view.unmount();

    const second = setup();
    await second.load.resolve({
      campaign: { ...active, delivery: { verifiedSeconds: 30, impressions: 0, cpmCents: null } },
      offers: [],
    });
    expect(figures()[0]).toEqual(['Display time', 'Under 1 min verifiedminutes the platform confirmed live']);
  });

  it('a link-only campaign shows no overlay figures, minutes or disclosure: only what it asked for (issue 48 item 4)', async () => {
    const { load } = setup();
    await load.resolve({
      campaign: {
        ...active,
        deliverable: { ...active.deliverable, overlay: false, link: { url: 'https://nova.example/gg', clicks: 100 } },
        delivery: { verifiedSeconds: 0, impressions: 0, cpmCents: null },
      },
      offers: [
        {
          ...sampleOffer,
          status: 'accepted',
          deliverable: {
            ...sampleOffer.deliverable,
            overlay: false,
            link: { url: 'https://nova.example/gg', clicks: 100 },
          },
        },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    // Its accepted offer's proof is of delivery (clicks), not of display.
    const accepted = within(screen.getByRole('list', { name: 'Accepted' }));
    expect(accepted.getByRole('link', { name: 'Proof of delivery' })).toHaveAttribute('href', '/offers/off_1/proof');
    expect(accepted.queryByRole('link', { name: 'Proof of display' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Verified delivery' })).not.toBeInTheDocument();
    expect(screen.queryByText(/min verified/)).toBeNull();
    const details = within(screen.getByRole('region', { name: 'Details' }));
    const terms = details.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toContain('Deliverables');
    for (const term of ['Overlay minutes', 'Disclosure', 'Require disclosure (#ad)']) expect(terms).not.toContain(term);
    expect(details.getByText('Link: 100 clicks')).toBeInTheDocument();
  });

  it('a completed offer in its review window says "in review until" its end, then "paid" once released (issue 48 item 3)', async () => {
    const completed: Offer = {
      ...sampleOffer,
      status: 'completed',
      payCents: 9_000,
      campaignPayCents: 9_000,
      completedAt: '2026-11-26T14:05:00.000Z',
      earnedCents: 8_100,
    };
    const first = setup();
    await first.load.resolve({
      campaign: active,
      offers: [{ ...completed, review: { status: 'pending', endsAt: '2026-11-29T14:05:00.000Z', releasedAt: null } }],
    });
    const row = within(screen.getByRole('list', { name: 'Completed' }));
    expect(row.getByTestId('offer-delivered')).toHaveTextContent(
      'Delivered Nov 26, 2026: $90 in review until Nov 29, 2026, 14:05 UTC, then paid to the creator',
    );
    expect(row.queryByText(/paid \$90/)).toBeNull();
    first.view.unmount();

    const second = setup();
    await second.load.resolve({
      campaign: active,
      offers: [
        {
          ...completed,
          review: { status: 'released', endsAt: '2026-11-29T14:05:00.000Z', releasedAt: '2026-11-29T14:05:30.000Z' },
        },
        {
          ...completed,
          id: 'off_2',
          review: { status: 'disputed', endsAt: '2026-11-29T14:05:00.000Z', releasedAt: null },
        },
        // Confirmed by the advertiser: paid at once, no review.
        { ...completed, id: 'off_3', review: null },
      ],
    });
    expect(screen.getAllByTestId('offer-delivered').map((line) => line.textContent)).toEqual([
      'Delivered Nov 26, 2026: paid $90',
      'Delivered Nov 26, 2026: $90 disputed; Castbridge decides what is paid',
      'Delivered Nov 26, 2026: paid $90',
    ]);
  });

  it('shows no figures for a draft, nor for a campaign read without its delivery', async () => {
    const first = setup();
    await first.load.resolve({
      campaign: { ...sampleCampaign, delivery: { verifiedSeconds: 0, impressions: 0, cpmCents: null } },
      offers: [],
    });
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verified delivery' })).not.toBeInTheDocument();
    first.view.unmount();

    const second = setup();
    await second.load.resolve({ campaign: active, offers: [] });
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verified delivery' })).not.toBeInTheDocument();
  });
});

describe('Campaigns: a card’s verified delivery', () => {
  function renderList() {
    const load = controlled<Campaign[]>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: load.logic } }),
          funds: advertiserFundsMachine.provide({ actors: { loadFunds: controlled<AdvertiserBalance>().logic } }),
          reach: campaignReachMachine.provide({
            actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
          }),
          checklist: advertiserChecklistMachine.provide({
            actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
          }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    return load;
  }

  const card = (title: string) =>
    within(screen.getByRole('list', { name: 'Campaigns' }))
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('link', { name: title }))!;

  it('gives each card with verified minutes one line of them, and none to the others', async () => {
    const load = renderList();
    await load.resolve([
      { ...delivered, id: 'cmp_1', title: 'Delivered' },
      // Verified minutes without a viewer sample yet: no CPM to write.
      {
        ...active,
        id: 'cmp_2',
        title: 'No viewers sampled',
        delivery: { verifiedSeconds: 600, impressions: 0, cpmCents: null },
      },
      {
        ...active,
        id: 'cmp_3',
        title: 'Nothing verified',
        delivery: { verifiedSeconds: 0, impressions: 0, cpmCents: null },
      },
      { ...active, id: 'cmp_4', title: 'Read without delivery' },
    ]);
    const line = within(card('Delivered')).getByRole('group', { name: 'Verified delivery' });
    expect(line).toHaveTextContent('42 min verified · 3,528 impressions · $7.09 CPM');
    expect(within(card('No viewers sampled')).getByRole('group', { name: 'Verified delivery' }).textContent).toBe(
      '10 min verified · 0 impressions',
    );
    for (const title of ['Nothing verified', 'Read without delivery'])
      expect(within(card(title)).queryByRole('group', { name: 'Verified delivery' })).not.toBeInTheDocument();
    // The card's other figures are unchanged.
    expect(within(card('Delivered')).getByText('$250')).toBeInTheDocument();
  });
});
