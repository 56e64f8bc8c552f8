// Find creators (docs/product.md §Discovery and negotiation) through its three machines with controlled actors: the labelled
// filters sent as the query, cards with figures, platforms and the media kit opening in a new tab, paging, no match,
// a refusal with Try again; Save to list into an existing list or a new one; Invite: only the campaigns that can take
// the creator, the others listed with why not before Send, a message, the server's refusal kept in the dialog, then the
// invitation sent; none that can: nothing to send; no campaign at all: a link to launch one.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdvertiserChecklist, CreatorList, CreatorsAnswer, InviteOption, Offer } from '@/contract';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { creatorListsMachine, type OpenList } from '@/machines/marketplace/creatorLists.machine';
import { sampleCreatorList } from '@/machines/marketplace/creatorLists.samples';
import { creatorSearchMachine, type CreatorQuery } from '@/machines/marketplace/creatorSearch.machine';
import { sampleCreatorCard, sampleCreatorsAnswer } from '@/machines/marketplace/creatorSearch.samples';
import { invitationMachine, type InvitationRequest } from '@/machines/marketplace/invitation.machine';
import {
  sampleActiveCampaign,
  sampleInvitedOffer,
  sampleInviteOptions,
} from '@/machines/marketplace/invitation.samples';
import { FindCreatorsScreen } from '@/src/marketplace/FindCreators';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { creatorOffer } from '@/machines/marketplace/samples';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

/** The checklist's answer: only an approved company's advertiser reaches the search. */
const checklistAnswer = (profile: AdvertiserChecklist['profile']): AdvertiserChecklist => ({
  profile,
  fundsCents: 0,
  campaigns: 0,
  draftId: null,
  launched: false,
});

function render(profile: AdvertiserChecklist['profile']) {
  const checklist = controlled<AdvertiserChecklist>();
  const search = controlled<CreatorsAnswer, CreatorQuery>();
  const loadLists = controlled<CreatorList[]>();
  const addToList = controlled<CreatorList, { listId: string; creatorId: string }>();
  const createList = controlled<CreatorList, { name: string }>();
  const loadList = controlled<OpenList, { listId: string }>();
  const removeFromList = controlled<CreatorList, { listId: string; creatorId: string }>();
  const deleteList = controlled<void, { listId: string }>();
  const loadCampaigns = controlled<InviteOption[], { creatorId: string }>();
  const sendInvitation = controlled<Offer, InvitationRequest>();
  const logic = {
    checklist: advertiserChecklistMachine.provide({ actors: { loadChecklist: checklist.logic } }),
    search: creatorSearchMachine.provide({ actors: { searchCreators: search.logic } }),
    lists: creatorListsMachine.provide({
      actors: {
        loadLists: loadLists.logic,
        addToList: addToList.logic,
        createList: createList.logic,
        loadList: loadList.logic,
        removeFromList: removeFromList.logic,
        deleteList: deleteList.logic,
      },
    }),
    invitation: invitationMachine.provide({
      actors: { loadCampaigns: loadCampaigns.logic, sendInvitation: sendInvitation.logic },
    }),
  };
  renderScreen(<FindCreatorsScreen logic={logic} />, { path: '/creators', jwt: 'advertiser.jwt' });
  return {
    answer: () => checklist.resolve(checklistAnswer(profile)),
    checklist,
    search,
    loadLists,
    addToList,
    createList,
    loadList,
    loadCampaigns,
    sendInvitation,
    user: userEvent.setup(),
  };
}

/** Find creators for an approved advertiser, past the approval check. */
async function setup() {
  const screenFlows = render('approved');
  await screenFlows.answer();
  return screenFlows;
}

