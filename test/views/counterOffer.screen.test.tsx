// The creator's counter-offer on a Sponsorship Offers card (docs/product.md §Counter-offers), replayed along
// counterOffer's recorded paths on the real screen: the invited card (off_new) of the sample offers, with the open
// proposal the path's input names (none, or the brand's).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Offer, OffersOutlook, Proposal, ThreadMessage } from '@/contract';
import type { CounterOfferInput } from '@/machines/marketplace/counterOffer.machine';
import { counterOfferMachine } from '@/machines/marketplace/counterOffer.machine';
import { offerActionsMachine } from '@/machines/marketplace/offerActions.machine';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import {
  draftFrom,
  draftProblems,
  NO_ERRORS,
  requestOf,
  type ProposalDraft,
  type ProposalErrors,
} from '@/machines/marketplace/proposalForm';
import { sampleCreatorOffers } from '@/machines/marketplace/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { controlled, renderScreen } from './harness';
import { problemInEnglish, termsInEnglish } from './offerDialogsTexts';
import { walkScreens } from './screens';

type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };
type Answer = { offerId: string; round: number };

const invited = sampleCreatorOffers[0]!;
const FIELDS = { pay: 'Pay (US dollars)', minutes: 'Overlay minutes (optional)', message: 'Message' } as const;

/** The invited card in Newley Offers (an open dialog hides the page from the accessibility tree). */
const card = () => {
  const list = screen.queryByRole('list', { name: 'Newley Offers', hidden: true });
  return list ? within(list).queryByRole('listitem', { name: invited.title, hidden: true }) : null;
};
const dialog = () => screen.queryByRole('dialog', { name: /^(Propose different pay|Counter the proposal)$/ });
const inCard = (name: string) => within(card()!).queryByRole('button', { name, hidden: true });

