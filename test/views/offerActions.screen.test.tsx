// An offer card's actions on Sponsorship Offers (docs/product.md §Offers, threads, notifications "Creator"), replayed
// along offerActions' recorded paths on the real screen: the invited card (off_new) of the sample offers accepts,
// declines with an optional reason, or asks for more information.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Offer, OffersOutlook, ThreadMessage } from '@/contract';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import { counterOfferMachine } from '@/machines/marketplace/counterOffer.machine';
import { offerActionsMachine } from '@/machines/marketplace/offerActions.machine';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import { sampleCreatorOffers } from '@/machines/marketplace/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };
type Answer = { offerId: string; round: number };

const invited = sampleCreatorOffers[0]!;
const BUTTONS = ['Accept', 'Decline', 'Request More Information'];
/** The decline reason's check, as the English catalogue words it. */
const REASON_TOO_LONG = 'Keep the reason under 500 characters.';

/** The invited card, wherever it is listed (an open dialog hides the page from the accessibility tree). */
const card = () => screen.queryByRole('listitem', { name: invited.title, hidden: true });
const inList = (tab: string) => {
  const list = screen.queryByRole('list', { name: tab, hidden: true });
  return list ? within(list).queryByRole('listitem', { name: invited.title, hidden: true }) : null;
};
const declineDialog = () => screen.queryByRole('dialog', { name: 'Decline this offer?' });
const infoDialog = () => screen.queryByRole('dialog', { name: 'Request More Information' });
const button = (name: string) => within(card()!).queryByRole('button', { name, hidden: true });

/** A field's check: shown below it and marking it invalid, or absent. */
function expectFieldError(field: HTMLElement, error: string | null) {
  if (error) {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(error));
  } else expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

