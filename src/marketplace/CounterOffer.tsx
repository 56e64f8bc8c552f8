// The creator's counter-offer on an open offer card (docs/product.md §Counter-offers): "Propose different pay" opens
// the dialog; an open proposal shows on the card: the creator's own waits for the brand, the brand's can be
// accepted, declined or countered. Loads with the card's actions (./later.ts).
import { useMachine } from '@xstate/react';
import type { Offer } from '@/contract';
import { proposalTerms } from '@/machines/marketplace/proposalForm';
import {
  selectCounterAccepting,
  selectCounterBusy,
  selectCounterDeclining,
  selectCounterDialogOpen,
  selectCounterDraft,
  selectCounterError,
  selectCounterErrors,
  selectCounterMayCompose,
  selectCounterProposal,
  selectCounterSent,
  selectCounterSubmitting,
  selectCounterTheirTurn,
} from '@/machines/marketplace/counterOffer.select';
import { inspect } from '@/src/app/inspect';
import { useCounterOfferLogic, type CounterOfferLogic } from '@/src/marketplace/proposals';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import * as shared from '@/src/shell/dashboard.css';
import { ProposalDialog } from './ProposalDialog';
import * as s from './Proposal.css';
import * as card from './SponsorshipOffers.css';

export interface CounterOfferProps {
  offer: Offer;
  logic?: CounterOfferLogic;
  onChanged: (offer: Offer) => void;
}

export function CounterOffer({ offer, logic, onChanged }: CounterOfferProps) {
  const [snapshot, send] = useMachine(useCounterOfferLogic(logic, onChanged), {
    input: { offerId: offer.id, payCents: offer.payCents, proposal: offer.proposal },
    inspect,
  });
  const proposal = selectCounterProposal(snapshot);
  const theirTurn = selectCounterTheirTurn(snapshot);
  const busy = selectCounterBusy(snapshot);
  const dialogOpen = selectCounterDialogOpen(snapshot);
  const error = selectCounterError(snapshot);
  const minutes = offer.deliverable.minutes;
  const headingId = `proposal-${offer.id}`;
  return (
    <>
      {proposal ? (
        <section className={s.onCard} aria-labelledby={headingId}>
          <h3 id={headingId} className={s.heading}>
            {theirTurn ? `${offer.brand} proposes` : 'You proposed'}
          </h3>
          <p className={s.terms}>{proposalTerms(proposal, minutes)}</p>
          {proposal.message ? <p className={s.message}>{proposal.message}</p> : null}
          {theirTurn ? (
            <div className={s.row}>
              <Button
                variant="light"
                size="sm"
                disabled={busy}
                aria-busy={selectCounterAccepting(snapshot) || undefined}
                aria-describedby={headingId}
                onClick={() => send({ type: 'proposal.accept' })}
              >
                Accept proposal
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className={shared.ghostOnGradient}
                disabled={busy}
                aria-busy={selectCounterDeclining(snapshot) || undefined}
                aria-describedby={headingId}
                onClick={() => send({ type: 'proposal.decline' })}
              >
                Decline proposal
              </Button>
              <button
                type="button"
                className={card.moreInfo}
                disabled={busy}
                onClick={() => send({ type: 'compose.open' })}
              >
                Counter
              </button>
            </div>
          ) : (
            <p className={s.message}>
              {selectCounterSent(snapshot) ? 'Sent. ' : ''}Waiting for {offer.brand}’s answer: you can still accept or
              decline the offer as it stands.
            </p>
          )}
        </section>
      ) : null}
      {error && !dialogOpen ? (
        <Alert tone="error" className={card.actionError}>
          {error}
        </Alert>
      ) : null}
      {selectCounterMayCompose(snapshot) && !theirTurn ? (
        <button type="button" className={card.moreInfo} disabled={busy} onClick={() => send({ type: 'compose.open' })}>
          Propose different pay
        </button>
      ) : null}
      <ProposalDialog
        formId={`propose-${offer.id}`}
        open={dialogOpen}
        title={theirTurn ? 'Counter the proposal' : 'Propose different pay'}
        description={`${offer.brand}: ${offer.title}. The offer pays ${proposalTerms({ payCents: offer.payCents, deliverableMinutes: null }, minutes)}.`}
        minutes={minutes}
        draft={selectCounterDraft(snapshot)}
        errors={selectCounterErrors(snapshot)}
        sending={selectCounterSubmitting(snapshot)}
        error={error}
        submitLabel="Send proposal"
        onChange={(field, value) => send({ type: `${field}.change`, value })}
        onSubmit={() => send({ type: 'compose.submit' })}
        onCancel={() => send({ type: 'compose.cancel' })}
      />
    </>
  );
}
