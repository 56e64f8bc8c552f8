// What is wrong with an operator's decision text (a payout's or a wired refund's reference or reason), as an id and
// the values its text reads (docs/architecture.md §Languages): empty, too long, or refused by the server (its words,
// as they came). The console words it (src/operator/DecisionDialog.tsx); adminPayouts and adminRefunds hold it.
import { errorText } from '../messages';

export type DecisionProblem = { id: 'required' } | { id: 'tooLong'; max: number } | { id: 'refused'; text: string };

/** A refused decision: the server's words, kept as they came. */
export const refusedDecision = (error: unknown): DecisionProblem => ({ id: 'refused', text: errorText(error) });
