// The counter-offer form both sides fill in (docs/product.md §Counter-offers): pay in dollars, optional deliverable
// minutes (empty: unchanged) and a message; checked as the server checks it (contract/marketplace.ts
// MARKETPLACE_LIMITS), so a refusal for bad input never needs a round trip. Used by counterOffer (the creator) and
// proposalReply (the advertiser). What is wrong is an id with the values its text reads; the views word it
// (docs/architecture.md §Languages, src/marketplace/offerDialogsWords.ts).
import { MARKETPLACE_LIMITS as L } from '@/contract/marketplace';
import type { Proposal } from '@/contract';
import { messageProblem, type MessageProblem } from './thread.machine';

export interface ProposalDraft {
  /** Dollars as typed: "150" or "150.50". */
  pay: string;
  /** Minutes as typed; empty: the deliverable stays as it is. */
  minutes: string;
  message: string;
}

/** The pay is not a sum of dollars, or out of the range a proposal may name (in cents). */
export type PayProblem = { id: 'payFormat' } | { id: 'payRange'; minCents: number; maxCents: number };
/** The minutes are not whole minutes from 1 to `max`. */
export type MinutesProblem = { id: 'minutesFormat'; max: number };
/** Any field's problem. */
export type ProposalProblem = PayProblem | MinutesProblem | MessageProblem;

export interface ProposalErrors {
  pay: PayProblem | null;
  minutes: MinutesProblem | null;
  message: MessageProblem | null;
}

export const NO_ERRORS: ProposalErrors = { pay: null, minutes: null, message: null };

export const PAY_FORMAT: PayProblem = { id: 'payFormat' };
export const PAY_RANGE: PayProblem = { id: 'payRange', minCents: L.minPayCents, maxCents: L.maxPayCents };
export const MINUTES_FORMAT: MinutesProblem = { id: 'minutesFormat', max: L.maxDeliverableMinutes };

/** Whole cents from dollars as typed, or null when it is not a sum of money. */
export function centsOf(pay: string): number | null {
  const text = pay.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

export function payProblem(pay: string): PayProblem | null {
  const cents = centsOf(pay);
  if (cents === null) return PAY_FORMAT;
  return cents < L.minPayCents || cents > L.maxPayCents ? PAY_RANGE : null;
}

export function minutesProblem(minutes: string): MinutesProblem | null {
  const text = minutes.trim();
  if (text === '') return null;
  if (!/^\d{1,6}$/.test(text)) return MINUTES_FORMAT;
  const value = Number(text);
  return value < 1 || value > L.maxDeliverableMinutes ? MINUTES_FORMAT : null;
}

export function draftProblems(draft: ProposalDraft): ProposalErrors {
  return { pay: payProblem(draft.pay), minutes: minutesProblem(draft.minutes), message: messageProblem(draft.message) };
}

export const draftOk = (draft: ProposalDraft) => {
  const errors = draftProblems(draft);
  return errors.pay === null && errors.minutes === null && errors.message === null;
};

/** What POST /api/offers/:id/proposals sends for a valid draft. */
export function requestOf(draft: ProposalDraft): {
  payCents: number;
  deliverableMinutes: number | null;
  message: string;
} {
  return {
    payCents: centsOf(draft.pay)!,
    deliverableMinutes: draft.minutes.trim() === '' ? null : Number(draft.minutes.trim()),
    message: draft.message.trim(),
  };
}

/** A new draft: the pay as it stands (the open proposal's, else the offer's), no minutes, no message. */
export function draftFrom(payCents: number): ProposalDraft {
  return { pay: (payCents / 100).toFixed(payCents % 100 === 0 ? 0 : 2), minutes: '', message: '' };
}

/** The events of the form, shared by both flows. */
export type ProposalFormEvent =
  | { type: 'pay.change'; value: string }
  | { type: 'minutes.change'; value: string }
  | { type: 'message.change'; value: string };

/** Once shown, a field's check follows the text as it is corrected. */
export function edited(
  draft: ProposalDraft,
  errors: ProposalErrors,
  event: ProposalFormEvent,
): { draft: ProposalDraft; errors: ProposalErrors } {
  const field = event.type === 'pay.change' ? 'pay' : event.type === 'minutes.change' ? 'minutes' : 'message';
  const next = { ...draft, [field]: event.value };
  const recheck = { pay: payProblem, minutes: minutesProblem, message: messageProblem }[field];
  return { draft: next, errors: { ...errors, [field]: errors[field] === null ? null : recheck(event.value) } };
}

/** The minutes a proposal's terms name: its own, else the offer's (the views say "$150 for 90 minutes"). */
export function proposalMinutes(proposal: Pick<Proposal, 'deliverableMinutes'>, minutes: number): number {
  return proposal.deliverableMinutes ?? minutes;
}
