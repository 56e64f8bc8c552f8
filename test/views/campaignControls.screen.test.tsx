// A campaign's controls on its page (docs/product.md §Marketplace "Advertiser workspace", "Campaign", §Advertiser
// onboarding), replayed along campaignControls' recorded paths on the real page: the sample campaign in the path's
// status, at $250 × 2 spots (the $500 the inputs reserve).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvertiserChecklist, Campaign, Offer, ThreadMessage } from '@/contract';
import type { CampaignAction, CampaignStatus } from '@/contract/marketplace';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { actionsFor, campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { sampleCampaign } from '@/machines/marketplace/samples';
import { fixtureOf } from '@/machines/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { preloadAlertDialogPanel } from '@/src/ui/AlertDialog';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type Input = { campaignId: string; status: CampaignStatus; reserveCents: number };

const LABELS: Record<CampaignAction, string> = {
  launch: 'Launch Campaign',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel Campaign',
};
const STATUS: Partial<Record<CampaignStatus, string>> = { draft: 'Draft', active: 'Active', paused: 'Paused' };

const controls = () => screen.getByRole('region', { name: 'Status', hidden: true });
const control = (action: CampaignAction) =>
  within(controls()).queryByRole('button', { name: LABELS[action], hidden: true });
const launchDialog = () => screen.queryByRole('alertdialog', { name: 'Launch this campaign?' });
const cancelDialog = () => screen.queryByRole('alertdialog', { name: 'Cancel this campaign?' });
/** A figure of the launch dialog, by its term. */
const figure = (term: string) => within(launchDialog()!).getByText(term).nextElementSibling?.textContent;

walkScreens('campaignControls', {
  async mount(input) {
    const { campaignId, status, reserveCents } = input as Input;
    const campaign: Campaign = {
      ...sampleCampaign,
      id: campaignId,
      status,
      spots: reserveCents / sampleCampaign.payCents,
    };
    const load = controlled<CampaignDetail, { id: string }>();
    const run = controlled<Campaign, { id: string; action: CampaignAction }>();
    const balance = controlled<LaunchFunds>();
    await act(() => preloadAlertDialogPanel());
    renderScreen(
      <CampaignPageScreen
        logic={{
          checklist: advertiserChecklistMachine.provide({
            actors: { loadChecklist: controlled<AdvertiserChecklist>().logic },
          }),
          detail: campaignDetailMachine.provide({ actors: { loadCampaignDetail: load.logic } }),
          controls: campaignControlsMachine.provide({
            actors: { runCampaignAction: run.logic, loadBalance: balance.logic },
          }),
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
    /** The campaign's status, the action asked for, the balance read, the refusal shown, the answers given. */
    const seen = {
      status,
      action: null as CampaignAction | null,
      balance: undefined as LaunchFunds | null | undefined,
      refusal: null as string | null,
      /** Requests answered (or, for a balance read, dropped with its dialog). */
      settled: { run: 0, balance: 0 },
    };
    return {
      reserveCents,
      run,
      balance,
      seen,
      gestures: {
        'control.run': ({ action }) => {
          Object.assign(seen, { action, refusal: null, balance: undefined });
          fireEvent.click(control(action)!);
        },
        // While the balance is read, Yes waits (the dialog's buttons are disabled): the person waits for the figures,
        // then confirms.
        'launch.confirm': async () => {
          const yes = within(launchDialog()!).getByRole('button', { name: 'Yes, Launch' });
          if (yes.hasAttribute('disabled')) {
            const figures = fixtureOf('campaignControls').events?.['xstate.done.actor.loadBalance']?.[0] as unknown as {
              output: LaunchFunds;
            };
            seen.settled.balance += 1;
            seen.balance = figures.output;
            await balance.resolve(figures.output);
          }
          fireEvent.click(within(launchDialog()!).getByRole('button', { name: 'Yes, Launch' }));
        },
        // No, Not Yet; while the balance is read (the buttons wait), Escape.
        'launch.dismiss': () => {
          const no = within(launchDialog()!).getByRole('button', { name: 'No, Not Yet' });
          if (no.hasAttribute('disabled')) {
            seen.settled.balance += 1; // the read is dropped with the dialog
            fireEvent.keyDown(launchDialog()!, { key: 'Escape' });
          } else fireEvent.click(no);
        },
        'cancel.confirm': () =>
          fireEvent.click(within(cancelDialog()!).getByRole('button', { name: 'Yes, Cancel Campaign' })),
        'cancel.dismiss': () => fireEvent.click(within(cancelDialog()!).getByRole('button', { name: 'No, Keep It' })),
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
        'xstate.done.actor.runCampaignAction': async ({ output }) => {
          seen.settled.run += 1;
          seen.status = output.status;
          await run.resolve(output);
        },
        'xstate.error.actor.runCampaignAction': async ({ error }) => {
          seen.settled.run += 1;
          seen.refusal = (error as Error).message;
          await run.reject(error);
        },
      },
    };
  },
  states: {
    // The status and the actions it allows, none busy; no confirmation; the last refusal, if any.
    idle: ({ run, balance, seen }) => {
      expect(within(controls()).getByTestId('campaign-status')).toHaveTextContent(STATUS[seen.status]!);
      for (const action of actionsFor(seen.status)) {
        expect(control(action)).toBeEnabled();
        expect(control(action)).not.toHaveAttribute('aria-busy');
      }
      expect(launchDialog()).not.toBeInTheDocument();
      expect(cancelDialog()).not.toBeInTheDocument();
      expect([run.started, balance.started]).toEqual([seen.settled.run, seen.settled.balance]);
      const alert = within(controls()).queryByRole('alert');
      if (seen.refusal) {
        expect(alert).toHaveTextContent('The campaign did not change');
        expect(alert).toHaveTextContent(seen.refusal);
      } else expect(alert).not.toBeInTheDocument();
    },
    // Cancelling asks first; nothing is sent.
    confirming: ({ run, seen }) => {
      const dialog = cancelDialog()!;
      expect(dialog).toHaveTextContent('Its open offers expire and what no creator has earned is released.');
      expect(within(dialog).getByRole('button', { name: 'Yes, Cancel Campaign' })).toBeEnabled();
      expect(run.started).toBe(seen.settled.run);
      expect(launchDialog()).not.toBeInTheDocument();
    },
    // The launch dialog while the balance is read: the reservation, the balance unknown yet, Yes waiting.
    'confirmingLaunch.reading': ({ reserveCents, run, balance, seen }) => {
      const dialog = launchDialog()!;
      expect(dialog).toHaveTextContent(`Launching reserves $${reserveCents / 100}`);
      expect(balance.started).toBe(seen.settled.balance + 1);
      expect(figure('Balance now')).toBe('…');
      expect(figure('Balance after launch')).toBe('…');
      expect(within(dialog).getByRole('button', { name: 'Yes, Launch' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'No, Not Yet' })).toBeDisabled();
      expect(run.started).toBe(seen.settled.run);
    },
    // The launch dialog asks with the balance read (or without it when it could not be read); nothing sent.
    'confirmingLaunch.asking': ({ reserveCents, run, balance, seen }) => {
      const dialog = launchDialog()!;
      expect(balance.started).toBe(seen.settled.balance);
      if (seen.balance) {
        expect(figure('Balance now')).toBe(`$${(seen.balance.balanceCents / 100).toLocaleString('en-US')}`);
        expect(figure('Balance after launch')).toBe(
          `$${((seen.balance.balanceCents - reserveCents) / 100).toLocaleString('en-US')}`,
        );
      } else {
        expect(figure('Balance now')).toBe('…');
        expect(figure('Balance after launch')).toBe('…');
      }
      expect(within(dialog).getByRole('button', { name: 'Yes, Launch' })).toBeEnabled();
      expect(within(dialog).getByRole('button', { name: 'No, Not Yet' })).toBeEnabled();
      expect(run.started).toBe(seen.settled.run);
    },
    // The action is on its way: every control waits, the one asked for busy; a confirmation stays open, waiting.
    acting: ({ run, seen }) => {
      const action = seen.action!;
      expect(run.started).toBe(seen.settled.run + 1);
      expect(run.inputs.at(-1)).toEqual({ id: sampleCampaign.id, action });
      for (const other of actionsFor(seen.status)) expect(control(other)).toBeDisabled();
      expect(control(action)).toHaveAttribute('aria-busy', 'true');
      const dialog = action === 'launch' ? launchDialog() : action === 'cancel' ? cancelDialog() : null;
      if (dialog) {
        for (const button of within(dialog).getAllByRole('button')) expect(button).toBeDisabled();
      } else {
        expect(launchDialog()).not.toBeInTheDocument();
        expect(cancelDialog()).not.toBeInTheDocument();
      }
    },
  },
});
