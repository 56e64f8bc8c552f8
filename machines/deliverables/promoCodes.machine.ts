// Promo codes on the campaign page (docs/product.md §Deliverables, "Promo codes"): each accepted offer's code (GET
// /api/campaigns/:id/promo-codes), edited here and saved together or generated for the offers without one (PUT …);
// the shop's redemption key created and shown this once (POST …/redemption-key); a CSV of redemptions uploaded (POST
// …/redemptions), its added, duplicate and refused lines shown. Codes are checked here as the server does.
import { assign, setup } from 'xstate';
import { PROMO_CODE_PATTERN } from '@/contract/deliverables';
import type { ResponseBody } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** GET/PUT /api/campaigns/:id/promo-codes. */
export type PromoCodesAnswer = ResponseBody<'listPromoCodes'>;
/** POST /api/campaigns/:id/redemptions. */
export type RedemptionsCsvResult = ResponseBody<'uploadRedemptions'>;

export interface PromoCodesContext {
  campaignId: string;
  answer: PromoCodesAnswer | null;
  /** The codes as typed, by offer id (the saved code until changed). */
  drafts: Record<string, string>;
  /** Offers whose typed code is refused, with why (an id the view words). */
  codeErrors: Record<string, PromoCodeProblem>;
  /** The key just created: shown until dismissed, never again (stored hashed). */
  key: string | null;
  /** The last upload's outcome. */
  upload: RedemptionsCsvResult | null;
  /** Why the codes could not be read (failed) or why a change was refused (ready). */
  error: string | null;
  /** What the last change did, as an id the view words ("Codes saved"). */
  notice: PromoNotice | null;
}

export type PromoCodesEvent =
  | { type: 'promo.retry' }
  | { type: 'code.change'; offerId: string; code: string }
  | { type: 'codes.save' }
  | { type: 'codes.generate' }
  | { type: 'key.create' }
  | { type: 'key.dismiss' }
  | { type: 'csv.upload'; file: Blob };

/** Why a typed code cannot be sent (docs/architecture.md §Languages: an id, the view words it). */
export type PromoCodeProblem = { id: 'codeFormat' };
/** What the last change did: nothing changed, the codes saved, or codes generated for the offers without one. */
export type PromoNotice = 'unchanged' | 'saved' | 'generated';

/** The code's problem as the contract's promo code states it; null when it may be sent. */
export function codeProblem(code: string): PromoCodeProblem | null {
  return PROMO_CODE_PATTERN.test(code.trim()) ? null : { id: 'codeFormat' };
}

/** The codes changed from the saved ones (a cleared code is left as it was: the server assigns, never removes). */
export function changedCodes(context: Pick<PromoCodesContext, 'answer' | 'drafts'>) {
  return (context.answer?.codes ?? [])
    .map((row) => ({ offerId: row.offerId, code: (context.drafts[row.offerId] ?? row.code ?? '').trim() }))
    .filter((row, i) => row.code !== '' && row.code !== (context.answer!.codes[i]!.code ?? ''));
}

function problems(context: PromoCodesContext): Record<string, PromoCodeProblem> {
  const refused: Record<string, PromoCodeProblem> = {};
  for (const row of changedCodes(context)) {
    const problem = codeProblem(row.code);
    if (problem) refused[row.offerId] = problem;
  }
  return refused;
}

const draftsOf = (answer: PromoCodesAnswer) =>
  Object.fromEntries(answer.codes.map((row) => [row.offerId, row.code ?? '']));

