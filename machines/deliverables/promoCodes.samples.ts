// The promoCodes flow's samples, for its generated paths, the inspector and the view tests (catalogued in
// machines/samples.ts): a promo campaign's accepted offers, one with a code, as GET /api/campaigns/:id/promo-codes
// answers them.
import { apiRefusal, type Fixture } from '../events';
import type { PromoCodesAnswer, promoCodesMachine, RedemptionsCsvResult } from './promoCodes.machine';

export const samplePromoCodes: PromoCodesAnswer = {
  codes: [
    { offerId: 'off_rin', creator: 'Rin Plays', code: 'NOVA-RIN', redemptions: 7 },
    { offerId: 'off_milo', creator: 'Milo Live', code: null, redemptions: 0 },
  ],
  redemptionKey: false,
};

/** After Generate codes: every offer has one. */
export const sampleGeneratedCodes: PromoCodesAnswer = {
  codes: [
    { offerId: 'off_rin', creator: 'Rin Plays', code: 'NOVA-RIN', redemptions: 7 },
    { offerId: 'off_milo', creator: 'Milo Live', code: 'NOVA-7KQ2XM', redemptions: 0 },
  ],
  redemptionKey: false,
};

export const sampleRedemptionKey = 'cbr_4hT9qLm2Xv8bN3sK7wPz1RcY';

export const sampleCsvResult: RedemptionsCsvResult = {
  added: 12,
  duplicates: 2,
  rejected: [
    { line: 5, message: 'code: no such code in this campaign' },
    { line: 9, message: 'order_id: is required' },
  ],
};

export const samples = {
  inputs: [{ campaignId: 'cmp_nova' }],
  events: {
    'code.change': [
      { type: 'code.change', offerId: 'off_milo', code: 'MILO-NOVA' },
      { type: 'code.change', offerId: 'off_milo', code: 'no spaces!' },
    ],
    'csv.upload': [{ type: 'csv.upload', file: new Blob(['order_id,code\nA-1,NOVA-RIN\n'], { type: 'text/csv' }) }],
    'xstate.done.actor.loadCodes': [{ type: 'xstate.done.actor.loadCodes', output: samplePromoCodes }],
    'xstate.error.actor.loadCodes': [
      { type: 'xstate.error.actor.loadCodes', error: apiRefusal('The campaign has no promo deliverable', 409) },
    ],
    'xstate.done.actor.saveCodes': [{ type: 'xstate.done.actor.saveCodes', output: sampleGeneratedCodes }],
    'xstate.error.actor.saveCodes': [
      { type: 'xstate.error.actor.saveCodes', error: apiRefusal('The code NOVA-RIN is already taken', 409) },
    ],
    'xstate.done.actor.createKey': [{ type: 'xstate.done.actor.createKey', output: sampleRedemptionKey }],
    'xstate.error.actor.createKey': [
      { type: 'xstate.error.actor.createKey', error: apiRefusal('Service unavailable', 503) },
    ],
    'xstate.done.actor.uploadCsv': [{ type: 'xstate.done.actor.uploadCsv', output: sampleCsvResult }],
    'xstate.error.actor.uploadCsv': [
      { type: 'xstate.error.actor.uploadCsv', error: apiRefusal('Not CSV or no such columns', 400) },
    ],
  },
  abstract: (context) => ({
    loaded: context.answer !== null,
    missing: context.answer?.codes.filter((row) => row.code === null).length ?? null,
    milo: context.drafts.off_milo ?? null,
    codeErrors: Object.keys(context.codeErrors).length,
    key: context.key !== null,
    upload: context.upload !== null,
    error: context.error !== null,
    notice: context.notice,
  }),
} satisfies Fixture<typeof promoCodesMachine>;
