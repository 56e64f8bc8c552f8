// The operator console's Funds tab (docs/product.md §Money "Advertiser funding", the `manual` rail): approved advertisers with their
// balance and reservations; Record deposit opens a dialog whose amount (dollars and cents) and reference are checked
// here before the deposit is recorded (POST /api/admin/deposits, with an Idempotency-Key kept while the same deposit is
// sent again, so a resend after a lost answer records it once); a refusal keeps the dialog and says why.
import { assign, setup } from 'xstate';
import type { AdvertiserProfile } from '@/contract';
import { findTransferReference, parseDollars } from '@/contract/money';
import { newIdempotencyKey } from '../ids';
import { errorText } from '../messages';
import { service } from '../placeholders';

export type FundedAdvertiser = AdvertiserProfile & {
  userId: string;
  email: string;
  createdAt: string;
  balanceCents: number;
  reservedCents: number;
  /** The advertiser's transfer reference (docs/product.md §Advertiser onboarding). */
  fundingReference: string;
};

/** What is wrong with a deposit's field, as an id (docs/architecture.md §Languages): the Funds tab words it. */
export type DepositProblem = { id: 'required' } | { id: 'amountInvalid' };

export const DEPOSIT_REQUIRED: DepositProblem = { id: 'required' };
export const DEPOSIT_AMOUNT_INVALID: DepositProblem = { id: 'amountInvalid' };

/** The last deposit recorded, for the screen's confirmation: its amount and the advertiser's company (null: unknown). */
export interface DepositNotice {
  amountCents: number;
  companyName: string | null;
}

export interface DepositDraft {
  amount: string;
  reference: string;
}

/** The deposit as sent, with its Idempotency-Key: sent again unchanged, it keeps the key (docs/product.md §Money). */
export interface DepositRequest {
  advertiserId: string;
  amountCents: number;
  reference: string;
  idempotencyKey: string;
}

export interface AdminFundsContext {
  advertisers: FundedAdvertiser[];
  /** The advertiser the dialog records a deposit for. */
  target: string | null;
  draft: DepositDraft;
  fieldErrors: Partial<Record<keyof DepositDraft, DepositProblem>>;
  /** The load's failure, or the refused deposit (in the dialog). */
  error: string | null;
  /** The last deposit recorded, confirmed on the screen. */
  notice: DepositNotice | null;
  /** The deposit being sent or last refused; null once recorded or when the dialog opens. */
  pending: DepositRequest | null;
  /** What the operator typed or pasted to find an advertiser by transfer reference (docs/product.md §Advertiser onboarding). */
  find: string;
}

export type AdminFundsEvent =
  | { type: 'funds.retry' }
  | { type: 'funds.find'; text: string }
  | { type: 'deposit.open'; userId: string }
  | { type: 'deposit.change'; field: keyof DepositDraft; value: string }
  | { type: 'deposit.submit' }
  | { type: 'deposit.cancel' };

export function depositProblems(draft: DepositDraft): Partial<Record<keyof DepositDraft, DepositProblem>> {
  const problems: Partial<Record<keyof DepositDraft, DepositProblem>> = {};
  const cents = parseDollars(draft.amount);
  if (draft.amount.trim() === '') problems.amount = DEPOSIT_REQUIRED;
  else if (cents === null || cents <= 0) problems.amount = DEPOSIT_AMOUNT_INVALID;
  if (draft.reference.trim() === '') problems.reference = DEPOSIT_REQUIRED;
  return problems;
}

const EMPTY: DepositDraft = { amount: '', reference: '' };

/**
 * The advertisers the Funds tab shows: all, or those whose transfer reference (or company, or e-mail) matches what
 * was typed; a reference is recognised in any case or spacing, inside a pasted line.
 */