export const promoCodesMachine = setup({
  types: {
    context: {} as PromoCodesContext,
    events: {} as PromoCodesEvent,
    input: {} as { campaignId: string },
  },
  actors: {
    /** GET /api/campaigns/:id/promo-codes. */
    loadCodes: service<PromoCodesAnswer, { campaignId: string }>('loadCodes'),
    /** PUT /api/campaigns/:id/promo-codes `{ codes }` or `{ generate: true }` → the list as it now stands. */
    saveCodes: service<
      PromoCodesAnswer,
      { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true }
    >('saveCodes'),
    /** POST /api/campaigns/:id/redemption-key → `cbr_…`, this once. */
    createKey: service<string, { campaignId: string }>('createKey'),
    /** POST /api/campaigns/:id/redemptions with the CSV file. */
    uploadCsv: service<RedemptionsCsvResult, { campaignId: string; file: Blob }>('uploadCsv'),
  },
  guards: {
    hasChanges: ({ context }) => changedCodes(context).length > 0,
    codesValid: ({ context }) => Object.keys(problems(context)).length === 0,
    /** An accepted offer without a code: Generate codes has something to do. */
    hasMissing: ({ context }) => (context.answer?.codes ?? []).some((row) => row.code === null),
  },
}).createMachine({
  id: 'promoCodes',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    answer: null,
    drafts: {},
    codeErrors: {},
    key: null,
    upload: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCodes',
        src: 'loadCodes',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: {
          target: 'ready',
          actions: assign({ answer: ({ event }) => event.output, drafts: ({ event }) => draftsOf(event.output) }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'promo.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'code.change': {
              actions: assign({
                drafts: ({ context, event }) => ({ ...context.drafts, [event.offerId]: event.code }),
                codeErrors: ({ context, event }) => {
                  const { [event.offerId]: _dropped, ...rest } = context.codeErrors;
                  return rest;
                },
                notice: null,
              }),
            },
            'codes.save': [
              { guard: 'hasChanges', target: '#promoCodes.ready.checking' },
              { actions: assign({ notice: 'unchanged' as const, error: null }) },
            ],
            'codes.generate': {
              guard: 'hasMissing',
              target: 'generating',
              actions: assign({ error: null, notice: null }),
            },
            'key.create': { target: 'creatingKey', actions: assign({ error: null, notice: null }) },
            'key.dismiss': { actions: assign({ key: null }) },
            'csv.upload': { target: 'uploading', actions: assign({ error: null, notice: null, upload: null }) },
          },
        },
        checking: {
          always: [
            { guard: 'codesValid', target: 'saving', actions: assign({ codeErrors: {}, error: null, notice: null }) },
            { target: 'idle', actions: assign({ codeErrors: ({ context }) => problems(context) }) },
          ],
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveCodes',
            src: 'saveCodes',
            input: ({ context }) => ({ campaignId: context.campaignId, codes: changedCodes(context) }),
            onDone: {
              target: 'idle',
              actions: assign({
                answer: ({ event }) => event.output,
                drafts: ({ event }) => draftsOf(event.output),
                notice: 'saved' as const,
              }),
            },
            // The typed codes stay; the server's reason (a code already taken) is shown.
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        generating: {
          tags: ['busy'],
          invoke: {
            id: 'saveCodes',
            src: 'saveCodes',
            input: ({ context }) => ({ campaignId: context.campaignId, generate: true as const }),
            onDone: {
              target: 'idle',
              actions: assign({
                answer: ({ event }) => event.output,
                drafts: ({ event }) => draftsOf(event.output),
                codeErrors: {},
                notice: 'generated' as const,
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        creatingKey: {
          tags: ['busy'],
          invoke: {
            id: 'createKey',
            src: 'createKey',
            input: ({ context }) => ({ campaignId: context.campaignId }),
            onDone: {
              target: 'idle',
              actions: assign({
                key: ({ event }) => event.output,
                answer: ({ context }) => (context.answer ? { ...context.answer, redemptionKey: true } : null),
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        uploading: {
          tags: ['busy'],
          invoke: {
            id: 'uploadCsv',
            src: 'uploadCsv',
            input: ({ context, event }) => ({
              campaignId: context.campaignId,
              file: (event as Extract<PromoCodesEvent, { type: 'csv.upload' }>).file,
            }),
            onDone: { target: 'reloading', actions: assign({ upload: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        // After an upload the redemption counts changed: read the list again, keeping the typed codes.
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'loadCodes',
            src: 'loadCodes',
            input: ({ context }) => ({ campaignId: context.campaignId }),
            onDone: { target: 'idle', actions: assign({ answer: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
