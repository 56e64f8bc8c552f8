// Counter-offers (docs/product.md §Counter-offers) on both screens, each flow through its machine with controlled actors:
// the creator's card proposes different pay in a titled dialog with visible labels (checked before sending, refused
// with the server's reason, then waiting for the brand), and answers the brand's proposal (accepting moves the card
// to Accepted); the advertiser's campaign page shows the creator's proposal and the agreed pay, and its Accept names
// the amount missing with a link to add funds when the balance is short, or counters in the same dialog.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer, Proposal } from '@/contract';
import { shortOfFundsMessage } from '@/contract/marketplace';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { counterOfferMachine } from '@/machines/marketplace/counterOffer.machine';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { proposalReplyMachine } from '@/machines/marketplace/proposalReply.machine';
import { creatorOffer, sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import { ApiError } from '@/src/api/client';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { controlled, renderScreen } from './harness';

type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };
type Answer = { offerId: string; round: number };

/** A 409 as the client's ApiError carries it. */
const refusal = (message: string, code?: string) => new ApiError(message, 409, { message, ...(code ? { code } : {}) });

const proposal = (overrides: Partial<Proposal>): Proposal => ({
  round: 1,
  side: 'creator',
  payCents: 30_000,
  deliverableMinutes: null,
  message: 'I stream four hours a day.',
  status: 'open',
  createdAt: '2026-11-04T10:00:00.000Z',
  ...overrides,
});

