// The advertiser's workspace (docs/product.md §Marketplace): Company Profile sent for review, the campaign editor's checks and the cents
// it sends, the campaign page's controls (the server's refusal shown, cancel confirmed), its matched creators with
// their reasons by offer status, and an offer's thread; each through its machine with controlled actors.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdvertiserAnalytics,
  AdvertiserBalance,
  AdvertiserChecklist,
  FundingDetails,
  AdvertiserProfile,
  AdvertiserProfileInput,
  Campaign,
  CampaignInput,
  Offer,
  ThreadMessage,
} from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { advertiserProfileMachine } from '@/machines/marketplace/advertiserProfile.machine';
import { advertiserFundsMachine } from '@/machines/money/advertiserFunds.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { checklistLiveFeed } from '@/src/marketplace/advertiserChecklist';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { fundsLiveFeed } from '@/src/money/advertiserFunds';
import { publishLive } from '@/src/notifications/liveHub';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { campaignEditorMachine } from '@/machines/marketplace/campaignEditor.machine';
import { campaignListMachine } from '@/machines/marketplace/campaignList.machine';
import { catalogue } from '@/machines/index';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { messages } from '@/src/messages';
import { CampaignEditorScreen } from '@/src/marketplace/CampaignEditor';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { CampaignsScreen } from '@/src/marketplace/Campaigns';
import { campaignReachMachine } from '@/machines/analytics/campaignReach.machine';
import type { AnalyticsRange } from '@/contract/analytics';
import { sampleAdvertiserAnalytics } from '@/machines/analytics/samples';
import { CompanyProfileScreen } from '@/src/marketplace/CompanyProfile';
import { fixtures } from '@/machines/samples';
import {
  sampleAdvertiserProfile,
  sampleCampaign,
  sampleMessage,
  sampleOffer,
  sampleReply,
} from '@/machines/marketplace/samples';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('Company Profile', () => {
  function setup() {
    const load = controlled<AdvertiserProfile | null>();
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    const logic = advertiserProfileMachine.provide({
      actors: { loadAdvertiserProfile: load.logic, saveAdvertiserProfile: save.logic },
    });
    renderScreen(<CompanyProfileScreen logic={logic} />, { path: '/company-profile', jwt: 'advertiser.jwt' });
    return { load, save, user: userEvent.setup() };
  }

  it('checks a first profile field by field, sends it, and shows it waiting for approval', async () => {
    const { load, save, user } = setup();
    expect(screen.getByText('Loading company profile')).toBeInTheDocument();
    await load.resolve(null);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    expect(screen.getAllByText(messages.required)).toHaveLength(4);
    expect(save.started).toBe(0);

    await user.type(screen.getByLabelText('Company Name'), '  Nova Energy ');
    await user.type(screen.getByLabelText('Website'), 'nova-energy');
    await user.type(screen.getByLabelText('Contact Name'), 'Marta Ruiz');
    await user.type(screen.getByLabelText('Contact Email'), 'marta@nova-energy.example');
    expect(screen.getByText('Enter the web address, starting with https://')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    expect(save.started).toBe(0);

    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'https://nova-energy.example');
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    expect(save.inputs).toEqual([
      {
        companyName: 'Nova Energy',
        website: 'https://nova-energy.example',
        contactName: 'Marta Ruiz',
        contactEmail: 'marta@nova-energy.example',
        // What it promotes may stay empty here (docs/product.md §Advertiser onboarding: asked at sign-up).
        promotes: '',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Send for Review' })).toBeDisabled();

    await save.resolve(sampleAdvertiserProfile);
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Waiting for approval');
    expect(screen.getByText(/Your company profile was sent for review\./)).toBeInTheDocument();
    // What to do meanwhile: the getting-started checklist (issue 48 item 20).
    expect(screen.getByRole('link', { name: 'Next steps: Getting started on Campaigns' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    expect(screen.getByText('https://nova-energy.example')).toBeInTheDocument();
    expect(screen.getByText('Promotes').nextSibling).toHaveTextContent(sampleAdvertiserProfile.promotes);
  });

  it('shows a rejection with its reason and resends the corrected profile', async () => {
    const { load, save, user } = setup();
    await load.resolve({
      ...sampleAdvertiserProfile,
      status: 'rejected',
      rejectionReason: 'The website does not load.',
    });
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Rejected');
    expect(screen.getByText('The website does not load.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit and Resend' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Nova Energy');
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'https://nova.example');
    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    expect(save.inputs.at(-1)?.website).toBe('https://nova.example');

    await save.reject(new Error('Too many requests'));
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveValue('https://nova.example');

    await user.click(screen.getByRole('button', { name: 'Send for Review' }));
    await save.resolve({ ...sampleAdvertiserProfile, website: 'https://nova.example' });
    expect(screen.getByTestId('verification-status')).toHaveTextContent('Waiting for approval');
    expect(screen.queryByText('The website does not load.')).not.toBeInTheDocument();
  });
});

describe('Company Profile along generated paths', () => {
  const paths = generatePaths(catalogue.advertiserProfile, fixtures.advertiserProfile);
  const labels = {
    companyName: 'Company Name',
    website: 'Website',
    contactName: 'Contact Name',
    contactEmail: 'Contact Email',
    promotes: 'What do you want to promote?',
  } as const;

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const load = controlled<AdvertiserProfile | null>();
    const save = controlled<AdvertiserProfile, AdvertiserProfileInput>();
    const logic = advertiserProfileMachine.provide({
      actors: { loadAdvertiserProfile: load.logic, saveAdvertiserProfile: save.logic },
    });
    renderScreen(<CompanyProfileScreen logic={logic} />, { path: '/company-profile', jwt: 'advertiser.jwt' });
    let profile: AdvertiserProfile | null = null;

    const gestures = {
      'xstate.done.actor.loadAdvertiserProfile': async ({ output }) => {
        profile = output;
        await load.resolve(output);
      },
      'xstate.error.actor.loadAdvertiserProfile': () => load.reject(new Error('Service unavailable')),
      'profile.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      'profile.edit': () => fireEvent.click(screen.getByRole('button', { name: /^Edit/ })),
      'profile.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
      'profile.submit': () => fireEvent.click(screen.getByRole('button', { name: /^(Send for Review|Save)$/ })),
      'field.change': ({ field, value }) =>
        fireEvent.change(screen.getByLabelText(labels[field]), { target: { value } }),
      'xstate.done.actor.saveAdvertiserProfile': async ({ output }) => {
        profile = output;
        await save.resolve(output);
      },
      'xstate.error.actor.saveAdvertiserProfile': () => save.reject(new Error('Too many requests')),
    } satisfies Gestures<typeof advertiserProfileMachine>;
    await perform(gestures, path.events);

    const last = path.events.at(-1)!.type;
    if (path.expected === 'loading') expect(screen.getByText('Loading company profile')).toBeInTheDocument();
    else if (path.expected === 'failed') expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
    else if (path.expected === 'viewing') {
      expect(screen.getByTestId('verification-status')).toHaveTextContent(
        { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' }[profile!.status],
      );
      expect(screen.getByText(profile!.companyName)).toBeInTheDocument();
      expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
    } else if (path.expected === 'saving') {
      expect(screen.getByRole('button', { name: /^(Send for Review|Save)$/ })).toBeDisabled();
      expect(save.started).toBeGreaterThan(0);
    } else {
      expect(path.expected).toBe('editing');
      expect(screen.getByLabelText('Company Name')).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Cancel' }) !== null).toBe(profile !== null);
      if (last === 'xstate.error.actor.saveAdvertiserProfile')
        expect(screen.getByText('Too many requests')).toBeInTheDocument();
    }
  });
});

/** The checklist as GET /api/advertiser/checklist answers it. */
function checklistLogic() {
  const load = controlled<AdvertiserChecklist>();
  return { load, logic: advertiserChecklistMachine.provide({ actors: { loadChecklist: load.logic } }) };
}

describe('Campaigns', () => {
  /** Funds as GET /api/advertiser/balance answers them. */
  function fundsLogic(
    funds: AdvertiserBalance = {
      balanceCents: 0,
      reservedCents: 0,
      refundingCents: 0,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
      deposits: [],
      cardDeposits: [],
    },
  ) {
    const load = controlled<AdvertiserBalance>();
    return { load, funds, logic: advertiserFundsMachine.provide({ actors: { loadFunds: load.logic } }) };
  }

  /** Reach as GET /api/analytics answers an advertiser. */
  function reachLogic() {
    const load = controlled<AdvertiserAnalytics, { range: AnalyticsRange }>();
    return { load, logic: campaignReachMachine.provide({ actors: { loadReach: load.logic } }) };
  }

  it('says when there are none, and lists each campaign with status, pay, spots and offers', async () => {
    const load = controlled<Campaign[]>();
    const logic = campaignListMachine.provide({ actors: { loadCampaigns: load.logic } });
    const funds = fundsLogic();
    const first = renderScreen(
      <CampaignsScreen
        logic={{ list: logic, funds: funds.logic, reach: reachLogic().logic, checklist: checklistLogic().logic }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    expect(screen.getByRole('link', { name: 'New Campaign' })).toHaveAttribute('href', '/campaigns/new');
    await load.resolve([]);
    expect(screen.getByText(/No campaigns yet\./)).toBeInTheDocument();
    first.unmount();

    const again = controlled<Campaign[]>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: again.logic } }),
          funds: fundsLogic().logic,
          reach: reachLogic().logic,
          checklist: checklistLogic().logic,
        }}
      />,
      { path: '/campaigns', jwt: 'a.jwt' },
    );
    await again.resolve([
      {
        ...sampleCampaign,
        status: 'active',
        offers: { ...sampleCampaign.offers, invited: 4, info_requested: 1, accepted: 2 },
      },
    ]);
    const card = screen.getByRole('listitem');
    expect(within(card).getByRole('link', { name: sampleCampaign.title })).toHaveAttribute('href', '/campaigns/cmp_1');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('$250')).toBeInTheDocument();
    expect(within(card).getByText('5')).toBeInTheDocument(); // open offers
    expect(within(card).getByText('2 of 3')).toBeInTheDocument(); // accepted of spots
  });

  it('shows the funds: balance, reserved, the latest deposits; a failed load offers Try again; money news reads them again', async () => {
    const list = controlled<Campaign[]>();
    const funds = fundsLogic();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: list.logic } }),
          funds: funds.logic.provide({ actors: { liveFeed: fundsLiveFeed } }),
          reach: reachLogic().logic,
          checklist: checklistLogic().logic,
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    expect(screen.getByText('Loading funds')).toBeInTheDocument();
    await funds.load.reject(new Error('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('The funds could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await funds.load.resolve({
      balanceCents: 1_250_000,
      reservedCents: 75_000,
      refundingCents: 0,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
      cardDeposits: [],
      deposits: [
        { id: '1', amountCents: 1_325_000, reference: 'Wire NOVA-0001', createdAt: '2026-11-02T10:00:00.000Z' },
      ],
    });
    const card = screen.getByRole('region', { name: 'Funds' });
    expect(within(card).getByText('Balance').nextSibling).toHaveTextContent('$12,500');
    expect(within(card).getByText('Reserved by campaigns').nextSibling).toHaveTextContent('$750');
    expect(within(card).getByRole('list', { name: 'Latest deposits' })).toHaveTextContent(
      'Nov 2, 2026: $13,250 · Wire NOVA-0001',
    );
    const base = {
      id: 9,
      title: 't',
      text: 't',
      offerId: null,
      link: null,
      read: false,
      createdAt: '2026-11-24T10:00:00.000Z',
      locale: 'en' as const,
    };
    act(() => publishLive({ ...base, type: 'thread.message' }));
    expect(funds.load.started).toBe(2);
    act(() => publishLive({ ...base, type: 'funds.deposited' }));
    expect(funds.load.started).toBe(3);
  });
});