export function advertisersFound(advertisers: FundedAdvertiser[], text: string): FundedAdvertiser[] {
  const term = text.trim();
  if (term === '') return advertisers;
  const reference = findTransferReference(term);
  if (reference) return advertisers.filter((a) => a.fundingReference === reference);
  const lower = term.toLowerCase();
  return advertisers.filter(
    (a) => a.companyName.toLowerCase().includes(lower) || a.email.toLowerCase().includes(lower),
  );
}

export const adminFundsMachine = setup({
  types: { context: {} as AdminFundsContext, events: {} as AdminFundsEvent },
  actors: {
    /** GET /api/admin/advertisers?status=approved. */
    loadFunded: service<FundedAdvertiser[]>('loadFunded'),
    /** POST /api/admin/deposits → the advertiser's new balance. */
    recordDeposit: service<{ balanceCents: number }, DepositRequest>('recordDeposit'),
  },
  guards: {
    draftOk: ({ context }) => Object.keys(depositProblems(context.draft)).length === 0,
  },
}).createMachine({
  id: 'adminFunds',
  context: {
    advertisers: [],
    target: null,
    draft: EMPTY,
    fieldErrors: {},
    error: null,
    notice: null,
    pending: null,
    find: '',
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFunded',
        src: 'loadFunded',
        onDone: { target: 'ready', actions: assign({ advertisers: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'funds.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'funds.find': { actions: assign({ find: ({ event }) => event.text }) },
            'deposit.open': {
              target: 'editing',
              actions: assign({
                target: ({ event }) => event.userId,
                // Found by its transfer reference: the deposit is recorded under that reference.
                draft: ({ context, event }) => {
                  const reference = findTransferReference(context.find);
                  const found = context.advertisers.find((a) => a.userId === event.userId);
                  return reference && found?.fundingReference === reference ? { ...EMPTY, reference } : EMPTY;
                },
                fieldErrors: {},
                error: null,
                notice: null,
                pending: null,
              }),
            },
          },
        },
        editing: {
          on: {
            'deposit.change': {
              actions: assign(({ context, event }) => {
                const draft = { ...context.draft, [event.field]: event.value };
                // Once shown, a field's check follows the text as it is corrected.
                return {
                  draft,
                  fieldErrors: {
                    ...context.fieldErrors,
                    [event.field]: context.fieldErrors[event.field] ? depositProblems(draft)[event.field] : undefined,
                  },
                };
              }),
            },
            'deposit.submit': [
              {
                guard: 'draftOk',
                target: 'saving',
                actions: assign(({ context }) => {
                  const request = {
                    advertiserId: context.target!,
                    amountCents: parseDollars(context.draft.amount)!,
                    reference: context.draft.reference.trim(),
                  };
                  const { pending } = context;
                  // The same deposit sent again (after a refusal or a lost answer) keeps its key; another is new.
                  const same =
                    pending !== null &&
                    pending.advertiserId === request.advertiserId &&
                    pending.amountCents === request.amountCents &&
                    pending.reference === request.reference;
                  return {
                    fieldErrors: {},
                    error: null,
                    pending: same ? pending : { ...request, idempotencyKey: newIdempotencyKey() },
                  };
                }),
              },
              { actions: assign({ fieldErrors: ({ context }) => depositProblems(context.draft) }) },
            ],
            'deposit.cancel': { target: 'idle', actions: assign({ target: null, error: null }) },
          },
        },
        saving: {
          invoke: {
            id: 'recordDeposit',
            src: 'recordDeposit',
            input: ({ context }) => context.pending!,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const advertiser = context.advertisers.find((a) => a.userId === context.target);
                return {
                  advertisers: context.advertisers.map((a) =>
                    a.userId === context.target ? { ...a, balanceCents: event.output.balanceCents } : a,
                  ),
                  notice: {
                    amountCents: parseDollars(context.draft.amount)!,
                    companyName: advertiser?.companyName ?? null,
                  },
                  target: null,
                  draft: EMPTY,
                  pending: null,
                };
              }),
            },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
