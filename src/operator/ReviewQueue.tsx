// The operator console's Reviews tab (docs/product.md §Verified delivery, §Deliverables): earnings held by a fraud signal or
// disputed by the advertiser, each with the evidence of every deliverable its campaign asked for (the proof report's,
// src/deliverables/DeliveryEvidence.tsx), resolved with what the creator is paid and a reason both sides read. In the
// console's language (the operator catalogue), money in US dollars and days the language's way; the brand, the creator,
// what people wrote (the dispute, the reason), the fraud signals' details as the server stored them and the server's
// refusals stay as they are. A chunk of its own, loaded when the tab is opened (src/operator/OperatorConsole.tsx).
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { REVIEW_REASON_LENGTH } from '@/contract/money';
import type { ReviewReasonProblem } from '@/machines/money/deliveryDispute.machine';
import type { PayProblem } from '@/machines/operator/reviewQueue.machine';
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
import { formatsIn, type Formats } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { useReviewQueueLogic, type ReviewQueueLogic } from '@/src/operator/reviewQueue';
import { DeliveryEvidence } from '@/src/deliverables/DeliveryEvidence';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { LoadState } from '@/src/common/LoadState';
import { operatorMessages } from './catalogue';
import * as s from './OperatorConsole.css';
import { refusalText, type OperatorWords } from './refusal';

/** The amount's problem in words, its limit in US dollars the language's way; undefined for none. */
function payProblemText(t: OperatorWords, money: Formats['money'], problem: PayProblem | null): string | undefined {
  if (!problem) return undefined;
  return problem.id === 'invalid' ? t('reviews.payInvalid') : t('reviews.payTooMuch', { max: money(problem.maxCents) });
}

/** The reason's problem in words; undefined for none. Its limits as written ("1000"), not as a count. */
function reasonProblemText(t: OperatorWords, problem: ReviewReasonProblem | null): string | undefined {
  if (!problem) return undefined;
  switch (problem.id) {
    case 'required':
      return t('reviews.reasonRequired');
    case 'tooShort':
      return t('reviews.reasonTooShort', { min: String(problem.min) });
    case 'tooLong':
      return t('reviews.reasonTooLong', { max: String(problem.max) });
  }
}

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
  const { t, locale } = useMessages(operatorMessages);
  const { money, dateTime, duration } = formatsIn(locale);
  if (loading || loadError !== null)
    return (
      <LoadState
        loading={loading}
        error={refusalText(t, loadError)}
        what={t('reviews.loading')}
        onRetry={() => send({ type: 'reviews.retry' })}
      />
    );
  const resolveError = refusalText(t, selectResolveError(snapshot));
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>{t('reviews.explain')}</p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => send({ type: 'reviews.reload' })}
        >
          {t('money.refresh')}
        </Button>
      </div>
      {/* Always present, so that a resolution's confirmation is announced (as the approvals' is). */}
      <div aria-live="polite" className={s.notices}>
        {notice ? (
          <Alert tone="success">
            <p className={s.notice}>
              {t('reviews.resolvedNotice', {
                brand: notice.brand,
                title: notice.title,
                pay: money(notice.payCents),
                creator: notice.creatorName,
                refund: money(notice.refundCents),
              })}
            </p>
          </Alert>
        ) : null}
      </div>
      {error ? <Alert tone="error">{refusalText(t, error)}</Alert> : null}
      {reviews.length === 0 ? (
        <Card>
          <p className={s.empty}>{t('reviews.none')}</p>
        </Card>
      ) : (
        <ul className={s.list} aria-label={t('reviews.list')}>
          {reviews.map((review) => {
            const headingId = `review-${review.offerId}`;
            return (
              <Card as="li" key={review.offerId} className={s.row} aria-labelledby={headingId}>
                <h2 id={headingId} className={s.name}>
                  {t('reviews.heading', { brand: review.brand, title: review.title })}
                </h2>
                <p className={s.muted}>
                  <Chip tone="warning">{t('reviews.status', { status: review.status })}</Chip> {review.creatorName} ·{' '}
                  {review.creatorEmail}
                </p>
                <p className={s.destination}>
                  {t('reviews.earned', { amount: money(review.earnedCents), date: dateTime(review.endsAt) })}
                </p>
                {review.evidence.overlay ? (
                  <p className={s.muted}>
                    {t('reviews.overlay', {
                      verified: duration(review.evidence.overlay.verifiedSeconds),
                      target: duration(review.evidence.overlay.targetSeconds),
                      impressions: review.impressions,
                    })}
                  </p>
                ) : null}
                <DeliveryEvidence evidence={review.evidence} level={3} idBase={headingId} />
                {review.status === 'held' && review.holdReasons.length > 0 ? (
                  <div>
                    <p className={s.destination} id={`${headingId}-holds`}>
                      {t('reviews.heldBecause')}
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
                      {review.disputedAt
                        ? t('reviews.disputeOn', { date: dateTime(review.disputedAt) })
                        : t('reviews.dispute')}
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
                    {t('reviews.resolve')}
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
        title={
          resolving
            ? t('reviews.resolveTitle', { brand: resolving.brand, title: resolving.title })
            : t('reviews.resolve')
        }
        description={
          resolving
            ? t('reviews.resolveDescription', {
                creator: resolving.creatorName,
                amount: money(resolving.earnedCents),
              })
            : undefined
        }
        width="narrow"
        footer={
          <>
            <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'resolve.cancel' })}>
              {t('decision.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="dashboard" disabled={sending} aria-busy={sending || undefined}>
              {t('reviews.resolve')}
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
            <Alert tone="error" title={t('reviews.notResolved')}>
              <p>{resolveError}</p>
            </Alert>
          ) : null}
          <Field
            label={t('reviews.pay')}
            name="pay"
            adornment={t('funds.currency')}
            inputMode="decimal"
            autoComplete="off"
            hint={resolving ? t('reviews.payHint', { min: money(0), max: money(resolving.earnedCents) }) : undefined}
            value={selectResolvePay(snapshot)}
            error={payProblemText(t, money, selectResolvePayError(snapshot))}
            disabled={sending}
            onChange={(event) => send({ type: 'pay.change', value: event.target.value })}
          />
          <div className={s.actions}>
            <Button variant="secondary" size="sm" disabled={sending} onClick={() => send({ type: 'pay.full' })}>
              {t('reviews.payFull')}
            </Button>
            <Button variant="secondary" size="sm" disabled={sending} onClick={() => send({ type: 'refund.full' })}>
              {t('reviews.refundFull')}
            </Button>
          </div>
          <Field
            label={t('decision.reason')}
            name="reason"
            multiline
            rows={4}
            hint={t('reviews.reasonHint', {
              min: String(REVIEW_REASON_LENGTH.min),
              max: String(REVIEW_REASON_LENGTH.max),
            })}
            value={selectResolveReason(snapshot)}
            error={reasonProblemText(t, selectResolveReasonError(snapshot))}
            disabled={sending}
            onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
          />
        </form>
      </Dialog>
    </>
  );
}
