// What the offer dialogs' machines hold as ids and values, in the screen's language (docs/architecture.md
// §Languages): a field's problem (thread.machine's MessageProblem, offerActions' ReasonProblem, proposalForm's) and a
// proposal's terms ("$150 for 90 minutes"). Plain functions of the screen's `t` and formats, not hooks: a component
// calls useMessages once, as its last hook.
import type { Proposal } from '@/contract';
import type { ReasonProblem } from '@/machines/marketplace/offerActions.machine';
import { proposalMinutes, type ProposalProblem } from '@/machines/marketplace/proposalForm';
import type { Formats } from '@/src/common/format';
import type { MessageValues } from '@/src/i18n/i18n';
import type { OfferDialogsMessage } from './offerDialogsCatalogue';

/** The `t` of a useMessages with offerDialogsMessages. */
export type OfferDialogsWords = (id: OfferDialogsMessage, values?: MessageValues) => string;

const PROBLEMS = {
  required: 'problem.required',
  messageTooLong: 'problem.messageTooLong',
  reasonTooLong: 'decline.reasonTooLong',
  payFormat: 'proposal.payFormat',
  payRange: 'proposal.payRange',
  minutesFormat: 'proposal.minutesFormat',
} as const satisfies Record<(ProposalProblem | ReasonProblem)['id'], OfferDialogsMessage>;

/**
 * A field's problem in words; undefined for none, so a Field shows no error. Sums of money are written the language's
 * way (`money`, formatsIn(locale).money).
 */
export function problemText(
  t: OfferDialogsWords,
  money: Formats['money'],
  problem: ProposalProblem | ReasonProblem | null,
): string | undefined {
  if (!problem) return undefined;
  if (problem.id === 'payRange') {
    return t(PROBLEMS.payRange, { min: money(problem.minCents), max: money(problem.maxCents) });
  }
  return t(PROBLEMS[problem.id], problem);
}

/** "$150 for 90 minutes": a proposal's pay and the minutes it names, else the offer's (`minutes`). */
export function termsText(
  t: OfferDialogsWords,
  money: Formats['money'],
  proposal: Pick<Proposal, 'payCents' | 'deliverableMinutes'>,
  minutes: number,
): string {
  return t('counter.terms', { pay: money(proposal.payCents), minutes: proposalMinutes(proposal, minutes) });
}