describe("the creator's counter-offer", () => {
  function setup() {
    const list = controlled<Offer[]>();
    const propose = controlled<Offer, ProposeInput>();
    const accept = controlled<Offer, Answer>();
    const decline = controlled<Offer, Answer>();
    const logic = {
      offers: offersMachine.provide({ actors: { listOffers: list.logic } }),
      counterOffer: counterOfferMachine.provide({
        actors: { propose: propose.logic, acceptProposal: accept.logic, declineProposal: decline.logic },
      }),
    };
    renderScreen(<SponsorshipOffersScreen logic={logic} />, { path: '/sponsorship-offers', jwt: 'creator.jwt' });
    return { list, propose, accept, decline, user: userEvent.setup() };
  }
  async function show(list: ReturnType<typeof setup>['list'], offers: Offer[]) {
    await list.resolve(offers);
    await act(async () => {
      await import('@/src/marketplace/later');
    });
  }

  it('proposes different pay in a titled dialog: checked before sending, refused with the reason, then waiting', async () => {
    const { list, propose, user } = setup();
    const offer = creatorOffer('off_nova', 'invited');
    await show(list, [offer]);
    const card = screen.getByRole('listitem', { name: 'Nova Energy Drink' });
    await user.click(within(card).getByRole('button', { name: 'Propose different pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose different pay' });
    const pay = within(dialog).getByLabelText('Pay (US dollars)');
    expect(pay).toHaveValue('250');
    expect(within(dialog).getByLabelText('Overlay minutes (optional)')).toHaveValue('');
    await user.clear(pay);
    await user.type(pay, '0.5');
    await user.type(within(dialog).getByLabelText('Overlay minutes (optional)'), 'an hour');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(propose.started).toBe(0);
    expect(within(dialog).getByText('Pay is between $1 and $1,000,000.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Enter whole minutes between 1 and 100,000/)).toBeInTheDocument();
    expect(within(dialog).getByText(REQUIRED_MESSAGE)).toBeInTheDocument();

    await user.clear(pay);
    await user.type(pay, '300');
    await user.clear(within(dialog).getByLabelText('Overlay minutes (optional)'));
    await user.type(within(dialog).getByLabelText('Overlay minutes (optional)'), '90');
    await user.type(within(dialog).getByLabelText('Message'), 'I stream four hours a day.');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(propose.inputs).toEqual([
      { offerId: 'off_nova', payCents: 30_000, deliverableMinutes: 90, message: 'I stream four hours a day.' },
    ]);
    await propose.reject(refusal('This offer is expired: its terms can no longer be negotiated'));
    expect(
      within(dialog).getByText('This offer is expired: its terms can no longer be negotiated'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await propose.resolve({ ...offer, proposal: proposal({ deliverableMinutes: 90 }) });
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const after = screen.getByRole('listitem', { name: 'Nova Energy Drink' });
    const open = within(after).getByRole('region', { name: 'You proposed' });
    expect(open).toHaveTextContent('$300 for 90 minutes');
    expect(open).toHaveTextContent('Waiting for Nova Energy’s answer');
    expect(within(after).queryByRole('button', { name: 'Propose different pay' })).not.toBeInTheDocument();
    // The offer as it stands can still be accepted.
    expect(within(after).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(after).getByTestId('proposed-pay')).toHaveTextContent('You proposed $300');
  });

  it("answers the brand's proposal: Decline keeps the offer, Accept moves the card to Accepted at the agreed pay", async () => {
    const { list, accept, decline, user } = setup();
    const theirs = proposal({
      round: 2,
      side: 'advertiser',
      payCents: 27_500,
      deliverableMinutes: 100,
      message: 'Meet halfway?',
    });
    const offer = creatorOffer('off_nova', 'invited', { proposal: theirs });
    await show(list, [offer]);
    const card = screen.getByRole('listitem', { name: 'Nova Energy Drink' });
    const open = within(card).getByRole('region', { name: 'Nova Energy proposes' });
    expect(open).toHaveTextContent('$275 for 100 minutes');
    expect(open).toHaveTextContent('Meet halfway?');
    // One clear choice: the proposal is the only thing to accept, and the pay says what is proposed (issue 48 item 14).
    expect(
      within(card)
        .getAllByRole('button', { name: /^Accept/ })
        .map((b) => b.textContent),
    ).toEqual(['Accept proposal']);
    expect(within(card).getByTestId('proposed-pay')).toHaveTextContent('Nova Energy proposes $275: answer below');
    await user.click(within(open).getByRole('button', { name: 'Counter' }));
    expect(screen.getByRole('dialog', { name: 'Counter the proposal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(open).getByRole('button', { name: 'Decline proposal' }));
    expect(decline.inputs).toEqual([{ offerId: 'off_nova', round: 2 }]);
    await decline.reject(refusal('This proposal was answered meanwhile; reload the offer'));
    expect(within(card).getByText('This proposal was answered meanwhile; reload the offer')).toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Accept proposal' }));
    expect(accept.inputs).toEqual([{ offerId: 'off_nova', round: 2 }]);
    await accept.resolve({
      ...offer,
      status: 'accepted',
      payCents: 27_500,
      proposal: null,
      updatedAt: '2026-11-05T10:00:00.000Z',
    });
    await act(async () => {});
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    const accepted = screen.getByRole('listitem', { name: 'Nova Energy Drink' });
    expect(accepted).toHaveTextContent('$275');
    expect(accepted).toHaveTextContent('Agreed; the campaign pays $250');
  });
});

describe("the advertiser's answer on the campaign page", () => {
  const active = { ...sampleCampaign, status: 'active' as const, launchedAt: '2026-11-20T10:00:00.000Z' };
  function setup() {
    const load = controlled<CampaignDetail, { id: string }>();
    const accept = controlled<Offer, Answer>();
    const decline = controlled<Offer, Answer>();
    const propose = controlled<Offer, ProposeInput>();
    const logic = {
      detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
      controls: campaignControlsMachine.provide({ actors: { loadBalance: controlled<LaunchFunds>().logic } }),
      reply: proposalReplyMachine.provide({
        actors: { acceptProposal: accept.logic, declineProposal: decline.logic, propose: propose.logic },
      }),
    };
    renderScreen(<CampaignPageScreen logic={logic} />, {
      path: '/campaigns/:id',
      url: '/campaigns/cmp_1',
      jwt: 'advertiser.jwt',
    });
    return { load, accept, decline, propose, user: userEvent.setup() };
  }
  const withProposal: Offer = {
    ...sampleOffer,
    status: 'invited',
    proposal: proposal({ payCents: 30_000, deliverableMinutes: 90 }),
  };

  it("shows the creator's proposal; a short balance names the amount missing and links Funds; Accept again reads the offers", async () => {
    const { load, accept, user } = setup();
    await load.resolve({ campaign: active, offers: [withProposal] });
    const reply = await screen.findByRole('region', { name: 'Ana García proposes' });
    expect(reply).toHaveTextContent('$300 for 90 minutes');
    expect(reply).toHaveTextContent('I stream four hours a day.');
    await user.click(within(reply).getByRole('button', { name: 'Accept' }));
    expect(accept.inputs).toEqual([{ offerId: 'off_1', round: 1 }]);
    await accept.reject(refusal(shortOfFundsMessage(5_000), 'marketplace.accept_short_of_funds'));
    expect(within(reply).getByText(/Accepting needs \$50 more than your balance holds/)).toBeInTheDocument();
    expect(within(reply).getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/campaigns#funds');

    await user.click(within(reply).getByRole('button', { name: 'Accept' }));
    await accept.resolve({ ...withProposal, status: 'accepted', payCents: 30_000, proposal: null });
    // The page reads its offers again: the agreed pay shows where it differs from the campaign's.
    await load.resolve({
      campaign: active,
      offers: [
        {
          ...withProposal,
          status: 'accepted',
          payCents: 30_000,
          proposal: null,
          deliverable: { ...withProposal.deliverable, minutes: 90 },
        },
      ],
    });
    expect(await screen.findByText(/Agreed pay \$300 for 90 minutes/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ana García proposes' })).not.toBeInTheDocument();
  });

  it('counters in a titled dialog with visible labels', async () => {
    const { load, propose, user } = setup();
    await load.resolve({ campaign: active, offers: [withProposal] });
    const reply = await screen.findByRole('region', { name: 'Ana García proposes' });
    await user.click(within(reply).getByRole('button', { name: 'Counter' }));
    const dialog = screen.getByRole('dialog', { name: 'Counter the proposal' });
    const pay = within(dialog).getByLabelText('Pay (US dollars)');
    await user.clear(pay);
    await user.type(pay, '270.50');
    await user.type(within(dialog).getByLabelText('Message'), 'Our budget stops here.');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    expect(propose.inputs).toEqual([
      { offerId: 'off_1', payCents: 27_050, deliverableMinutes: null, message: 'Our budget stops here.' },
    ]);
    await propose.resolve({ ...withProposal, proposal: proposal({ round: 2, side: 'advertiser', payCents: 27_050 }) });
    await load.resolve({
      campaign: active,
      offers: [{ ...withProposal, proposal: proposal({ round: 2, side: 'advertiser', payCents: 27_050 }) }],
    });
    expect(await screen.findByText(/You countered with \$270.50/)).toBeInTheDocument();
  });
});
