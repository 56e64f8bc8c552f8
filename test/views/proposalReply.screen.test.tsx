// The advertiser's answer to a creator's counter-offer on the campaign page (docs/product.md §Counter-offers), replayed
// along proposalReply's recorded paths on the real page: the sample offer (Ana García's) carries the creator's open
// proposal the path's input names.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CampaignAction } from '@/contract/marketplace';
import type { AdvertiserChecklist, Campaign, Offer, ThreadMessage } from '@/contract';
import { advertiserChecklistMachine } from '@/machines/marketplace/advertiserChecklist.machine';
import { campaignControlsMachine, type LaunchFunds } from '@/machines/marketplace/campaignControls.machine';
import { campaignDetailMachine, type CampaignDetail } from '@/machines/marketplace/campaignDetail.machine';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import {
  draftFrom,
  draftProblems,
  NO_ERRORS,
  requestOf,
  type ProposalDraft,
  type ProposalErrors,
} from '@/machines/marketplace/proposalForm';
import { proposalReplyMachine, type ProposalReplyInput } from '@/machines/marketplace/proposalReply.machine';
import { sampleCampaign, sampleOffer } from '@/machines/marketplace/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { CampaignPageScreen } from '@/src/marketplace/CampaignPage';
import { controlled, renderScreen, type Gestures } from './harness';
import { problemInEnglish, termsInEnglish } from './offerDialogsTexts';
import { walkScreens } from './screens';

type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };
type Answer = { offerId: string; round: number };

const FIELDS = { pay: 'Pay (US dollars)', minutes: 'Overlay minutes (optional)', message: 'Message' } as const;
const ANSWERS = ['Accept', 'Decline', 'Counter'];
const creator = sampleOffer.creator!.name;

/** The creator's proposal on the offer's card (an open dialog hides the page from the accessibility tree). */
const reply = () => screen.getByRole('region', { name: `${creator} proposes`, hidden: true });
const answer = (name: string) => within(reply()).queryByRole('button', { name, hidden: true });
const dialog = () => screen.queryByRole('dialog', { name: 'Counter the proposal' });

async function mount(input: unknown) {
  const { offerId, proposal } = input as ProposalReplyInput;
  expect(offerId).toBe(sampleOffer.id);
  const load = controlled<CampaignDetail, { id: string }>();
  const accept = controlled<Offer, Answer>();
  const decline = controlled<Offer, Answer>();
  const propose = controlled<Offer, ProposeInput>();
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
        delivery: deliveryConfirmMachine.provide({
          actors: { confirmDelivery: controlled<Offer, { offerId: string }>().logic },
        }),
        reply: proposalReplyMachine.provide({
          actors: { acceptProposal: accept.logic, declineProposal: decline.logic, propose: propose.logic },
        }),
      }}
    />,
    { path: '/campaigns/:id', url: '/campaigns/cmp_1', jwt: 'advertiser.jwt' },
  );
  // The answer's chunk loads once an offer has an open proposal: here before the page reads its offers.
  await act(async () => {
    await import('@/src/marketplace/ProposalReply');
  });
  await load.resolve({
    campaign: { ...sampleCampaign, status: 'active' },
    offers: [{ ...sampleOffer, status: 'invited', proposal }],
  });
  await screen.findByRole('region', { name: `${creator} proposes` });
  /** The dialog's draft and checks, the refusal shown (and whether it says the balance is short), the answers given. */
  const seen = {
    draft: draftFrom(proposal.payCents) as ProposalDraft,
    errors: NO_ERRORS as ProposalErrors,
    refusal: null as string | null,
    settled: { accept: 0, decline: 0, propose: 0 },
  };
  const type = (field: keyof typeof FIELDS, value: string) => {
    seen.draft = { ...seen.draft, [field]: value };
    if (seen.errors[field]) seen.errors = { ...seen.errors, [field]: draftProblems(seen.draft)[field] };
    fireEvent.change(within(dialog()!).getByLabelText(FIELDS[field]), { target: { value } });
  };
  return {
    proposal,
    load,
    accept,
    decline,
    propose,
    seen,
    gestures: {
      'reply.accept': () => {
        seen.refusal = null;
        fireEvent.click(answer('Accept')!);
      },
      'reply.decline': () => {
        seen.refusal = null;
        fireEvent.click(answer('Decline')!);
      },
      'compose.open': () => {
        Object.assign(seen, { draft: draftFrom(proposal.payCents), errors: NO_ERRORS, refusal: null });
        fireEvent.click(answer('Counter')!);
      },
      'pay.change': ({ value }) => type('pay', value),
      'minutes.change': ({ value }) => type('minutes', value),
      'message.change': ({ value }) => type('message', value),
      'compose.submit': () => {
        seen.errors = draftProblems(seen.draft);
        if (Object.values(seen.errors).every((e) => e === null)) seen.refusal = null;
        fireEvent.click(within(dialog()!).getByRole('button', { name: 'Send counter' }));
      },
      'compose.cancel': () => {
        seen.refusal = null;
        fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
      },
      'xstate.done.actor.acceptProposal': async ({ output }) => {
        seen.settled.accept += 1;
        await accept.resolve(output);
      },
      'xstate.error.actor.acceptProposal': async ({ error }) => {
        seen.settled.accept += 1;
        seen.refusal = (error as Error).message;
        await accept.reject(error);
      },
      'xstate.done.actor.declineProposal': async ({ output }) => {
        seen.settled.decline += 1;
        await decline.resolve(output);
      },
      'xstate.error.actor.declineProposal': async ({ error }) => {
        seen.settled.decline += 1;
        seen.refusal = (error as Error).message;
        await decline.reject(error);
      },
      'xstate.done.actor.propose': async ({ output }) => {
        seen.settled.propose += 1;
        await propose.resolve(output);
      },
      'xstate.error.actor.propose': async ({ error }) => {
        seen.settled.propose += 1;
        seen.refusal = (error as Error).message;
        await propose.reject(error);
      },
    } satisfies Gestures<typeof proposalReplyMachine>,
  };
}

