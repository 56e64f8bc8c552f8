// The creator's counter-offer on an open offer card (docs/product.md §Counter-offers): "Propose different pay" opens
// the dialog; an open proposal shows on the card: the creator's own waits for the brand, the brand's can be
// accepted, declined or countered. Loads with the card's actions (./later.ts); in the screen's language
// (./offerDialogsCatalogue.ts), the pay in US dollars written its way, the brand's message as written.
import { useMachine } from '@xstate/react';
import type { Offer } from '@/contract';
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
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { useCounterOfferLogic, type CounterOfferLogic } from '@/src/marketplace/proposals';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import * as shared from '@/src/shell/dashboard.css';
import { offerDialogsMessages } from './offerDialogsCatalogue';
import { termsText } from './offerDialogsWords';
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
  const { t, locale } = useMessages(offerDialogsMessages);
  const money = formatsIn(locale).money;
  return (
    <>
      {proposal ? (
        <section className={s.onCard} aria-labelledby={headingId}>
          <h3 id={headingId} className={s.heading}>
            {theirTurn ? t('counter.theyPropose', { brand: offer.brand }) : t('counter.youProposed')}
          </h3>
          <p className={s.terms}>{termsText(t, money, proposal, minutes)}</p>
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
                {t('counter.acceptProposal')}
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
                {t('counter.declineProposal')}
              </Button>
              <button
                type="button"
                className={card.moreInfo}
                disabled={busy}
                onClick={() => send({ type: 'compose.open' })}
              >
                {t('counter.counter')}
              </button>
            </div>
          ) : (
            <p className={s.message}>
              {t(selectCounterSent(snapshot) ? 'counter.sentWaiting' : 'counter.waiting', { brand: offer.brand })}
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
          {t('counter.propose')}
        </button>
      ) : null}
      <ProposalDialog
        formId={`propose-${offer.id}`}
        open={dialogOpen}
        title={theirTurn ? t('counter.counterTitle') : t('counter.propose')}
        description={t('counter.description', {
          brand: offer.brand,
          title: offer.title,
          terms: termsText(t, money, { payCents: offer.payCents, deliverableMinutes: null }, minutes),
        })}
        minutes={minutes}
        draft={selectCounterDraft(snapshot)}
        errors={selectCounterErrors(snapshot)}
        sending={selectCounterSubmitting(snapshot)}
        error={error}
        submitLabel={t('counter.send')}
        onChange={(field, value) => send({ type: `${field}.change`, value })}
        onSubmit={() => send({ type: 'compose.submit' })}
        onCancel={() => send({ type: 'compose.cancel' })}
      />
    </>
  );
}