describe('Find creators', () => {
  it.each([
    ['missing', 'Send your company profile for review first.'],
    ['pending', 'Your company profile is being reviewed; this page opens as soon as it is approved.'],
    ['rejected', 'Your company profile was not approved: correct it and send it again.'],
  ] as const)(
    'a company not approved (%s) reads one sentence on what approval unlocks, and nothing is searched',
    async (profile, next) => {
      const flows = render(profile);
      expect(screen.getByText('Loading company profile')).toBeInTheDocument();
      await flows.answer();
      const card = screen.getByRole('region', { name: 'Not approved yet' });
      expect(card).toHaveTextContent(
        `Once Castbridge approves your company, you can search the creators who published their media kit, save them to lists and invite them to your campaigns. ${next}`,
      );
      expect(within(card).getByRole('link', { name: 'Company profile' })).toHaveAttribute('href', '/company-profile');
      // No request the server would refuse, no error, no Try again.
      expect(flows.search.started).toBe(0);
      expect(flows.loadLists.started).toBe(0);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Search creators' })).not.toBeInTheDocument();
    },
  );

  it('searches with the labelled filters, shows cards with figures and the media kit in a new tab, and pages', async () => {
    const { search, loadLists, user } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Find creators' })).toBeInTheDocument();
    expect(search.inputs[0]).toEqual({ sort: 'viewers', page: 1, pageSize: 20 });
    await loadLists.resolve([]);
    await search.resolve(sampleCreatorsAnswer);

    const cards = screen.getByRole('list', { name: 'Creators' });
    const alex = within(cards).getAllByRole('listitem')[0]!;
    expect(within(alex).getByRole('heading', { name: 'AlexRivera_Live' })).toBeInTheDocument();
    expect(within(alex).getByText('@alexrivera_live')).toBeInTheDocument();
    expect(within(alex).getByText('Twitch')).toBeInTheDocument();
    expect(within(alex).getByText('8,722')).toBeInTheDocument();
    expect(within(alex).getByText('143')).toBeInTheDocument();
    expect(within(alex).getByText('100%')).toBeInTheDocument();
    const kit = within(alex).getByRole('link', { name: /Media kit/ });
    expect(kit).toHaveAttribute('href', '/c/alexrivera_live');
    expect(kit).toHaveAttribute('target', '_blank');
    const lucia = within(cards).getAllByRole('listitem')[1]!;
    expect(within(lucia).getByText('Not measured')).toBeInTheDocument();
    expect(within(lucia).getByText('None yet')).toBeInTheDocument();
    expect(screen.getByText('Creators 1–2 of 45')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Platform'), 'YouTube');
    await user.selectOptions(screen.getByLabelText('Language'), 'Spanish');
    await user.selectOptions(screen.getByLabelText('Country'), 'Mexico');
    await user.type(screen.getByLabelText('Average viewers, at least'), '50');
    await user.type(screen.getByLabelText('Delivery rate, at least (%)'), '80');
    await user.type(screen.getByLabelText('Name or handle starts with'), 'luc');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search.inputs.at(-1)).toEqual({
      platform: 'YouTube',
      language: 'Spanish',
      country: 'Mexico',
      minViewers: '50',
      minDeliveryRate: '80',
      q: 'luc',
      sort: 'viewers',
      page: 1,
      pageSize: 20,
    });
    await search.resolve(sampleCreatorsAnswer);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(search.inputs.at(-1)).toMatchObject({ page: 2, q: 'luc' });
    await search.resolve({ ...sampleCreatorsAnswer, page: 2 });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'followers');
    expect(search.inputs.at(-1)).toMatchObject({ sort: 'followers', page: 1 });
  });

  it('says when no creator matches, and shows a refusal with Try again', async () => {
    const { search, loadLists, user } = await setup();
    await loadLists.resolve([]);
    await search.resolve({ ...sampleCreatorsAnswer, creators: [], total: 0 });
    expect(screen.getByText(/No creator matches these filters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await search.reject(refusal('Your company profile is pending: creators can be searched once it is approved', 403));
    expect(screen.getByText(/creators can be searched once it is approved/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(search.started).toBe(3);
  });

  it('saves a creator to an existing list, or to a new one, and opens a list', async () => {
    const { search, loadLists, addToList, createList, loadList, user } = await setup();
    await loadLists.resolve([{ ...sampleCreatorList, size: 0, creatorIds: [] }]);
    await search.resolve(sampleCreatorsAnswer);
    await user.click(screen.getByRole('button', { name: 'Save AlexRivera_Live to a list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save AlexRivera_Live to a list' });
    await user.click(within(dialog).getByRole('button', { name: 'Speedrunners' }));
    expect(addToList.inputs.at(-1)).toEqual({ listId: sampleCreatorList.id, creatorId: sampleCreatorCard.id });
    await addToList.resolve(sampleCreatorList);
    expect(within(dialog).getByText('AlexRivera_Live is saved in Speedrunners')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Speedrunners: saved' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('New list'), 'Spanish gaming');
    await user.click(within(dialog).getByRole('button', { name: 'Create and save' }));
    expect(createList.inputs.at(-1)).toEqual({ name: 'Spanish gaming' });
    await createList.resolve({ ...sampleCreatorList, id: 'lst_2', name: 'Spanish gaming', size: 0, creatorIds: [] });
    expect(addToList.inputs.at(-1)).toEqual({ listId: 'lst_2', creatorId: sampleCreatorCard.id });
    await addToList.resolve({ ...sampleCreatorList, id: 'lst_2', name: 'Spanish gaming' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speedrunners (1)' }));
    await loadList.resolve({ list: sampleCreatorList, creators: [sampleCreatorCard] });
    const open = screen.getByRole('list', { name: 'Creators in Speedrunners' });
    expect(within(open).getByRole('heading', { name: 'AlexRivera_Live' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Remove AlexRivera_Live from the list' })).toBeInTheDocument();
  });

  it('offers only the campaigns that can take the creator and says why the others cannot, before Send; a refusal stays; then sent', async () => {
    const { search, loadLists, loadCampaigns, sendInvitation, user } = await setup();
    await loadLists.resolve([]);
    await search.resolve(sampleCreatorsAnswer);
    await user.click(screen.getByRole('button', { name: 'Invite AlexRivera_Live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite AlexRivera_Live' });
    // The server answers, for this creator, each campaign with whether it can take them.
    expect(loadCampaigns.inputs.at(-1)).toEqual({ creatorId: sampleCreatorCard.id });
    await loadCampaigns.resolve(sampleInviteOptions);
    const campaign = within(dialog).getByLabelText('Campaign');
    expect(
      within(campaign)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`${sampleActiveCampaign.brand}: ${sampleActiveCampaign.title}`]);
    const others = within(dialog).getByRole('region', { name: 'Not available' });
    expect(within(others).getByRole('link', { name: `${sampleActiveCampaign.brand}: Winter launch` })).toHaveAttribute(
      'href',
      '/campaigns/cmp_draft',
    );
    expect(
      within(others).getByText('Not launched yet (a draft): only an active campaign takes invitations'),
    ).toBeInTheDocument();
    expect(
      within(others).getByText('AlexRivera_Live already has an offer of this campaign (invited)'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'We love your runs!');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(sendInvitation.inputs.at(-1)).toEqual({
      campaignId: sampleActiveCampaign.id,
      creatorId: sampleCreatorCard.id,
      message: 'We love your runs!',
    });
    await sendInvitation.reject(refusal('All spots of this campaign are taken', 409));
    expect(within(dialog).getByText('All spots of this campaign are taken')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await sendInvitation.resolve(sampleInvitedOffer);
    expect(within(dialog).getByText('Invitation sent')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when no campaign can take the creator, says so and why each cannot, and offers nothing to send', async () => {
    const { search, loadLists, loadCampaigns, user } = await setup();
    await loadLists.resolve([]);
    await search.resolve(sampleCreatorsAnswer);
    await user.click(screen.getByRole('button', { name: 'Invite Lucía Juega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Lucía Juega' });
    await loadCampaigns.resolve(sampleInviteOptions.filter((option) => !option.canInvite));
    expect(within(dialog).getByText('None of your campaigns can take Lucía Juega now.')).toBeInTheDocument();
    const mine = within(dialog).getByRole('region', { name: 'Your campaigns' });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByLabelText('Campaign')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
  });

  it('without any campaign, says to launch one and offers nothing to send', async () => {
    const { search, loadLists, loadCampaigns, user } = await setup();
    await loadLists.resolve([]);
    await search.resolve(sampleCreatorsAnswer);
    await user.click(screen.getByRole('button', { name: 'Invite Lucía Juega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Lucía Juega' });
    await loadCampaigns.resolve([]);
    expect(within(dialog).getByRole('link', { name: 'Launch a campaign' })).toHaveAttribute('href', '/campaigns');
    expect(within(dialog).queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
  });

  it("the creator's offer card says an invitation is one, from that brand", async () => {
    const list = controlled<Offer[]>();
    renderScreen(
      <SponsorshipOffersScreen logic={{ offers: offersMachine.provide({ actors: { listOffers: list.logic } }) }} />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    await list.resolve([
      creatorOffer('off_invited', 'invited', { origin: 'invitation', title: 'Invited run' }),
      creatorOffer('off_matched', 'invited', { brand: 'Pixel Gear', title: 'Matched run' }),
    ]);
    expect(screen.getByText('Invitation from Nova Energy')).toBeInTheDocument();
    expect(screen.getByText('Pixel Gear')).toBeInTheDocument();
    expect(screen.queryByText('Invitation from Pixel Gear')).not.toBeInTheDocument();
  });
});
