// The operator console's Reviews tab (docs/product.md §Verified delivery, §Deliverables): earnings held by a fraud signal or
// disputed by the advertiser, each with the evidence of every deliverable its campaign asked for (the proof report's,
// src/deliverables/DeliveryEvidence.tsx), resolved with what the creator is paid and a reason both sides read. A chunk of its own,
// loaded when the tab is opened (src/operator/OperatorConsole.tsx).
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { REVIEW_STATUS_LABELS } from '@/contract/money';
import {
  selectResolveError,
  selectResolvePay,
  selectResolvePayError,
  selectResolveReason,
  selectResolveReasonError,
  selectResolveSending,
  selectResolvedNotice,
  selectResolving,
  selectReviews,
  selectReviewsError,
  selectReviewsLoadError,
  selectReviewsLoading,
  selectReviewsReloading,
} from '@/machines/operator/reviewQueue.select';
import { inspect } from '@/src/app/inspect';
import { formatDateTime, formatDuration, formatCount, formatMoney } from '@/src/common/format';
import { useReviewQueueLogic, type ReviewQueueLogic } from '@/src/operator/reviewQueue';
import { DeliveryEvidence } from '@/src/deliverables/DeliveryEvidence';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { LoadState } from '@/src/common/LoadState';
import * as s from './OperatorConsole.css';

/** Held and disputed earnings, oldest first; Resolve pays the creator some or all of it and returns the rest. */
export function ReviewsPanel({ logic }: { logic?: ReviewQueueLogic }) {
  const [snapshot, send] = useMachine(useReviewQueueLogic(logic), { inspect });
  const reviews = selectReviews(snapshot);
  const resolving = selectResolving(snapshot);
  const sending = selectResolveSending(snapshot);
  const notice = selectResolvedNotice(snapshot);
  const error = selectReviewsError(snapshot);
  const reloading = selectReviewsReloading(snapshot);
  const formId = useId();
  const loading = selectReviewsLoading(snapshot);
  const loadError = selectReviewsLoadError(snapshot);
  if (loading || loadError !== null)
    return (
      <LoadState loading={loading} error={loadError} what="reviews" onRetry={() => send({ type: 'reviews.retry' })} />
    );
  const resolveError = selectResolveError(snapshot);
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>
          Earnings held by a fraud signal or disputed by the advertiser wait here, oldest first, each with the evidence
          of what its campaign asked for: verified minutes, clicks, redemptions or bot posts. Decide what the creator is
          paid; the rest returns to the advertiser, and both read your reason.
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => send({ type: 'reviews.reload' })}
        >
          Refresh
        </Button>
      </div>
      {/* Always present, so that a resolution's confirmation is announced (as the approvals' is). */}
      <div aria-live="polite" className={s.notices}>
        {notice ? (
          <Alert tone="success">
            <p className={s.notice}>
              Resolved {notice.brand} “{notice.title}”: {formatMoney(notice.payCents)} to {notice.creatorName},{' '}
              {formatMoney(notice.refundCents)} back to the advertiser.
            </p>
          </Alert>
        ) : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {reviews.length === 0 ? (
        <Card>
          <p className={s.empty}>No earnings held or disputed.</p>
        </Card>
      ) : (
        <ul className={s.list} aria-label="Earnings to review">
          {reviews.map((review) => {
            const headingId = `review-${review.offerId}`;
            return (
              <Card as="li" key={review.offerId} className={s.row} aria-labelledby={headingId}>
                <h2 id={headingId} className={s.name}>
                  {review.brand}: “{review.title}”
                </h2>
                <p className={s.muted}>
                  <Chip tone="warning">{REVIEW_STATUS_LABELS[review.status]}</Chip> {review.creatorName} ·{' '}
                  {review.creatorEmail}
                </p>
                <p className={s.destination}>
                  Earned {formatMoney(review.earnedCents)} · window ends {formatDateTime(review.endsAt)}
                </p>
                {review.evidence.overlay ? (
                  <p className={s.muted}>
                    Overlay: {formatDuration(review.evidence.overlay.verifiedSeconds)} of{' '}
                    {formatDuration(review.evidence.overlay.targetSeconds)} verified · {formatCount(review.impressions)}{' '}
                    impressions
                  </p>
                ) : null}
                <DeliveryEvidence evidence={review.evidence} level={3} idBase={headingId} />
                {review.status === 'held' && review.holdReasons.length > 0 ? (
                  <div>
                    <p className={s.destination} id={`${headingId}-holds`}>
                      Held because
                    </p>
                    <ul aria-labelledby={`${headingId}-holds`} className={s.reasons}>
                      {review.holdReasons.map((hold) => (
                        <li key={hold.rule}>{hold.detail}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {review.disputeReason ? (
                  <p className={s.quote}>
                    <strong>
                      Advertiser’s dispute{review.disputedAt ? ` (${formatDateTime(review.disputedAt)})` : ''}:
                    </strong>{' '}
                    {review.disputeReason}
                  </p>
                ) : null}
                <div className={s.actions}>
                  <Button
                    variant="dashboard"
                    size="sm"
                    aria-describedby={headingId}
                    onClick={() => send({ type: 'resolve.open', offerId: review.offerId })}
                  >
                    Resolve
                  </Button>
                </div>
              </Card>
            );
          })}
        </ul>
      )}
      <Dialog
        open={resolving !== null}
        onOpenChange={(next) => {
          if (!next && !sending) send({ type: 'resolve.cancel' });
        }}
        title={resolving ? `Resolve ${resolving.brand} “${resolving.title}”` : 'Resolve'}
        description={
          resolving
            ? `${resolving.creatorName} earned ${formatMoney(resolving.earnedCents)}. What you do not pay the creator returns to the advertiser; both read your reason.`
            : undefined
        }
        width="narrow"
        footer={
          <>
            <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'resolve.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="dashboard" disabled={sending} aria-busy={sending || undefined}>
              Resolve
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          className={s.panel}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'resolve.submit' });
          }}
        >
          {resolveError ? (
            <Alert tone="error" title="Not resolved">
              <p>{resolveError}</p>
            </Alert>
          ) : null}
          <Field
            label="Pay the creator"
            name="pay"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            hint={resolving ? `From $0 to ${formatMoney(resolving.earnedCents)}.` : undefined}
            value={selectResolvePay(snapshot)}
            error={selectResolvePayError(snapshot) ?? undefined}
            disabled={sending}
            onChange={(event) => send({ type: 'pay.change', value: event.target.value })}
          />
          <div className={s.actions}>
            <Button variant="secondary" size="sm" disabled={sending} onClick={() => send({ type: 'pay.full' })}>
              Pay in full
            </Button>
            <Button variant="secondary" size="sm" disabled={sending} onClick={() => send({ type: 'refund.full' })}>
              Refund in full
            </Button>
          </div>
          <Field
            label="Reason"
            name="reason"
            multiline
            rows={4}
            hint="10 to 1000 characters; the creator and the advertiser read it."
            value={selectResolveReason(snapshot)}
            error={selectResolveReasonError(snapshot) ?? undefined}
            disabled={sending}
            onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
          />
        </form>
      </Dialog>
    </>
  );
}
