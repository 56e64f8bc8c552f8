// A running campaign's spots (issue 48 item 6) on the campaign page, through its machines with controlled actors: the
// Spots card says the spots, the budget and what matching does to the room for invitations; Add Spots asks first, as
// Launch does, with what the added spots reserve, the balance now and after and the budget after; a short balance
// offers Add Funds instead; the server's refusal stays in the dialog; once added the page shows the new spots. The
// draft's editor offers invitations only (matching off), saying what matching does to the room for invitations.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdvertiserChecklist, Campaign, CampaignInput } from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { addSpotsMachine } from '@/machines/marketplace/addSpots.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { campaignEditorMachine } from '@/machines/marketplace/campaignEditor.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { CampaignEditorScreen } from '@/src/marketplace/CampaignEditor';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { controlled, renderScreen } from './harness';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });
// Pay $250, 3 spots: a $750 budget.
const running: Campaign = { ...sampleCampaign, status: 'active', launchedAt: '2025-07-01T10:00:00.000Z' };

function setup() {
  const load = controlled<CampaignDetail, { id: string }>();
  const balance = controlled<LaunchFunds>();
  const add = controlled<Campaign, { id: string; spots: number; from: number }>();
  const logic = {
    checklist: advertiserChecklistMachine.provide({
      actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
    }),
    detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
    controls: campaignControlsMachine.provide({
      actors: {
        runCampaignAction: controlled<Campaign, { id: string; action: CampaignAction }>().logic,
        loadBalance: controlled<LaunchFunds>().logic,
      },
    }),
    spots: addSpotsMachine.provide({ actors: { loadBalance: balance.logic, addSpots: add.logic } }),
  };
  const view = renderScreen(<CampaignPageScreen logic={logic} />, {
    path: '/campaigns/:id',
    url: '/campaigns/cmp_1',
    jwt: 'advertiser.jwt',
  });
  return { load, balance, add, view, user: userEvent.setup() };
}

const figures = () =>
  within(screen.getByRole('alertdialog'))
    .getAllByRole('definition')
    .map((value) => value.textContent);