/** What the checks read: the mounted screen. */
type Screen = Awaited<ReturnType<typeof mount>>;

const states = (() => {
  /** The proposal's terms on the card; nothing under way since the last answer; no dialog. */
  const settledCard = ({ proposal, accept, decline, propose, seen }: Screen) => {
    expect(reply()).toHaveTextContent(termsInEnglish(proposal, sampleOffer.deliverable.minutes));
    expect(reply()).toHaveTextContent(proposal.message);
    expect(dialog()).not.toBeInTheDocument();
    expect([accept.started, decline.started, propose.started]).toEqual([
      seen.settled.accept,
      seen.settled.decline,
      seen.settled.propose,
    ]);
  };
  /** Accept, Decline and Counter offered, none busy. */
  const open = () => {
    for (const name of ANSWERS) {
      expect(answer(name)).toBeEnabled();
      expect(answer(name)).not.toHaveAttribute('aria-busy');
    }
    expect(within(reply()).queryByText('Answered.')).not.toBeInTheDocument();
  };
  /** Answered: no more answers, and the page reads its offers again. */
  const answered = (m: Screen) => {
    settledCard(m);
    for (const name of ANSWERS) expect(answer(name)).not.toBeInTheDocument();
    expect(within(reply()).getByText('Answered.')).toBeInTheDocument();
    expect(within(reply()).queryByRole('alert')).not.toBeInTheDocument();
    expect(m.load.started).toBe(2);
  };
  /** The answer on its way: all three wait, the one sent marked busy. */
  const sending = (
    busy: 'Accept' | 'Decline',
    { proposal }: Screen,
    started: number,
    settled: number,
    inputs: Answer[],
  ) => {
    expect(started).toBe(settled + 1);
    expect(inputs.at(-1)).toEqual({ offerId: sampleOffer.id, round: proposal.round });
    for (const name of ANSWERS) expect(answer(name)).toBeDisabled();
    expect(answer(busy)).toHaveAttribute('aria-busy', 'true');
    expect(dialog()).not.toBeInTheDocument();
  };
  return {
    idle: (m: Screen) => {
      settledCard(m);
      open();
      expect(within(reply()).queryByRole('alert')).not.toBeInTheDocument();
      expect(m.load.started).toBe(1);
    },
    // The balance is short: the amount missing, and the way to Funds; Accept may be tried again.
    short: (m: Screen) => {
      settledCard(m);
      open();
      const alert = within(reply()).getByRole('alert');
      expect(alert).toHaveTextContent(m.seen.refusal!);
      expect(within(alert).getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/campaigns#funds');
    },
    // Refused for another reason: the server's message, no link to Funds.
    refused: (m: Screen) => {
      settledCard(m);
      open();
      const alert = within(reply()).getByRole('alert');
      expect(alert).toHaveTextContent(m.seen.refusal!);
      expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    },
    accepting: (m: Screen) => sending('Accept', m, m.accept.started, m.seen.settled.accept, m.accept.inputs),
    declining: (m: Screen) => sending('Decline', m, m.decline.started, m.seen.settled.decline, m.decline.inputs),
    accepted: answered,
    declined: answered,
    countered: answered,
    // The counter dialog with the draft and each field's check; the server's refusal below; nothing sent meanwhile.
    'composing.editing': ({ propose, seen }: Screen) => {
      const open = dialog()!;
      for (const [field, label] of Object.entries(FIELDS) as Array<[keyof typeof FIELDS, string]>) {
        const control = within(open).getByLabelText(label);
        expect(control).toBeEnabled();
        expect(control).toHaveValue(seen.draft[field]);
        const error = problemInEnglish(seen.errors[field]);
        if (error) expect(control).toHaveAccessibleDescription(expect.stringContaining(error));
        else expect(control).not.toHaveAttribute('aria-invalid', 'true');
      }
      expect(within(open).getByRole('button', { name: 'Send counter' })).toBeEnabled();
      expect(propose.started).toBe(seen.settled.propose);
      const alert = within(open).queryByRole('alert');
      if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
      else expect(alert).not.toBeInTheDocument();
    },
    // The counter is on its way, as the draft says; the dialog waits.
    'composing.submitting': ({ propose, seen }: Screen) => {
      const open = dialog()!;
      expect(propose.started).toBe(seen.settled.propose + 1);
      expect(propose.inputs.at(-1)).toEqual({ offerId: sampleOffer.id, ...requestOf(seen.draft) });
      expect(within(open).getByRole('button', { name: 'Send counter' })).toBeDisabled();
      expect(within(open).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(within(open).getByLabelText(FIELDS.pay)).toBeDisabled();
      // The card's answers behind the dialog wait too: none can be given while the counter is on its way.
      for (const name of ANSWERS) expect(answer(name)).toBeDisabled();
    },
  };
})();

walkScreens('proposalReply', { mount, states });
