// Confirm Delivery on the campaign page (docs/product.md §Money "Completion"), replayed along deliveryConfirm's
// recorded paths on the real page: the flow runs as the campaign page's child, as in the app.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserChecklist, Campaign, Offer, ThreadMessage } from '@/contract';
import type { CampaignAction } from '@/contract/marketplace';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const accepted: Offer = { ...sampleOffer, status: 'accepted' };

walkScreens('deliveryConfirm', {
  async mount() {
    const load = controlled<CampaignDetail, { id: string }>();
    const confirm = controlled<Offer, { offerId: string }>();
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
          thread: threadMachine.provide({
            actors: {
              loadMessages: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
              postMessage: controlled<ThreadMessage, { offerId: string; body: string }>().logic,
            },
          }),
          delivery: deliveryConfirmMachine.provide({ actors: { confirmDelivery: confirm.logic } }),
        }}
      />,
      { path: '/campaigns/:id', url: '/campaigns/cmp_1', jwt: 'advertiser.jwt' },
    );
    await load.resolve({ campaign: { ...sampleCampaign, status: 'active' }, offers: [accepted] });
    /** What the last answer to the confirmation was: the dialog shows a refusal until the next Yes. */
    const answers = { settled: 0, refusal: null as string | null };
    const dialog = () => screen.getByRole('alertdialog', { name: 'Confirm delivery?' });
    return {
      load,
      confirm,
      answers,
      dialog,
      gestures: {
        'delivery.ask': ({ offerId }) => {
          expect(offerId).toBe(accepted.id);
          const card = within(screen.getByRole('list', { name: 'Accepted' }));
          fireEvent.click(card.getByRole('button', { name: 'Confirm Delivery' }));
        },
        'delivery.confirm': () => {
          answers.refusal = null;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, Confirm Delivery' }));
        },
        'delivery.dismiss': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'No, Not Yet' })),
        'xstate.done.actor.confirmDelivery': async ({ output }) => {
          answers.settled += 1;
          await confirm.resolve(output);
        },
        'xstate.error.actor.confirmDelivery': async ({ error }) => {
          answers.settled += 1;
          answers.refusal = (error as Error).message;
          await confirm.reject(error);
        },
      },
    };
  },
  states: {
    // No dialog; each confirmation answered has the page read its offers again (the parent heard it).
    idle: ({ confirm, load }) => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(confirm.started).toBe(load.started - 1);
    },
    // The dialog asks, names the creator and the pay, and nothing has been sent since the last answer.
    asking: ({ confirm, answers, dialog }) => {
      expect(dialog()).toHaveTextContent(
        `Ana García delivered "${accepted.title}": they are paid $250 from this campaign's reservation.`,
      );
      expect(within(dialog()).getByRole('button', { name: 'Yes, Confirm Delivery' })).toBeEnabled();
      expect(confirm.started).toBe(answers.settled);
      if (answers.refusal) expect(within(dialog()).getByRole('alert')).toHaveTextContent(answers.refusal);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    // The offer's confirmation is on its way: both buttons wait for the answer; an earlier refusal is gone.
    sending: ({ confirm, answers, dialog }) => {
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(confirm.started).toBe(answers.settled + 1);
      expect(confirm.inputs.at(-1)).toEqual({ offerId: accepted.id });
      expect(within(dialog()).getByRole('button', { name: 'Yes, Confirm Delivery' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'No, Not Yet' })).toBeDisabled();
    },
  },
});