describe('Spots of a running campaign', () => {
  it('says the spots, the budget and what matching does to the room for invitations', async () => {
    const { load } = setup();
    await load.resolve({ campaign: running, offers: [] });
    const card = screen.getByRole('region', { name: 'Spots' });
    expect(card).toHaveTextContent('3 spots, 0 taken · budget $750');
    expect(card).toHaveTextContent(
      'Matching is on: it offers this campaign to up to 3 creators per free spot, and those offers take the room your invitations need. Add spots to invite more.',
    );
    expect(within(card).getByRole('button', { name: 'Add Spots' })).toBeInTheDocument();
  });

  it('with matching off, says only invited creators get offers', async () => {
    const { load } = setup();
    await load.resolve({ campaign: { ...running, autoMatch: false }, offers: [] });
    expect(screen.getByRole('region', { name: 'Spots' })).toHaveTextContent(
      'Matching is off: only the creators you invite get offers (up to 3 per free spot).',
    );
  });

  it('the launch confirmation says what matching will do, and how to choose the creators instead', async () => {
    const { load, user } = setup();
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Launch Campaign' }));
    expect(screen.getByRole('alertdialog', { name: 'Launch this campaign?' })).toHaveTextContent(
      'Matching is on: at launch it offers this campaign to up to 3 creators per spot, which takes the room for invitations. To choose your creators yourself, turn it off in Edit first.',
    );
  });

  it('a draft has no Spots card (its spots are edited)', async () => {
    const { load } = setup();
    await load.resolve({ campaign: sampleCampaign, offers: [] });
    expect(screen.queryByRole('region', { name: 'Spots' })).not.toBeInTheDocument();
  });

  it('asks before adding, with what it reserves, the balance now and after and the budget after; then adds', async () => {
    const { load, balance, add, user } = setup();
    await load.resolve({ campaign: running, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Add Spots' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Add spots to this campaign?' });
    expect(dialog).toHaveTextContent('Each spot reserves $250 from your balance now, as the launch did');
    // While the balance is read, the figures wait and Yes is not offered yet.
    expect(figures()).toEqual(['$250', '…', '…', '$1,000']);
    expect(within(dialog).getByRole('button', { name: 'Yes, Add Spots' })).toBeDisabled();
    await balance.resolve({ balanceCents: 100_000, owedCents: 0, owedDispute: null });
    expect(figures()).toEqual(['$250', '$1,000', '$750', '$1,000']);
    const count = within(dialog).getByLabelText('Spots to add');
    await user.clear(count);
    await user.type(count, '2');
    expect(figures()).toEqual(['$500', '$1,000', '$500', '$1,250']);

    // The server's refusal stays in the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Add Spots' }));
    expect(add.inputs.at(-1)).toEqual({ id: 'cmp_1', spots: 2, from: 3 });
    await add.reject(refusal('Owed first', 409));
    expect(within(dialog).getByText('Owed first')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Add Spots' }));
    await add.resolve({ ...running, spots: 5 });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Spots' })).toHaveTextContent('5 spots, 0 taken · budget $1,250');
  });

  it('a balance that does not cover it offers Add Funds instead', async () => {
    const { load, balance, add, view, user } = setup();
    await load.resolve({ campaign: running, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Add Spots' }));
    await balance.resolve({ balanceCents: 10_000, owedCents: 0, owedDispute: null });
    const dialog = screen.getByRole('alertdialog', { name: 'Add spots to this campaign?' });
    expect(figures()).toEqual(['$250', '$100', 'Not enough', '$1,000']);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your balance does not cover this reservation: add funds first, or add fewer spots.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Yes, Add Spots' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    expect(add.started).toBe(0);
    expect(view.location()).toBe('/campaigns#funds');
  });

  it('a count that is not a whole number from 1 says so and cannot be sent', async () => {
    const { load, balance, add, user } = setup();
    await load.resolve({ campaign: running, offers: [] });
    await user.click(screen.getByRole('button', { name: 'Add Spots' }));
    await balance.resolve({ balanceCents: 100_000, owedCents: 0, owedDispute: null });
    const dialog = screen.getByRole('alertdialog', { name: 'Add spots to this campaign?' });
    const count = within(dialog).getByLabelText('Spots to add');
    await user.clear(count);
    await user.type(count, '0');
    expect(within(dialog).getByText('A whole number from 1')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, Add Spots' })).toBeDisabled();
    expect(add.started).toBe(0);
  });
});

describe('Matching in the campaign editor', () => {
  it('is on by default, says what it does to the room for invitations, and can be switched off (invitations only)', async () => {
    const load = controlled<Campaign, { id: string }>();
    const save = controlled<Campaign, { id: string | null; input: CampaignInput }>();
    const logic = campaignEditorMachine.provide({
      actors: {
        loadCampaign: load.logic,
        saveCampaign: save.logic,
        uploadCampaignImage: controlled<Campaign, { id: string; file: File }>().logic,
      },
    });
    renderScreen(<CampaignEditorScreen logic={logic} />, {
      path: '/campaigns/:id/edit',
      url: '/campaigns/cmp_1/edit',
      jwt: 'advertiser.jwt',
    });
    const user = userEvent.setup();
    await load.resolve(sampleCampaign);
    const matching = screen.getByRole('checkbox', { name: 'Match creators automatically' });
    expect(matching).toBeChecked();
    const group = screen.getByRole('group', { name: 'Matching' });
    expect(group).toHaveTextContent(
      'Matching offers the campaign to up to 3 creators per free spot, which takes the room for invitations. Turn it off to choose your creators in Find creators.',
    );
    await user.click(matching);
    expect(group).toHaveTextContent('Only the creators you invite from Find creators get offers.');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(save.inputs[0]?.input.autoMatch).toBe(false);
  });

  it('shows a draft saved with matching off as off', async () => {
    const load = controlled<Campaign, { id: string }>();
    const logic = campaignEditorMachine.provide({
      actors: {
        loadCampaign: load.logic,
        saveCampaign: controlled<Campaign, { id: string | null; input: CampaignInput }>().logic,
        uploadCampaignImage: controlled<Campaign, { id: string; file: File }>().logic,
      },
    });
    renderScreen(<CampaignEditorScreen logic={logic} />, {
      path: '/campaigns/:id/edit',
      url: '/campaigns/cmp_1/edit',
      jwt: 'advertiser.jwt',
    });
    await load.resolve({ ...sampleCampaign, autoMatch: false });
    expect(screen.getByRole('checkbox', { name: 'Match creators automatically' })).not.toBeChecked();
  });
});
