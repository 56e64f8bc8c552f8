// Add spots on a running campaign's page (issue 48 item 6; docs/product.md §Money), replayed along addSpots' recorded
// paths on the real page: the sample campaign, active, with the pay and spots the path's input names.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CampaignAction } from '@/contract/marketplace';
import type { AdvertiserChecklist, Campaign, Offer, ThreadMessage } from '@/contract';
import { addSpotsMachine, spotsToAdd } from '@/machines/marketplace/addSpots.machine';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { formatMoney } from '@/src/common/format';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { preloadAlertDialogPanel } from '@/src/ui/AlertDialog';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type Input = { campaignId: string; payCents: number; spots: number };

const card = () => screen.getByRole('region', { name: 'Spots', hidden: true });
const dialog = () => screen.queryByRole('alertdialog', { name: 'Add spots to this campaign?' });
/** A figure of the dialog, by its term. */
const figure = (term: string) => within(dialog()!).getByText(term).nextElementSibling?.textContent;

walkScreens('addSpots', {
  async mount(input) {
    const { campaignId, payCents, spots } = input as Input;
    const campaign: Campaign = { ...sampleCampaign, id: campaignId, payCents, spots, status: 'active' };
    const load = controlled<CampaignDetail, { id: string }>();
    const balance = controlled<LaunchFunds>();
    const add = controlled<Campaign, { id: string; spots: number; from: number }>();
    await act(() => preloadAlertDialogPanel());
    renderScreen(
      <CampaignPageScreen
        logic={{
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
          thread: threadMachine.provide({
            actors: {
              loadMessages: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
              postMessage: controlled<ThreadMessage, { offerId: string; body: string }>().logic,
            },
          }),
          delivery: deliveryConfirmMachine.provide({
            actors: { confirmDelivery: controlled<Offer, { offerId: string }>().logic },
          }),
        }}
      />,
      { path: '/campaigns/:id', url: `/campaigns/${campaignId}`, jwt: 'advertiser.jwt' },
    );
    await load.resolve({ campaign, offers: [] });
    /** The campaign's spots, the count typed, the balance read, the refusal shown, the requests ended. */
    const seen = {
      spots,
      count: '1',
      balance: undefined as LaunchFunds | null | undefined,
      refusal: null as string | null,
      /** Requests answered (or, for a balance read, dropped with its dialog). */
      settled: { balance: 0, add: 0 },
    };
    return {
      payCents,
      balance,
      add,
      seen,
      gestures: {
        'spots.open': () => {
          Object.assign(seen, { count: '1', balance: undefined, refusal: null });
          fireEvent.click(within(card()).getByRole('button', { name: 'Add Spots' }));
        },
        // No, Not Now; while the balance is read (the buttons wait), Escape.
        'spots.close': () => {
          const no = within(dialog()!).getByRole('button', { name: 'No, Not Now' });
          if (no.hasAttribute('disabled')) {
            seen.settled.balance += 1;
            fireEvent.keyDown(dialog()!, { key: 'Escape' });
          } else fireEvent.click(no);
        },
        'count.change': ({ value }) => {
          Object.assign(seen, { count: value, refusal: null });
          fireEvent.change(within(dialog()!).getByLabelText('Spots to add'), { target: { value } });
        },
        'spots.confirm': () => {
          seen.refusal = null;
          fireEvent.click(within(dialog()!).getByRole('button', { name: 'Yes, Add Spots' }));
        },
        'xstate.done.actor.loadBalance': async ({ output }) => {
          seen.settled.balance += 1;
          seen.balance = output;
          await balance.resolve(output);
        },
        'xstate.error.actor.loadBalance': async ({ error }) => {
          seen.settled.balance += 1;
          seen.balance = null;
          await balance.reject(error);
        },
        'xstate.done.actor.addSpots': async ({ output }) => {
          seen.settled.add += 1;
          seen.spots = output.spots;
          await add.resolve(output);
        },
        'xstate.error.actor.addSpots': async ({ error }) => {
          seen.settled.add += 1;
          seen.refusal = (error as Error).message;
          await add.reject(error);
        },
      },
    };
  },
  states: {
    // The Spots card with the campaign's spots and budget; no dialog; nothing under way.
    closed: ({ payCents, balance, add, seen }) => {
      expect(card()).toHaveTextContent(`${seen.spots} spots, 0 taken · budget ${formatMoney(payCents * seen.spots)}`);
      expect(within(card()).getByRole('button', { name: 'Add Spots' })).toBeEnabled();
      expect(dialog()).not.toBeInTheDocument();
      expect([balance.started, add.started]).toEqual([seen.settled.balance, seen.settled.add]);
    },
    // The dialog while the balance is read: one spot's reserve, the balance unknown yet, both buttons waiting.
    'open.reading': ({ payCents, balance, add, seen }) => {
      const open = dialog()!;
      expect(balance.started).toBe(seen.settled.balance + 1);
      expect(within(open).getByLabelText('Spots to add')).toHaveValue(1);
      expect(figure('Reserved now')).toBe(formatMoney(payCents));
      expect(figure('Balance now')).toBe('…');
      expect(figure('Balance after')).toBe('…');
      expect(within(open).getByRole('button', { name: 'Yes, Add Spots' })).toBeDisabled();
      expect(within(open).getByRole('button', { name: 'No, Not Now' })).toBeDisabled();
      expect(add.started).toBe(seen.settled.add);
    },
    // The dialog asks: the count, what it reserves, the balance now and after (unknown when it could not be read),
    // the budget after; the server's refusal, if any; nothing sent.
    'open.asking': ({ payCents, balance, add, seen }) => {
      const open = dialog()!;
      expect(balance.started).toBe(seen.settled.balance);
      expect(add.started).toBe(seen.settled.add);
      const count = within(open).getByLabelText('Spots to add');
      expect(count).toBeEnabled();
      expect(count).toHaveValue(Number(seen.count));
      const added = spotsToAdd({ count: seen.count, spots: seen.spots })!;
      expect(figure('Reserved now')).toBe(formatMoney(payCents * added));
      expect(figure('Budget after')).toBe(formatMoney(payCents * (seen.spots + added)));
      if (seen.balance) {
        expect(figure('Balance now')).toBe(formatMoney(seen.balance.balanceCents));
        expect(figure('Balance after')).toBe(formatMoney(seen.balance.balanceCents - payCents * added));
      } else {
        expect(figure('Balance now')).toBe('…');
        expect(figure('Balance after')).toBe('…');
      }
      expect(within(open).getByRole('button', { name: 'Yes, Add Spots' })).toBeEnabled();
      expect(within(open).getByRole('button', { name: 'No, Not Now' })).toBeEnabled();
      const alert = within(open).queryByRole('alert');
      if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
      else expect(alert).not.toBeInTheDocument();
    },
    // The spots are on their way: the count and both buttons wait.
    'open.adding': ({ add, seen }) => {
      const open = dialog()!;
      expect(add.started).toBe(seen.settled.add + 1);
      expect(add.inputs.at(-1)).toEqual({
        id: sampleCampaign.id,
        spots: spotsToAdd({ count: seen.count, spots: seen.spots }),
        from: seen.spots,
      });
      expect(within(open).getByRole('button', { name: 'Yes, Add Spots' })).toBeDisabled();
      expect(within(open).getByRole('button', { name: 'No, Not Now' })).toBeDisabled();
      expect(within(open).getByLabelText('Spots to add')).toBeDisabled();
    },
  },
});
