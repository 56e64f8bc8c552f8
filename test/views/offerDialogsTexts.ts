// What a person reads in the offer dialogs for each problem their flows hold (the English catalogue's words,
// src/marketplace/messages/offerDialogs.en.json): the screen tests assert what a person sees.
import type { Proposal } from '@/contract';
import { formatCents } from '@/contract/cents';
import type { ReasonProblem } from '@/machines/marketplace/offerActions.machine';
import { proposalMinutes, type ProposalProblem } from '@/machines/marketplace/proposalForm';

/** A field's check in English; null for none. */
export function problemInEnglish(problem: ProposalProblem | ReasonProblem | null): string | null {
  if (!problem) return null;
  switch (problem.id) {
    case 'required':
      return 'Este campo es obligatorio';
    case 'messageTooLong':
      return `Keep the message under ${problem.max.toLocaleString('en-US')} characters.`;
    case 'reasonTooLong':
      return `Keep the reason under ${problem.max.toLocaleString('en-US')} characters.`;
    case 'payFormat':
      return 'Enter the pay in dollars, like 150 or 150.50.';
    case 'payRange':
      return `Pay is between ${formatCents(problem.minCents)} and ${formatCents(problem.maxCents)}.`;
    case 'minutesFormat':
      return `Enter whole minutes between 1 and ${problem.max.toLocaleString('en-US')}, or leave it empty.`;
  }
}

/** "$150 for 90 minutes": a proposal's terms as the card and the campaign page write them in English. */
export function termsInEnglish(proposal: Pick<Proposal, 'payCents' | 'deliverableMinutes'>, minutes: number): string {
  const m = proposalMinutes(proposal, minutes);
  return `${formatCents(proposal.payCents)} for ${m} minute${m === 1 ? '' : 's'}`;
}
