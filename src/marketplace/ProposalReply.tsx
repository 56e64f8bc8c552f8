// The advertiser's answer to a creator's counter-offer on the campaign page (docs/product.md §Counter-offers): the
// creator's terms and message with Accept, Decline and Counter; a short balance names the amount missing and links
// Funds. Its own chunk, loaded only when an offer has an open proposal (the campaign page's budget is tight). Its words
// are the offer dialogs' (./offerDialogsCatalogue.ts, the counter dialog's too), in the language of the page's part:
// English on the campaign page, an English-only screen so far; the server's refusals as it worded them.
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { Offer, Proposal } from '@/contract';
import {
  selectReplyAccepting,
  selectReplyBusy,
  selectReplyDeclining,
  selectReplyDialogOpen,
  selectReplyDone,
  selectReplyDraft,
  selectReplyError,
  selectReplyErrors,
  selectReplyOpen,
  selectReplyShort,
  selectReplySubmitting,
} from '@/machines/marketplace/proposalReply.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { useProposalReplyLogic, type ProposalReplyLogic } from '@/src/marketplace/proposals';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { offerDialogsMessages } from './offerDialogsCatalogue';
import { termsText } from './offerDialogsWords';
import { ProposalDialog } from './ProposalDialog';
import * as s from './Proposal.css';

export interface ProposalReplyProps {
  offer: Offer;
  /** The creator's open proposal. */
  proposal: Proposal;
  creatorName: string;
  logic?: ProposalReplyLogic;
  onChanged: (offer: Offer) => void;
}

export function ProposalReply({ offer, proposal, creatorName, logic, onChanged }: ProposalReplyProps) {
  const [snapshot, send] = useMachine(useProposalReplyLogic(logic, onChanged), {
    input: { offerId: offer.id, proposal },
    inspect,
  });
  const busy = selectReplyBusy(snapshot);
  const error = selectReplyError(snapshot);
  const dialogOpen = selectReplyDialogOpen(snapshot);
  const minutes = offer.deliverable.minutes;
  const headingId = `reply-${offer.id}`;
  const { t, locale } = useMessages(offerDialogsMessages);
  const money = formatsIn(locale).money;
  const terms = termsText(t, money, proposal, minutes);
  return (
    <section className={s.onPage} aria-labelledby={headingId}>
      <h5 id={headingId} className={s.heading}>
        {t('reply.proposes', { name: creatorName })}
      </h5>
      <p className={s.terms}>{terms}</p>
      {proposal.message ? <p className={s.message}>{proposal.message}</p> : null}
      {selectReplyShort(snapshot) ? (
        <Alert tone="warning">
          {error} <Link to="/campaigns#funds">{t('reply.addFunds')}</Link>
        </Alert>
      ) : error && !dialogOpen ? (
        <Alert tone="error">{error}</Alert>
      ) : null}
      {selectReplyOpen(snapshot) || busy ? (
        <div className={s.row}>
          <Button
            variant="dashboard"
            size="sm"
            disabled={busy}
            aria-busy={selectReplyAccepting(snapshot) || undefined}
            aria-describedby={headingId}
            onClick={() => send({ type: 'reply.accept' })}
          >
            {t('actions.accept')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-busy={selectReplyDeclining(snapshot) || undefined}
            aria-describedby={headingId}
            onClick={() => send({ type: 'reply.decline' })}
          >
            {t('actions.decline')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => send({ type: 'compose.open' })}
          >
            {t('counter.counter')}
          </Button>
        </div>
      ) : null}
      {selectReplyDone(snapshot) ? <p className={s.message}>{t('reply.answered')}</p> : null}
      <ProposalDialog
        formId={`counter-${offer.id}`}
        open={dialogOpen}
        title={t('counter.counterTitle')}
        description={t('reply.description', {
          name: creatorName,
          terms,
          campaignTerms: termsText(t, money, { payCents: offer.campaignPayCents, deliverableMinutes: null }, minutes),
        })}
        minutes={minutes}
        draft={selectReplyDraft(snapshot)}
        errors={selectReplyErrors(snapshot)}
        sending={selectReplySubmitting(snapshot)}
        error={error}
        submitLabel={t('reply.send')}
        onChange={(field, value) => send({ type: `${field}.change`, value })}
        onSubmit={() => send({ type: 'compose.submit' })}
        onCancel={() => send({ type: 'compose.cancel' })}
      />
    </section>
  );
}