describe('Campaigns: getting started, and how to add funds (docs/product.md §Advertiser onboarding)', () => {
  const fresh: AdvertiserChecklist = {
    profile: 'missing',
    fundsCents: 0,
    campaigns: 0,
    draftId: null,
    launched: false,
  };

  function setup() {
    const checklist = checklistLogic();
    const funds = controlled<AdvertiserBalance>();
    const transfer = controlled<FundingDetails>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
          funds: advertiserFundsMachine.provide({ actors: { loadFunds: funds.logic, loadTransfer: transfer.logic } }),
          reach: campaignReachMachine.provide({
            actors: { loadReach: controlled<AdvertiserAnalytics, { range: AnalyticsRange }>().logic },
          }),
          checklist: checklist.logic.provide({ actors: { liveFeed: checklistLiveFeed } }),
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    return { checklist: checklist.load, funds, transfer, user: userEvent.setup() };
  }

  /** Each step: its title, its state, its link (if any), and whether it is the one to act on now. */
  const steps = () =>
    within(screen.getByRole('list', { name: 'Getting started' }))
      .getAllByRole('listitem')
      .map((item) => ({
        text: item.textContent,
        link: within(item).queryByRole('link')?.getAttribute('href') ?? null,
        current: item.getAttribute('aria-current') === 'step',
      }));

  it('a new advertiser sees the order of things: company profile first, each step with its state and where to do it', async () => {
    const { checklist } = setup();
    expect(screen.getByText('Loading checklist')).toBeInTheDocument();
    await checklist.resolve(fresh);
    expect(screen.getByRole('region', { name: 'Getting started' })).toHaveTextContent(
      'Your first campaign launches once these are done, in this order.',
    );
    expect(steps()).toEqual([
      { text: expect.stringMatching(/^Send your company profileTo do/), link: '/company-profile', current: true },
      { text: expect.stringMatching(/^Castbridge approves itTo do.*approved/), link: null, current: false },
      { text: expect.stringMatching(/^Add fundsTo do/), link: '#funds', current: false },
      { text: expect.stringMatching(/^Create a campaignTo do/), link: '/campaigns/new', current: false },
      { text: expect.stringMatching(/^Launch itTo do/), link: null, current: false },
    ]);
  });

  it('follows the review, the deposit, the draft and the launch; live news reads it again; gone after the first launch', async () => {
    const { checklist } = setup();
    await checklist.resolve({ ...fresh, profile: 'pending' });
    expect(steps().slice(0, 2)).toEqual([
      { text: expect.stringMatching(/^Send your company profileDone/), link: null, current: false },
      { text: expect.stringMatching(/^Castbridge approves itWaiting for review/), link: null, current: true },
    ]);
    const base = {
      id: 9,
      title: 't',
      text: 't',
      offerId: null,
      link: null,
      read: false,
      createdAt: '',
      locale: 'en' as const,
    };
    act(() => publishLive({ ...base, type: 'thread.message' }));
    expect(checklist.started).toBe(1);
    act(() => publishLive({ ...base, type: 'advertiser.rejected' }));
    expect(checklist.started).toBe(2);
    await checklist.resolve({ ...fresh, profile: 'rejected' });
    expect(steps()[1]).toEqual({
      text: expect.stringMatching(/^Castbridge approves itNot approved/),
      link: '/company-profile',
      current: true,
    });
    act(() => publishLive({ ...base, type: 'advertiser.approved' }));
    await checklist.resolve({ ...fresh, profile: 'approved' });
    expect(steps()[2]).toEqual({ text: expect.stringMatching(/^Add fundsTo do/), link: '#funds', current: true });
    act(() => publishLive({ ...base, type: 'funds.deposited' }));
    await checklist.resolve({ ...fresh, profile: 'approved', fundsCents: 500_000, campaigns: 1, draftId: 'cmp_1' });
    expect(steps().slice(2)).toEqual([
      { text: expect.stringMatching(/^Add fundsDone/), link: null, current: false },
      { text: expect.stringMatching(/^Create a campaignDone/), link: null, current: false },
      { text: expect.stringMatching(/^Launch itTo do/), link: '/campaigns/cmp_1', current: true },
    ]);
    act(() => publishLive({ ...base, type: 'funds.deposited' }));
    await checklist.resolve({ profile: 'approved', fundsCents: 500_000, campaigns: 1, draftId: null, launched: true });
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('a failed re-read keeps the steps as they were, and the next news reads them again', async () => {
    const { checklist } = setup();
    await checklist.resolve({ ...fresh, profile: 'pending' });
    const base = {
      id: 9,
      title: 't',
      text: 't',
      offerId: null,
      link: null,
      read: false,
      createdAt: '',
      locale: 'en' as const,
    };
    act(() => publishLive({ ...base, type: 'advertiser.approved' }));
    await checklist.reject(new Error('Failed to fetch'));
    expect(steps()[1]).toEqual({
      text: expect.stringMatching(/^Castbridge approves itWaiting for review/),
      link: null,
      current: true,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => publishLive({ ...base, type: 'advertiser.approved' }));
    expect(checklist.started).toBe(3);
    await checklist.resolve({ ...fresh, profile: 'approved' });
    expect(steps()[2]).toEqual({ text: expect.stringMatching(/^Add fundsTo do/), link: '#funds', current: true });
  });

  it('a failed read offers Try again', async () => {
    const { checklist, user } = setup();
    await checklist.reject(new Error('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('The checklist could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await checklist.resolve(fresh);
    expect(screen.getByRole('list', { name: 'Getting started' })).toBeInTheDocument();
  });

  it('Funds shows the advertiser’s transfer reference and the operator’s bank details, or where to ask for them', async () => {
    const { funds, transfer, checklist } = setup();
    await checklist.resolve({ ...fresh, profile: 'approved' });
    await funds.resolve({
      balanceCents: 0,
      reservedCents: 0,
      refundingCents: 0,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
      deposits: [],
      cardDeposits: [],
    });
    const card = within(screen.getByRole('region', { name: 'Funds' }));
    expect(card.queryByText('Your transfer reference')).not.toBeInTheDocument();
    await transfer.resolve({
      reference: 'CB-7KQ4-M2XD',
      instructions: 'Example Bank · Castbridge Ltd\nIBAN GB33 BUKB 2020 1555 5555 55',
    });
    expect(card.getByRole('heading', { name: 'Add funds by bank transfer' })).toBeInTheDocument();
    expect(card.getByText('Your transfer reference').nextSibling).toHaveTextContent('CB-7KQ4-M2XD');
    expect(card.getByText(/Write this reference on the transfer/)).toBeInTheDocument();
    expect(card.getByText('Send it to').nextSibling).toHaveTextContent(
      'Example Bank · Castbridge Ltd IBAN GB33 BUKB 2020 1555 5555 55',
    );
    // The checklist's funds step leads here.
    expect(screen.getByRole('region', { name: 'Funds' })).toHaveAttribute('id', 'funds');
  });

  it('Funds without published bank details says to ask support, quoting the reference', async () => {
    const { funds, transfer } = setup();
    await funds.resolve({
      balanceCents: 0,
      reservedCents: 0,
      refundingCents: 0,
      disputedCents: 0,
      owedCents: 0,
      owedDispute: null,
      deposits: [],
      cardDeposits: [],
    });
    await transfer.resolve({ reference: 'CB-7KQ4-M2XD', instructions: null });
    const card = within(screen.getByRole('region', { name: 'Funds' }));
    expect(card.getByText(/Castbridge has not published its bank details yet/)).toHaveTextContent(
      'ask for them in Help and Support, quoting your reference.',
    );
    expect(card.getByRole('link', { name: 'Help and Support' })).toHaveAttribute('href', '/help-and-support');
  });
});

describe('Campaigns: reach per campaign (docs/product.md §Analytics)', () => {
  // The card loads lazily; its module is loaded once here.
  beforeAll(async () => {
    await import('@/src/analytics/CampaignReach');
  });

  it('shows creators reached, display minutes, impressions and spend of budget for a range; a range change reloads keeping the figures', async () => {
    const load = controlled<AdvertiserAnalytics, { range: AnalyticsRange }>();
    const funds = controlled<AdvertiserBalance>();
    renderScreen(
      <CampaignsScreen
        logic={{
          list: campaignListMachine.provide({ actors: { loadCampaigns: controlled<Campaign[]>().logic } }),
          funds: advertiserFundsMachine.provide({ actors: { loadFunds: funds.logic } }),
          reach: campaignReachMachine.provide({ actors: { loadReach: load.logic } }),
          checklist: checklistLogic().logic,
        }}
      />,
      { path: '/campaigns', jwt: 'advertiser.jwt' },
    );
    expect(screen.getByText('Loading campaign figures')).toBeInTheDocument();
    expect(load.inputs.at(-1)).toEqual({ range: '30d' });
    await load.resolve(sampleAdvertiserAnalytics);
    const card = screen.getByRole('region', { name: 'Reach' });
    const row = within(card).getByRole('row', { name: /Overlay week/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Nova Energy: Overlay week', '3', '180', '9,000', '$250 of $1,250']);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('radio', { name: '7 days' }));
    expect(load.inputs.at(-1)).toEqual({ range: '7d' });
    expect(within(card).getByRole('row', { name: /Overlay week/ })).toBeInTheDocument();
    await load.reject(new Error('Failed to fetch'));
    expect(within(card).getByRole('alert')).toHaveTextContent('Failed to fetch');
    expect(within(card).getByRole('row', { name: /Overlay week/ })).toBeInTheDocument();
  });
});

describe('Campaign editor', () => {
  function setup(path = '/campaigns/new', url = path) {
    const load = controlled<Campaign, { id: string }>();
    const save = controlled<Campaign, { id: string | null; input: CampaignInput }>();
    const upload = controlled<Campaign, { id: string; file: File }>();
    const logic = campaignEditorMachine.provide({
      actors: { loadCampaign: load.logic, saveCampaign: save.logic, uploadCampaignImage: upload.logic },
    });
    const view = renderScreen(<CampaignEditorScreen logic={logic} />, { path, url, jwt: 'advertiser.jwt' });
    return { load, save, upload, view, user: userEvent.setup() };
  }

  const fieldError = (label: string) => {
    const field = screen.getByLabelText(label);
    const id = field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((part) => part.endsWith('-error'));
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  it('refuses an empty title and a pay of 0, then sends the pay in cents and uploads the creative', async () => {
    const { save, upload, view, user } = setup();
    expect(screen.getByRole('heading', { name: 'New Campaign' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Brand'), 'Nova Energy');
    await user.type(screen.getByLabelText('Pay per Creator'), '0');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(fieldError('Title')).toBe(messages.required);
    expect(fieldError('Pay per Creator')).toBe('The pay must be at least $1.00.');
    expect(save.started).toBe(0);

    await user.type(screen.getByLabelText('Title'), 'Power your late-night streams');
    await user.clear(screen.getByLabelText('Pay per Creator'));
    await user.type(screen.getByLabelText('Pay per Creator'), '250.50');
    await user.clear(screen.getByLabelText('Spots'));
    await user.type(screen.getByLabelText('Spots'), '3');
    await user.click(screen.getByRole('checkbox', { name: 'Twitch' }));
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    // The country list loads after the form.
    await user.selectOptions(await screen.findByLabelText('Countries'), 'Mexico');
    await user.selectOptions(screen.getByLabelText('Countries'), 'Canada');
    await user.click(screen.getByRole('button', { name: 'Remove Canada' }));
    await user.type(screen.getByLabelText('Content Categories'), 'Gaming, speedruns, gaming');
    await user.type(screen.getByLabelText('Overlay Minutes'), '120');
    await user.type(screen.getByLabelText('Disclosure'), 'Sponsored by Nova Energy');
    // Required by default, with what it means.
    const requires = screen.getByRole('checkbox', { name: 'Require disclosure (#ad)' });
    expect(requires).toBeChecked();
    expect(requires).toHaveAccessibleDescription(
      "Minutes count only while the stream is marked as sponsored: Twitch's Branded Content, YouTube's paid promotion, or #ad / #sponsored as a word of its own in the title.",
    );
    fireEvent.change(screen.getByLabelText('Starts On'), { target: { value: '2025-07-31' } });
    fireEvent.change(screen.getByLabelText('Ends On'), { target: { value: '2025-07-01' } });
    expect(fieldError('Title')).toBeUndefined();
    expect(fieldError('Ends On')).toBe('The window must not end before it starts.');
    fireEvent.change(screen.getByLabelText('Starts On'), { target: { value: '2025-07-01' } });
    fireEvent.change(screen.getByLabelText('Ends On'), { target: { value: '2025-07-31' } });
    await user.upload(screen.getByLabelText('Choose Image'), new File(['png'], 'creative.png', { type: 'image/png' }));
    expect(screen.getByTestId('campaign-creative')).toHaveAttribute('src', 'blob:test-1');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs).toEqual([
      {
        id: null,
        input: {
          brand: 'Nova Energy',
          title: 'Power your late-night streams',
          description: '',
          payCents: 25_050,
          spots: 3,
          targeting: {
            platforms: ['Twitch'],
            languages: ['English'],
            countries: ['Mexico'],
            categories: ['Gaming', 'speedruns'],
            minAvgViewers: null,
          },
          deliverable: {
            minutes: 120,
            startsOn: '2025-07-01',
            endsOn: '2025-07-31',
            disclosure: 'Sponsored by Nova Energy',
            requiresDisclosure: true,
            // The deliverables beyond the overlay (docs/product.md §Deliverables): none asked here; a flat fee.
            overlay: true,
            link: null,
            chat: null,
            promo: null,
          },
          perClickCents: null,
          // Matching on unless switched off (issue 48 item 6).
          autoMatch: true,
        },
      },
    ]);
    await save.resolve({ ...sampleCampaign, payCents: 25_050 });
    expect(upload.inputs.map((input) => [input.id, input.file.name])).toEqual([['cmp_1', 'creative.png']]);
    await upload.resolve({ ...sampleCampaign, image: '/uploads/creative.png' });
    expect(view.location()).toBe('/campaigns/cmp_1');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test-1');
  });

  it('edits a draft with its pay shown in dollars, and refuses to edit a launched campaign', async () => {
    const { load, save, user } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    expect(load.inputs).toEqual([{ id: 'cmp_1' }]);
    await load.resolve(sampleCampaign);
    expect(screen.getByLabelText('Pay per Creator')).toHaveValue('250');
    expect(screen.getByRole('checkbox', { name: 'Twitch' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[0]?.id).toBe('cmp_1');
    expect(save.inputs[0]?.input.payCents).toBe(25_000);
    await save.reject(new Error('Only draft campaigns can be edited'));
    expect(screen.getByText('Only draft campaigns can be edited')).toBeInTheDocument();
  });

  it('Require disclosure (#ad) shows the draft’s choice and sends the one made', async () => {
    const { load, save, user } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    await load.resolve({
      ...sampleCampaign,
      deliverable: { ...sampleCampaign.deliverable, requiresDisclosure: false },
    });
    const requires = screen.getByRole('checkbox', { name: 'Require disclosure (#ad)' });
    expect(requires).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[0]?.input.deliverable.requiresDisclosure).toBe(false);
    await save.reject(new Error('Try again'));
    await user.click(requires);
    expect(requires).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[1]?.input.deliverable.requiresDisclosure).toBe(true);
  });

  it('says what Launch still needs, only while it is missing: a description, a platform, a language (issue 48 item 9)', async () => {
    const { load, user } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    await load.resolve(sampleCampaign);
    // Everything is there: nothing is said about launching.
    expect(screen.queryByText(/launching needs/i)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Description'));
    expect(screen.getByText(/A draft saves without it; launching needs it\./)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(screen.getByText('Launching needs at least one language.')).toBeInTheDocument();
    expect(screen.queryByText('Launching needs at least one platform.')).not.toBeInTheDocument();
  });

  it('does not offer the form for a campaign that is no longer a draft', async () => {
    const { load } = setup('/campaigns/:id/edit', '/campaigns/cmp_1/edit');
    await load.resolve({ ...sampleCampaign, status: 'active' });
    expect(screen.getByText('Only drafts can be edited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
  });
});

describe('Campaign page', () => {
  function setup() {
    const load = controlled<CampaignDetail, { id: string }>();
    const run = controlled<Campaign, { id: string; action: CampaignAction }>();
    const balance = controlled<LaunchFunds>();
    const list = controlled<ThreadPage, { offerId: string; before: string | null }>();
    const post = controlled<ThreadMessage, { offerId: string; body: string }>();
    const confirm = controlled<Offer, { offerId: string }>();
    const checklist = checklistLogic();
    const logic = {
      checklist: checklist.logic,
      detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
      controls: campaignControlsMachine.provide({
        actors: { runCampaignAction: run.logic, loadBalance: balance.logic },
      }),
      thread: threadMachine.provide({ actors: { loadMessages: list.logic, postMessage: post.logic } }),
      delivery: deliveryConfirmMachine.provide({ actors: { confirmDelivery: confirm.logic } }),
    };
    const view = renderScreen(<CampaignPageScreen logic={logic} />, {
      path: '/campaigns/:id',
      url: '/campaigns/cmp_1',
      jwt: 'advertiser.jwt',
    });
    return { load, run, balance, list, post, confirm, checklist: checklist.load, view, user: userEvent.setup() };
  }

  it('a draft’s status line says only what it still needs before Launch (issue 48 item 9)', async () => {
    const { load, checklist } = setup();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const ready: Campaign = {
      ...sampleCampaign,
      deliverable: { ...sampleCampaign.deliverable, endsOn: later },
    };
    const approved: AdvertiserChecklist = {
      profile: 'approved',
      fundsCents: 0,
      campaigns: 1,
      draftId: 'cmp_1',
      launched: false,
    };
    await load.resolve({
      campaign: { ...ready, description: ' ', targeting: { ...ready.targeting, languages: [] } },
      offers: [],
    });
    await checklist.resolve(approved);
    const line = screen.getByTestId('launch-needs');
    expect(line).toHaveTextContent(/^Before launching: choose a broadcasting language and describe the campaign\.$/);
    expect(line).not.toHaveTextContent(/approved|platform/);
  });

  it('a draft with everything a launch needs says so; a profile in review is the one thing named', async () => {
    const { load, checklist } = setup();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await load.resolve({
      campaign: { ...sampleCampaign, deliverable: { ...sampleCampaign.deliverable, endsOn: later } },
      offers: [],
    });
    await checklist.resolve({ profile: 'pending', fundsCents: 0, campaigns: 1, draftId: 'cmp_1', launched: false });
    expect(screen.getByTestId('launch-needs')).toHaveTextContent(
      /^Before launching: wait for Castbridge to approve your company profile\.$/,
    );
  });

  it('a draft whose needs are all met reads Ready to launch', async () => {
    const { load, checklist } = setup();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await load.resolve({
      campaign: { ...sampleCampaign, deliverable: { ...sampleCampaign.deliverable, endsOn: later } },
      offers: [],
    });
    await checklist.resolve({ profile: 'approved', fundsCents: 0, campaigns: 1, draftId: 'cmp_1', launched: false });
    expect(screen.getByTestId('launch-needs')).toHaveTextContent(/^Ready to launch\.$/);
  });

  it('confirms an accepted offer’s delivery after asking; a refusal keeps the dialog; the page reads its offers again', async () => {
    const { load, confirm, user } = setup();
    const accepted = { ...sampleOffer, status: 'accepted' as const };
    await load.resolve({ campaign: { ...sampleCampaign, status: 'active' }, offers: [accepted] });
    const card = within(screen.getByRole('list', { name: 'Accepted' }));
    // Its proof of display (docs/product.md §The overlay for OBS) is one click away.
    expect(card.getByRole('link', { name: 'Proof of display' })).toHaveAttribute('href', '/offers/off_1/proof');
    await user.click(card.getByRole('button', { name: 'Confirm Delivery' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Confirm delivery?' });
    expect(dialog).toHaveTextContent(
      `Ana García delivered "${sampleOffer.title}": they are paid $250 from this campaign's reservation.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'No, Not Yet' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(confirm.started).toBe(0);

    await user.click(card.getByRole('button', { name: 'Confirm Delivery' }));
    dialog = screen.getByRole('alertdialog', { name: 'Confirm delivery?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Confirm Delivery' }));
    expect(confirm.inputs).toEqual([{ offerId: 'off_1' }]);
    await confirm.reject(new Error("This campaign's reservation does not cover the pay; contact Castbridge support"));
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent(
      'reservation does not cover the pay',
    );

    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, Confirm Delivery' }));
    const completed = {
      ...accepted,
      status: 'completed' as const,
      completedAt: '2026-11-24T10:00:00.000Z',
      earnedCents: 25_000,
    };
    await confirm.resolve(completed);
    await act(async () => {});
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(load.started).toBe(2);
    await load.resolve({ campaign: { ...sampleCampaign, status: 'active' }, offers: [completed] });
    const done = within(screen.getByRole('list', { name: 'Completed' }));
    expect(done.getByText('Delivered Nov 24, 2026: paid $250')).toBeInTheDocument();
    expect(done.queryByRole('button', { name: 'Confirm Delivery' })).not.toBeInTheDocument();
    expect(done.getByRole('link', { name: 'Proof of display' })).toBeInTheDocument();
  });

  /** Launch Campaign, then Yes in its confirmation (the balance read first). */
  async function launch(user: ReturnType<typeof userEvent.setup>, balance: ReturnType<typeof controlled<LaunchFunds>>) {
    await user.click(screen.getByRole('button', { name: 'Launch Campaign' }));
    await balance.resolve({ balanceCents: 1_250_000, owedCents: 0, owedDispute: null });
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Launch this campaign?' })).getByRole('button', {
        name: 'Yes, Launch',
      }),
    );
  }

  it('asks before launching, with the amount reserved and the balance after; No launches nothing', async () => {
    const { load, run, balance, view, user } = setup();
    // Pay $250 × 3 spots.
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Launch Campaign' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Launch this campaign?' });
    expect(dialog).toHaveTextContent('Launching reserves $750 ($250 × 3 spots) from your balance');
    const figures = () =>
      within(screen.getByRole('alertdialog'))
        .getAllByRole('definition')
        .map((value) => value.textContent);
    // While the balance is read, the figures wait and Yes is not offered yet.
    expect(figures()).toEqual(['$750', '…', '…']);
    expect(within(dialog).getByRole('button', { name: 'Yes, Launch' })).toBeDisabled();
    expect(balance.started).toBe(1);
    await balance.resolve({ balanceCents: 1_250_000, owedCents: 0, owedDispute: null });
    expect(figures()).toEqual(['$750', '$12,500', '$11,750']);
    await user.click(within(dialog).getByRole('button', { name: 'No, Not Yet' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(run.started).toBe(0);

    // A balance that does not cover it is said before anything is sent, and the dialog offers Add Funds instead of a
    // launch that would be refused (issue 48 item 10).
    await user.click(screen.getByRole('button', { name: 'Launch Campaign' }));
    await balance.resolve({ balanceCents: 30_000, owedCents: 0, owedDispute: null });
    dialog = screen.getByRole('alertdialog', { name: 'Launch this campaign?' });
    expect(figures()).toEqual(['$750', '$300', 'Not enough']);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your balance does not cover this reservation: add funds first, or lower the pay or the spots.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Yes, Launch' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    expect(run.started).toBe(0);
    expect(view.location()).toBe('/campaigns#funds');
  });

  it("shows the server's message when a launch is refused, and launches once allowed", async () => {
    const { load, run, balance, user } = setup();
    expect(load.inputs).toEqual([{ id: 'cmp_1' }]);
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    expect(
      screen.getByText('No matched creators yet. Creators are matched when the campaign is launched.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Draft');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    await launch(user, balance);
    expect(run.inputs).toEqual([{ id: 'cmp_1', action: 'launch' }]);
    await run.reject(new Error('Your company profile is waiting for approval.'));
    await act(async () => {});
    expect(screen.getByRole('alert')).toHaveTextContent('Your company profile is waiting for approval.');
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Draft');

    await launch(user, balance);
    await run.resolve({ ...sampleCampaign, status: 'active' });
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Active');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('a card dispute that left money owed is named in the launch confirmation, before anything is sent', async () => {
    const { load, run, balance, view, user } = setup();
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Launch Campaign' }));
    await balance.resolve({ balanceCents: 0, owedCents: 330, owedDispute: 'open' });
    const dialog = screen.getByRole('alertdialog', { name: 'Launch this campaign?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A card payment of yours is disputed: $3.30 is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No, Not Yet' }));
    await user.click(screen.getByRole('button', { name: 'Launch Campaign' }));
    await balance.resolve({ balanceCents: 0, owedCents: 629, owedDispute: 'lost' });
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent(
      'A card payment of yours was disputed and the bank took it back: $6.29 is owed to Castbridge.',
    );
    // A launch that would be refused is not offered: the action is Add Funds (issue 48 item 10).
    const dialog2 = screen.getByRole('alertdialog');
    expect(within(dialog2).queryByRole('button', { name: 'Yes, Launch' })).not.toBeInTheDocument();
    await user.click(within(dialog2).getByRole('button', { name: 'Add Funds' }));
    expect(run.started).toBe(0);
    expect(view.location()).toBe('/campaigns#funds');
  });

  it('shows whether the campaign requires disclosure', async () => {
    const { load } = setup();
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    const term = screen.getByText('Require disclosure (#ad)', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(
      'Yes: minutes count only while the stream is marked as sponsored',
    );
  });

  it('asks before cancelling', async () => {
    const { load, run, user } = setup();
    await load.resolve({ campaign: { ...sampleCampaign, status: 'paused' }, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Cancel Campaign' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this campaign?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, Keep It' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(run.started).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Cancel Campaign' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, Cancel Campaign' }));
    expect(run.inputs).toEqual([{ id: 'cmp_1', action: 'cancel' }]);
    await run.resolve({ ...sampleCampaign, status: 'cancelled' });
    await act(async () => {});
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel Campaign' })).not.toBeInTheDocument();
  });

  it('names a matched creator’s broadcasting language, which registration stores as a country', async () => {
    const { load } = setup();
    const registered = {
      ...sampleOffer,
      creator: { ...sampleOffer.creator!, country: 'United States', language: 'United States' },
    };
    await load.resolve({ campaign: { ...sampleCampaign, status: 'active' }, offers: [registered] });
    const asked = screen.getByRole('list', { name: 'Requested More Information' });
    expect(within(asked).getByText('United States · English')).toBeInTheDocument();
    expect(within(asked).queryByText('United States · United States')).not.toBeInTheDocument();
  });

  it('lists the matched creators by offer status with their reasons, and opens an offer’s thread', async () => {
    const { load, list, post, user } = setup();
    const declined = {
      ...sampleOffer,
      id: 'off_2',
      status: 'declined' as const,
      declineReason: 'Booked that month',
      messageCount: 0,
      creator: { ...sampleOffer.creator!, name: 'Leo Park' },
    };
    await load.resolve({ campaign: { ...sampleCampaign, status: 'active' }, offers: [declined, sampleOffer] });

    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Requested More Information (1)', 'Declined (1)']);
    const asked = screen.getByRole('list', { name: 'Requested More Information' });
    expect(within(asked).getByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
    const reasons = within(asked).getByRole('list', { name: 'Why Ana García matched' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Platform: Streams on Twitch', 'Language: Broadcasts in English', 'Category: Content matches "Gaming"']);
    expect(
      within(screen.getByRole('list', { name: 'Declined' })).getByText('Declined: Booked that month'),
    ).toBeInTheDocument();

    await user.click(within(asked).getByRole('button', { name: 'Messages (1)' }));
    // The thread's code loads after the page: the dialog opens once it has.
    const dialog = await screen.findByRole('dialog', { name: 'Conversation with Ana García' });
    expect(list.inputs).toEqual([{ offerId: 'off_1', before: null }]);
    await list.resolve({ messages: [sampleMessage], earlier: null });
    expect(within(dialog).getByText(sampleMessage.body)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();
    expect(post.started).toBe(0);
    await user.type(within(dialog).getByLabelText('Message'), '  Yes, any corner works. ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(post.inputs).toEqual([{ offerId: 'off_1', body: 'Yes, any corner works.' }]);
    await post.resolve(sampleReply);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining(sampleMessage.body), expect.stringContaining(sampleReply.body)]);
    expect(within(dialog).getByLabelText('Message')).toHaveValue('');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