walkScreens('counterOffer', {
  async mount(input) {
    const { offerId, payCents, proposal } = input as CounterOfferInput;
    expect({ offerId, payCents }).toEqual({ offerId: invited.id, payCents: invited.payCents });
    const list = controlled<Offer[]>();
    const propose = controlled<Offer, ProposeInput>();
    const accept = controlled<Offer, Answer>();
    const decline = controlled<Offer, Answer>();
    renderScreen(
      <SponsorshipOffersScreen
        logic={{
          offers: offersMachine.provide({ actors: { listOffers: list.logic } }),
          outlook: offersOutlookMachine.provide({ actors: { loadOutlook: controlled<OffersOutlook>().logic } }),
          offerActions: offerActionsMachine.provide({
            actors: {
              acceptOffer: controlled<Offer, { offerId: string }>().logic,
              declineOffer: controlled<Offer, { offerId: string; reason: string | undefined }>().logic,
              requestInfo: controlled<Offer, { offerId: string; message: string }>().logic,
            },
          }),
          counterOffer: counterOfferMachine.provide({
            actors: { propose: propose.logic, acceptProposal: accept.logic, declineProposal: decline.logic },
          }),
          thread: threadMachine.provide({
            actors: {
              loadMessages: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
              loadEarlier: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
              postMessage: controlled<ThreadMessage, { offerId: string; body: string }>().logic,
            },
          }),
        }}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    await list.resolve([{ ...invited, proposal }, ...sampleCreatorOffers.slice(1)]);
    await act(async () => {
      await import('@/src/marketplace/later');
    });
    /** The offer as the card shows it, the dialog's draft and checks, the refusal shown, the answers given. */
    const seen = {
      status: invited.status as Offer['status'],
      proposal: proposal as Proposal | null,
      draft: draftFrom(payCents) as ProposalDraft,
      errors: NO_ERRORS as ProposalErrors,
      refusal: null as string | null,
      settled: { propose: 0, accept: 0, decline: 0 },
    };
    const type = (field: keyof typeof FIELDS, value: string) => {
      seen.draft = { ...seen.draft, [field]: value };
      if (seen.errors[field]) seen.errors = { ...seen.errors, [field]: draftProblems(seen.draft)[field] };
      fireEvent.change(within(dialog()!).getByLabelText(FIELDS[field]), { target: { value } });
    };
    const answered = (offer: Offer) => {
      seen.status = offer.status;
      seen.proposal = offer.proposal;
    };
    return {
      propose,
      accept,
      decline,
      seen,
      gestures: {
        'compose.open': () => {
          seen.draft = draftFrom(seen.proposal?.payCents ?? payCents);
          Object.assign(seen, { errors: NO_ERRORS, refusal: null });
          const theirs = seen.proposal?.side === 'advertiser';
          fireEvent.click(inCard(theirs ? 'Counter' : 'Propose different pay')!);
        },
        'pay.change': ({ value }) => type('pay', value),
        'minutes.change': ({ value }) => type('minutes', value),
        'message.change': ({ value }) => type('message', value),
        'compose.submit': () => {
          seen.errors = draftProblems(seen.draft);
          if (Object.values(seen.errors).every((e) => e === null)) seen.refusal = null;
          fireEvent.click(within(dialog()!).getByRole('button', { name: 'Send proposal' }));
        },
        'compose.cancel': () => {
          seen.refusal = null;
          fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
        },
        'proposal.accept': () => {
          seen.refusal = null;
          fireEvent.click(inCard('Accept proposal')!);
        },
        'proposal.decline': () => {
          seen.refusal = null;
          fireEvent.click(inCard('Decline proposal')!);
        },
        // The card has no notice to dismiss: the sent proposal came back on the offer, and the card shows it with a
        // fresh flow for the open round (keyed by it). The person does nothing.
        'notice.dismiss': () => {},
        'xstate.done.actor.propose': async ({ output }) => {
          seen.settled.propose += 1;
          answered(output);
          await propose.resolve(output);
        },
        'xstate.error.actor.propose': async ({ error }) => {
          seen.settled.propose += 1;
          seen.refusal = (error as Error).message;
          await propose.reject(error);
        },
        'xstate.done.actor.acceptProposal': async ({ output }) => {
          seen.settled.accept += 1;
          answered(output);
          await accept.resolve(output);
        },
        'xstate.error.actor.acceptProposal': async ({ error }) => {
          seen.settled.accept += 1;
          seen.refusal = (error as Error).message;
          await accept.reject(error);
        },
        'xstate.done.actor.declineProposal': async ({ output }) => {
          seen.settled.decline += 1;
          answered(output);
          await decline.resolve(output);
        },
        'xstate.error.actor.declineProposal': async ({ error }) => {
          seen.settled.decline += 1;
          seen.refusal = (error as Error).message;
          await decline.reject(error);
        },
      },
    };
  },
  states: {
    // No dialog, nothing under way; the card shows the open proposal (with its answers when it is the brand's) or
    // offers to propose; an accepted offer has left Newley Offers.
    idle: ({ propose, accept, decline, seen }) => {
      expect(dialog()).not.toBeInTheDocument();
      expect([propose.started, accept.started, decline.started]).toEqual([
        seen.settled.propose,
        seen.settled.accept,
        seen.settled.decline,
      ]);
      if (seen.status === 'accepted') {
        expect(card()).not.toBeInTheDocument();
        return;
      }
      const alert = within(card()!).queryByRole('alert');
      if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
      else expect(alert).not.toBeInTheDocument();
      const proposal = seen.proposal;
      if (!proposal) {
        expect(inCard('Propose different pay')).toBeEnabled();
        expect(within(card()!).queryByRole('region', { name: /propose/ })).not.toBeInTheDocument();
      } else if (proposal.side === 'advertiser') {
        const region = within(card()!).getByRole('region', { name: `${invited.brand} proposes` });
        expect(region).toHaveTextContent(termsInEnglish(proposal, invited.deliverable.minutes));
        for (const name of ['Accept proposal', 'Decline proposal', 'Counter'])
          expect(within(region).getByRole('button', { name })).toBeEnabled();
        expect(within(region).getByRole('button', { name: 'Accept proposal' })).not.toHaveAttribute('aria-busy');
      } else {
        const region = within(card()!).getByRole('region', { name: 'You proposed' });
        expect(region).toHaveTextContent(termsInEnglish(proposal, invited.deliverable.minutes));
        expect(region).toHaveTextContent(`Waiting for ${invited.brand}’s answer`);
        expect(inCard('Propose different pay')).not.toBeInTheDocument();
      }
    },
    // The dialog with the draft and each field's check; the server's refusal below; nothing sent since the last answer.
    'composing.editing': ({ propose, seen }) => {
      const open = dialog()!;
      expect(open).toHaveAccessibleName(
        seen.proposal?.side === 'advertiser' ? 'Counter the proposal' : 'Propose different pay',
      );
      for (const [field, label] of Object.entries(FIELDS) as Array<[keyof typeof FIELDS, string]>) {
        const control = within(open).getByLabelText(label);
        expect(control).toBeEnabled();
        expect(control).toHaveValue(seen.draft[field]);
        const error = problemInEnglish(seen.errors[field]);
        if (error) expect(control).toHaveAccessibleDescription(expect.stringContaining(error));
        else expect(control).not.toHaveAttribute('aria-invalid', 'true');
      }
      expect(within(open).getByRole('button', { name: 'Send proposal' })).toBeEnabled();
      expect(propose.started).toBe(seen.settled.propose);
      const alert = within(open).queryByRole('alert');
      if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
      else expect(alert).not.toBeInTheDocument();
    },
    // The proposal is on its way, as the draft says; the dialog waits.
    'composing.submitting': ({ propose, seen }) => {
      const open = dialog()!;
      expect(propose.started).toBe(seen.settled.propose + 1);
      expect(propose.inputs.at(-1)).toEqual({ offerId: invited.id, ...requestOf(seen.draft) });
      expect(within(open).getByRole('button', { name: 'Send proposal' })).toBeDisabled();
      expect(within(open).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(within(open).getByLabelText(FIELDS.message)).toBeDisabled();
    },
    // The proposal went out: the card shows it waiting for the brand, with nothing more to propose.
    sent: ({ propose, seen }) => {
      expect(dialog()).not.toBeInTheDocument();
      expect(propose.started).toBe(seen.settled.propose);
      const region = within(card()!).getByRole('region', { name: 'You proposed' });
      expect(region).toHaveTextContent(termsInEnglish(seen.proposal!, invited.deliverable.minutes));
      expect(region).toHaveTextContent(`Waiting for ${invited.brand}’s answer`);
      expect(inCard('Propose different pay')).not.toBeInTheDocument();
      expect(within(card()!).getByTestId('proposed-pay')).toHaveTextContent(
        `You proposed $${seen.proposal!.payCents / 100}`,
      );
    },
    // Accepting the brand's proposal: its answers wait.
    accepting: ({ accept, seen }) => {
      expect(accept.started).toBe(seen.settled.accept + 1);
      expect(accept.inputs.at(-1)).toEqual({ offerId: invited.id, round: seen.proposal!.round });
      expect(inCard('Accept proposal')).toBeDisabled();
      expect(inCard('Accept proposal')).toHaveAttribute('aria-busy', 'true');
      expect(inCard('Decline proposal')).toBeDisabled();
      expect(inCard('Counter')).toBeDisabled();
    },
    // Declining the brand's proposal: its answers wait.
    declining: ({ decline, seen }) => {
      expect(decline.started).toBe(seen.settled.decline + 1);
      expect(decline.inputs.at(-1)).toEqual({ offerId: invited.id, round: seen.proposal!.round });
      expect(inCard('Decline proposal')).toBeDisabled();
      expect(inCard('Decline proposal')).toHaveAttribute('aria-busy', 'true');
      expect(inCard('Accept proposal')).toBeDisabled();
      expect(inCard('Counter')).toBeDisabled();
    },
  },
});
