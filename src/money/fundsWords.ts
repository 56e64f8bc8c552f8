// What the Funds card's dialogs hold as ids, in the screen's language (docs/architecture.md §Languages): the amount's
// check of Add funds (addFunds' DepositAmountProblem) and of Refund unspent funds (fundsRefund's RefundAmountProblem),
// with their limits in US dollars the language's way (`money`, from formatsIn), and the reason's check of the
// advertiser's Dispute delivery (deliveryDispute's ReviewReasonProblem). Plain functions of the screen's `t`, not
// hooks: a component calls useMessages once, as its last hook.
import type { DepositAmountProblem } from '@/machines/money/addFunds.machine';
import type { ReviewReasonProblem } from '@/machines/money/deliveryDispute.machine';
import type { RefundAmountProblem } from '@/machines/money/fundsRefund.machine';
import type { MessageValues } from '@/src/i18n/i18n';
import type { FundsMessage } from './fundsCatalogue';

/** The `t` of a useMessages with fundsMessages. */
export type FundsWords = (id: FundsMessage, values?: MessageValues) => string;
/** A sum of cents in the screen's language (formatsIn(locale).money). */
type Money = (cents: number) => string;

/** The Add funds amount's problem in words; undefined for none, so the Field shows no error. */
export function depositProblemText(
  t: FundsWords,
  money: Money,
  problem: DepositAmountProblem | null,
): string | undefined {
  if (!problem) return undefined;
  switch (problem.id) {
    case 'required':
      return t('problem.required');
    case 'invalid':
      return t('problem.depositInvalid');
    case 'tooSmall':
      return t('problem.depositTooSmall', { min: money(problem.minCents) });
    case 'tooLarge':
      return t('problem.depositTooLarge', { max: money(problem.maxCents) });
  }
}

/** The Refund amount's problem in words; undefined for none. */
export function refundProblemText(
  t: FundsWords,
  money: Money,
  problem: RefundAmountProblem | null,
): string | undefined {
  if (!problem) return undefined;
  switch (problem.id) {
    case 'required':
      return t('problem.required');
    case 'invalid':
      return t('problem.refundInvalid');
    case 'tooLarge':
      return t('problem.refundTooLarge', { balance: money(problem.balanceCents) });
  }
}

/** The dispute's reason's problem in words; undefined for none. Its limits as written ("1000"), not as a count. */
export function reasonProblemText(t: FundsWords, problem: ReviewReasonProblem | null): string | undefined {
  if (!problem) return undefined;
  switch (problem.id) {
    case 'required':
      return t('problem.required');
    case 'tooShort':
      return t('problem.reasonTooShort', { min: String(problem.min) });
    case 'tooLong':
      return t('problem.reasonTooLong', { max: String(problem.max) });
  }
}