walkScreens('offerActions', {
  async mount(input) {
    expect(input).toEqual({ offerId: invited.id, status: invited.status });
    const list = controlled<Offer[]>();
    const accept = controlled<Offer, { offerId: string }>();
    const decline = controlled<Offer, { offerId: string; reason: string | undefined }>();
    const ask = controlled<Offer, { offerId: string; message: string }>();
    renderScreen(
      <SponsorshipOffersScreen
        logic={{
          offers: offersMachine.provide({ actors: { listOffers: list.logic } }),
          outlook: offersOutlookMachine.provide({ actors: { loadOutlook: controlled<OffersOutlook>().logic } }),
          offerActions: offerActionsMachine.provide({
            actors: { acceptOffer: accept.logic, declineOffer: decline.logic, requestInfo: ask.logic },
          }),
          counterOffer: counterOfferMachine.provide({
            actors: {
              propose: controlled<Offer, ProposeInput>().logic,
              acceptProposal: controlled<Offer, Answer>().logic,
              declineProposal: controlled<Offer, Answer>().logic,
            },
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
    await list.resolve(sampleCreatorOffers);
    await act(async () => {
      await import('@/src/marketplace/later');
    });
    /**
     * What the person has done and the server answered: the offer's status (where its card is), the refusal shown,
     * the texts typed and the checks shown in the dialogs, the answers given to each action.
     */
    const seen = {
      status: invited.status as Offer['status'],
      refusal: null as string | null,
      closed: false,
      reason: '',
      reasonError: null as string | null,
      message: '',
      messageError: null as string | null,
      settled: { accept: 0, decline: 0, ask: 0 },
    };
    const refused = (error: unknown) => {
      seen.refusal = (error as Error).message;
      seen.closed = (error as { status?: number }).status === 409;
    };
    return {
      accept,
      decline,
      ask,
      seen,
      gestures: {
        'offer.accept': () => {
          seen.refusal = null;
          fireEvent.click(button('Accept')!);
        },
        'decline.open': () => {
          Object.assign(seen, { reason: '', reasonError: null, refusal: null });
          fireEvent.click(button('Decline')!);
        },
        'reason.change': ({ value }) => {
          seen.reason = value;
          fireEvent.change(within(declineDialog()!).getByLabelText('Reason (optional)'), { target: { value } });
        },
        'decline.confirm': () => {
          seen.reasonError = seen.reason.trim().length > 500 ? REASON_TOO_LONG : null;
          if (!seen.reasonError) seen.refusal = null;
          fireEvent.click(within(declineDialog()!).getByRole('button', { name: 'Decline' }));
        },
        'decline.cancel': () => {
          if (!seen.closed) seen.refusal = null;
          fireEvent.click(within(declineDialog()!).getByRole('button', { name: 'Cancel' }));
        },
        'info.open': () => {
          Object.assign(seen, { message: '', messageError: null, refusal: null });
          fireEvent.click(button('Request More Information')!);
        },
        'message.change': ({ value }) => {
          seen.message = value;
          if (seen.messageError) seen.messageError = value.trim() === '' ? REQUIRED_MESSAGE : null;
          fireEvent.change(within(infoDialog()!).getByLabelText('Message'), { target: { value } });
        },
        'info.send': () => {
          seen.messageError = seen.message.trim() === '' ? REQUIRED_MESSAGE : null;
          if (!seen.messageError) seen.refusal = null;
          fireEvent.click(within(infoDialog()!).getByRole('button', { name: 'Send' }));
        },
        'info.cancel': () => {
          if (!seen.closed) seen.refusal = null;
          fireEvent.click(within(infoDialog()!).getByRole('button', { name: 'Cancel' }));
        },
        'xstate.done.actor.acceptOffer': async ({ output }) => {
          seen.settled.accept += 1;
          seen.status = output.status;
          await accept.resolve(output);
        },
        'xstate.error.actor.acceptOffer': async ({ error }) => {
          seen.settled.accept += 1;
          refused(error);
          await accept.reject(error);
        },
        'xstate.done.actor.declineOffer': async ({ output }) => {
          seen.settled.decline += 1;
          seen.status = output.status;
          await decline.resolve(output);
        },
        'xstate.error.actor.declineOffer': async ({ error }) => {
          seen.settled.decline += 1;
          refused(error);
          await decline.reject(error);
        },
        'xstate.done.actor.requestInfo': async ({ output }) => {
          seen.settled.ask += 1;
          seen.status = output.status;
          await ask.resolve(output);
        },
        'xstate.error.actor.requestInfo': async ({ error }) => {
          seen.settled.ask += 1;
          refused(error);
          await ask.reject(error);
        },
      },
    };
  },
  states: {
    // No dialog of the card; nothing under way; the card where its status puts it, with the buttons its status allows.
    idle: ({ accept, decline, ask, seen }) => {
      expect(declineDialog()).not.toBeInTheDocument();
      expect(infoDialog()).not.toBeInTheDocument();
      expect([accept.started, decline.started, ask.started]).toEqual([
        seen.settled.accept,
        seen.settled.decline,
        seen.settled.ask,
      ]);
      switch (seen.status) {
        case 'invited': {
          expect(inList('Newley Offers')).toBeInTheDocument();
          for (const name of BUTTONS) expect(button(name)).toBeEnabled();
          expect(button('Accept')).not.toHaveAttribute('aria-busy');
          const alert = within(card()!).queryByRole('alert', { hidden: true });
          if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
          else expect(alert).not.toBeInTheDocument();
          break;
        }
        case 'accepted':
          // Moved to Accepted (another tab): gone from Newley Offers.
          expect(screen.getByRole('tab', { name: 'Newley Offers', hidden: true })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          expect(card()).not.toBeInTheDocument();
          break;
        case 'declined':
          // Declined offers are listed in no tab.
          expect(card()).not.toBeInTheDocument();
          break;
        case 'info_requested':
          // The third tab, with the offer's thread open over it; asked once, accepting and declining remain.
          expect(screen.getByRole('dialog', { name: `Conversation about ${invited.title}` })).toBeInTheDocument();
          expect(inList('Requested More Information')).toBeInTheDocument();
          expect(button('Request More Information')).not.toBeInTheDocument();
          expect(button('Accept')).toBeEnabled();
          break;
        default:
          throw new Error(`Unexpected status ${seen.status}`);
      }
    },
    // Accepting: the card's buttons wait for the answer.
    accepting: ({ accept, seen }) => {
      expect(accept.started).toBe(seen.settled.accept + 1);
      expect(accept.inputs.at(-1)).toEqual({ offerId: invited.id });
      expect(button('Accept')).toBeDisabled();
      expect(button('Accept')).toHaveAttribute('aria-busy', 'true');
      expect(button('Decline')).toBeDisabled();
      expect(button('Request More Information')).toBeDisabled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    // A conflict: the card says why and offers nothing more.
    closed: ({ seen }) => {
      expect(within(card()!).getByRole('alert')).toHaveTextContent(seen.refusal!);
      for (const name of BUTTONS) expect(button(name)).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    // The decline dialog with its reason, its check and the server's refusal; nothing sent since the last answer.
    'declining.editing': ({ decline, seen }) => {
      const dialog = declineDialog()!;
      expect(dialog).toHaveAccessibleDescription(`${invited.brand}: ${invited.title}`);
      const reason = within(dialog).getByLabelText('Reason (optional)');
      expect(reason).toBeEnabled();
      expect(reason).toHaveValue(seen.reason);
      expectFieldError(reason, seen.reasonError);
      expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeEnabled();
      expect(decline.started).toBe(seen.settled.decline);
      const alert = within(dialog).queryByRole('alert');
      if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
      else expect(alert).not.toBeInTheDocument();
    },
    // The decline is on its way, with the trimmed reason (none when empty).
    'declining.sending': ({ decline, seen }) => {
      const dialog = declineDialog()!;
      expect(decline.started).toBe(seen.settled.decline + 1);
      expect(decline.inputs.at(-1)).toEqual({ offerId: invited.id, reason: seen.reason.trim() || undefined });
      expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(within(dialog).getByLabelText('Reason (optional)')).toBeDisabled();
    },
    // The question to the advertiser, its check and the server's refusal; nothing sent since the last answer.
    'requesting.editing': ({ ask, seen }) => {
      const dialog = infoDialog()!;
      const message = within(dialog).getByLabelText('Message');
      expect(message).toBeEnabled();
      expect(message).toHaveValue(seen.message);
      expectFieldError(message, seen.messageError);
      expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
      expect(ask.started).toBe(seen.settled.ask);
      const alert = within(dialog).queryByRole('alert');
      if (seen.refusal) expect(alert).toHaveTextContent(seen.refusal);
      else expect(alert).not.toBeInTheDocument();
    },
    // The question is on its way, trimmed.
    'requesting.sending': ({ ask, seen }) => {
      const dialog = infoDialog()!;
      expect(ask.started).toBe(seen.settled.ask + 1);
      expect(ask.inputs.at(-1)).toEqual({ offerId: invited.id, message: seen.message.trim() });
      expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(within(dialog).getByLabelText('Message')).toBeDisabled();
    },
  },
});
