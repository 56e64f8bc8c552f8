// What a person reads in the Funds card's dialogs for each amount check their flows hold (the English catalogue's
// words, src/money/messages/funds.en.json): the screen tests assert what a person sees.
import { formatCents } from '@/contract/cents';
import { depositAmountProblem } from '@/machines/money/addFunds.machine';
import { refundAmountProblem } from '@/machines/money/fundsRefund.machine';

/** The Add funds amount's check in English, for the amount typed; null for none. */
export function depositProblemInEnglish(amount: string): string | null {
  const problem = depositAmountProblem(amount);
  if (!problem) return null;
  switch (problem.id) {
    case 'required':
      return 'Este campo es obligatorio';
    case 'invalid':
      return 'Enter an amount in dollars and cents, e.g. 500 or 500.50.';
    case 'tooSmall':
      return `The smallest amount you can add is ${formatCents(problem.minCents)}.`;
    case 'tooLarge':
      return `The largest amount you can add at once is ${formatCents(problem.maxCents)}.`;
  }
}

/** The Refund amount's check in English, for the amount typed against the free balance; null for none. */
export function refundProblemInEnglish(amount: string, balanceCents: number): string | null {
  const problem = refundAmountProblem(amount, balanceCents);
  if (!problem) return null;
  switch (problem.id) {
    case 'required':
      return 'Este campo es obligatorio';
    case 'invalid':
      return 'Enter an amount in dollars and cents, e.g. 200 or 200.50.';
    case 'tooLarge':
      return `You can refund at most ${formatCents(problem.balanceCents)}, your free balance.`;
  }
}
