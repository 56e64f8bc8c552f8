// The advertiser's Dispute delivery dialog (docs/product.md §Verified delivery), opened from the proof report: a chunk of its
// own, loaded for advertisers only (src/overlay/DisplayProof.tsx).
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { REVIEW_REASON_LENGTH } from '@/contract/money';
import type { OfferEvidence } from '@/contract/schemas/deliverables';
import {
  selectDisputeError,
  selectDisputeOpen,
  selectDisputeReason,
  selectDisputeReasonError,
  selectDisputeSending,
} from '@/machines/money/deliveryDispute.select';
import { deliverablesMessages } from '@/src/deliverables/catalogue';
import { evidenceSummary } from '@/src/deliverables/DeliveryEvidence';
import { useMessages } from '@/src/i18n/i18n';
import { fundsMessages } from '@/src/money/fundsCatalogue';
import { reasonProblemText } from '@/src/money/fundsWords';
import type { DeliveryDisputeLogic } from '@/src/money/deliveryDispute';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import * as s from './DeliveryDispute.css';

export type DeliveryDisputeRef = ActorRefFrom<DeliveryDisputeLogic>;

/** `evidence`: what was counted for each deliverable the offer asked for, summed up above the reason. */
export function DeliveryDisputeDialog({
  actorRef,
  title,
  evidence,
}: {
  actorRef: DeliveryDisputeRef;
  title: string;
  evidence?: OfferEvidence;
}) {
  const open = useSelector(actorRef, selectDisputeOpen);
  const sending = useSelector(actorRef, selectDisputeSending);
  const reason = useSelector(actorRef, selectDisputeReason);
  const reasonError = useSelector(actorRef, selectDisputeReasonError);
  const error = useSelector(actorRef, selectDisputeError);
  const formId = useId();
  const summaryId = useId();
  // The summary's words are the deliverables'; the dialog's own are the funds catalogue's.
  const deliverables = useMessages(deliverablesMessages, fundsMessages);
  const { t } = deliverables;
  const delivered = evidence ? evidenceSummary(evidence, deliverables) : [];
  const cancel = () => actorRef.send({ type: 'dispute.cancel' });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !sending) cancel();
      }}
      title={t('dispute.title')}
      description={t('dispute.description', { title })}
      width="narrow"
      footer={
        <>
          <Button variant="secondary" disabled={sending} onClick={cancel}>
            {t('dispute.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={sending} aria-busy={sending || undefined}>
            {t('dispute.send')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'dispute.submit' });
        }}
      >
        {delivered.length > 0 ? (
          <div className={s.delivered}>
            <p id={summaryId} className={s.deliveredTitle}>
              {t('dispute.counted')}
            </p>
            <ul aria-labelledby={summaryId} className={s.deliveredList}>
              {delivered.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {error ? (
          <Alert tone="error" title={t('dispute.notSent')}>
            <p>{error}</p>
          </Alert>
        ) : null}
        <Field
          label={t('dispute.reason')}
          name="reason"
          multiline
          rows={5}
          hint={t('dispute.reasonHint', {
            min: String(REVIEW_REASON_LENGTH.min),
            max: String(REVIEW_REASON_LENGTH.max),
          })}
          value={reason}
          error={reasonProblemText(t, reasonError)}
          disabled={sending}
          onChange={(event) => actorRef.send({ type: 'reason.change', value: event.target.value })}
        />
      </form>
    </Dialog>
  );
}
