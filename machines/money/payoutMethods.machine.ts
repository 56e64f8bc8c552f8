// Set Payout Method (docs/spec.md §2, §4 Payout bank; docs/product.md §Money): the creator's stored methods load; Connect on the Bank
// Account or PayPal card opens its dialog, whose fields are checked here (an ABA routing number by its checksum)
// before the method is stored; Disconnect removes it. Connecting a kind again replaces it (the server keeps one of
// each). A failed load offers a retry; a refused save keeps the dialog and its fields, and says why.
import { assign, setup } from 'xstate';
import type { PayoutMethod } from '@/contract';
import { isAbaRoutingNumber, isAccountNumber, onlyDigits, type PayoutMethodKind } from '@/contract/money';
import { errorText } from '../messages';
import { service } from '../placeholders';

/**
 * What is wrong with a field (the view words it, src/money/messages): empty, a routing number that is not a US ABA
 * number, an account number of the wrong length (contract/money.ts ACCOUNT_NUMBER_DIGITS), an e-mail that is not one.
 */
export type PayoutFieldProblem = 'required' | 'routingInvalid' | 'accountInvalid' | 'emailInvalid';

export type PayoutField = 'holderName' | 'routingNumber' | 'accountNumber' | 'email';

/** The kinds the creator types in (a Stripe Express account is made through Stripe's onboarding instead). */
export type TypedPayoutKind = Exclude<PayoutMethodKind, 'stripe'>;

export const FIELDS_OF: Record<TypedPayoutKind, PayoutField[]> = {
  bank: ['holderName', 'routingNumber', 'accountNumber'],
  paypal: ['email'],
};

export type PayoutDraft = Record<PayoutField, string>;
const EMPTY_DRAFT: PayoutDraft = { holderName: '', routingNumber: '', accountNumber: '', email: '' };

/** Why a field cannot be sent, or null. */
export function payoutFieldProblem(field: PayoutField, value: string): PayoutFieldProblem | null {
  const text = value.trim();
  if (text === '') return 'required';
  if (field === 'routingNumber') return isAbaRoutingNumber(onlyDigits(text)) ? null : 'routingInvalid';
  if (field === 'accountNumber') return isAccountNumber(onlyDigits(text)) ? null : 'accountInvalid';
  if (field === 'email') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? null : 'emailInvalid';
  return null;
}

const problemsOf = (kind: TypedPayoutKind, draft: PayoutDraft) =>
  Object.fromEntries(
    FIELDS_OF[kind]
      .map((field) => [field, payoutFieldProblem(field, draft[field])])
      .filter(([, problem]) => problem !== null),
  ) as Partial<Record<PayoutField, PayoutFieldProblem>>;

/** What POST /api/payout-methods receives for the dialog's kind. */
export type NewPayoutMethod =
  | { kind: 'bank'; holderName: string; routingNumber: string; accountNumber: string }
  | { kind: 'paypal'; email: string };

export interface PayoutMethodsContext {
  methods: PayoutMethod[];
  /** The dialog's kind while it is open. */
  kind: TypedPayoutKind | null;
  draft: PayoutDraft;
  fieldErrors: Partial<Record<PayoutField, PayoutFieldProblem>>;
  /** The method being removed. */
  removingId: string | null;
  /** The last failure: the load (with a retry), a refused save (in the dialog) or removal (on the screen). */
  error: string | null;
}

export type PayoutMethodsEvent =
  | { type: 'method.open'; kind: TypedPayoutKind }
  | { type: 'field.change'; field: PayoutField; value: string }
  | { type: 'method.connect' }
  | { type: 'method.cancel' }
  | { type: 'method.disconnect'; id: string }
  | { type: 'methods.retry' };

export const payoutMethodsMachine = setup({
  types: {
    context: {} as PayoutMethodsContext,
    events: {} as PayoutMethodsEvent,
  },
  actors: {
    /** GET /api/payout-methods → the creator's methods. */
    loadMethods: service<PayoutMethod[]>('loadMethods'),
    /** POST /api/payout-methods → all methods after connecting (or replacing) this one. */
    addMethod: service<PayoutMethod[], NewPayoutMethod>('addMethod'),
    /** DELETE /api/payout-methods/:id → the methods left. */
    removeMethod: service<PayoutMethod[], { id: string }>('removeMethod'),
  },
  guards: {
    // Checked in a dialog only, where a kind is always open.
    draftOk: ({ context }) => Object.keys(problemsOf(context.kind!, context.draft)).length === 0,
    isMethod: ({ context }, { id }: { id: string }) => context.methods.some((method) => method.id === id),
  },
}).createMachine({
  id: 'payoutMethods',
  context: { methods: [], kind: null, draft: EMPTY_DRAFT, fieldErrors: {}, removingId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: { target: 'ready', actions: assign({ methods: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'methods.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'method.open': {
              target: 'editing',
              actions: assign({ kind: ({ event }) => event.kind, draft: EMPTY_DRAFT, fieldErrors: {}, error: null }),
            },
            'method.disconnect': {
              guard: { type: 'isMethod', params: ({ event }) => ({ id: event.id }) },
              target: 'removing',
              actions: assign({ removingId: ({ event }) => event.id, error: null }),
            },
          },
        },
        // A dialog is open.
        editing: {
          on: {
            // Once shown, a field's check follows the text as it is corrected.
            'field.change': {
              actions: assign(({ context, event }) => ({
                draft: { ...context.draft, [event.field]: event.value },
                fieldErrors: {
                  ...context.fieldErrors,
                  [event.field]: context.fieldErrors[event.field]
                    ? (payoutFieldProblem(event.field, event.value) ?? undefined)
                    : undefined,
                },
              })),
            },
            'method.connect': [
              { guard: 'draftOk', target: 'saving', actions: assign({ fieldErrors: {}, error: null }) },
              { actions: assign({ fieldErrors: ({ context }) => problemsOf(context.kind!, context.draft) }) },
            ],
            'method.cancel': { target: 'idle', actions: assign({ kind: null, error: null }) },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'addMethod',
            src: 'addMethod',
            input: ({ context }): NewPayoutMethod =>
              context.kind === 'paypal'
                ? { kind: 'paypal', email: context.draft.email.trim() }
                : {
                    kind: 'bank',
                    holderName: context.draft.holderName.trim(),
                    routingNumber: onlyDigits(context.draft.routingNumber),
                    accountNumber: onlyDigits(context.draft.accountNumber),
                  },
            onDone: {
              target: 'idle',
              actions: assign({ methods: ({ event }) => event.output, kind: null, draft: EMPTY_DRAFT }),
            },
            // The dialog stays open with its fields, and says why.
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeMethod',
            src: 'removeMethod',
            input: ({ context }) => ({ id: context.removingId! }),
            onDone: { target: 'idle', actions: assign({ methods: ({ event }) => event.output, removingId: null }) },
            onError: {
              target: 'idle',
              actions: assign({ removingId: null, error: ({ event }) => errorText(event.error) }),
            },
          },
        },
      },
    },
  },
});
