// Promo codes' transitions (docs/product.md §Deliverables, "Promo codes"), pinned by hand: the codes read, typed codes
// checked here before anything is sent (only the changed ones are), saved or generated, the redemption key held once,
// a CSV uploaded and the counts read again, each refusal said.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { apiRefusal } from '@/machines/events';
import {
  promoCodesMachine,
  type PromoCodesAnswer,
  type RedemptionsCsvResult,
} from '@/machines/deliverables/promoCodes.machine';
import {
  selectCanGenerate,
  selectCsvResult,
  selectHasRedemptionKey,
  selectNewKey,
  selectPromoChanged,
  selectPromoCodeErrors,
  selectPromoDrafts,
  selectPromoError,
  selectPromoMissing,
  selectPromoNotice,
  selectPromoRows,
} from '@/machines/deliverables/promoCodes.select';
import {
  sampleCsvResult,
  sampleGeneratedCodes,
  samplePromoCodes,
  sampleRedemptionKey,
} from '@/machines/deliverables/promoCodes.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

type SaveInput =
  { campaignId: string; codes: { offerId: string; code: string }[] } | { campaignId: string; generate: true };

const csv = new Blob(['order_id,code\nA-1,NOVA-RIN\n'], { type: 'text/csv' });

function start() {
  const load = controlled<PromoCodesAnswer, { campaignId: string }>();
  const save = controlled<PromoCodesAnswer, SaveInput>();
  const key = controlled<string, { campaignId: string }>();
  const upload = controlled<RedemptionsCsvResult, { campaignId: string; file: Blob }>();
  const actor = createActor(
    promoCodesMachine.provide({
      actors: { loadCodes: load.logic, saveCodes: save.logic, createKey: key.logic, uploadCsv: upload.logic },
    }),
    { input: { campaignId: 'cmp_nova' } },
  );
  actor.start();
  return {
    actor,
    load,
    save,
    key,
    upload,
    value: () => actor.getSnapshot().value,
    snapshot: () => actor.getSnapshot(),
  };
}

async function ready() {
  const promo = start();
  await promo.load.resolve(samplePromoCodes);
  expect(promo.value()).toEqual({ ready: 'idle' });
  return promo;
}

describe('promoCodes transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(promoCodesMachine);

  pin(
    { from: 'promoCodes.loading', on: 'xstate.done.actor.loadCodes', to: 'promoCodes.ready' },
    'the codes are read; a missing code types as empty',
    async () => {
      const promo = start();
      expect(promo.load.inputs).toEqual([{ campaignId: 'cmp_nova' }]);
      await promo.load.resolve(samplePromoCodes);
      expect(selectPromoRows(promo.snapshot())).toHaveLength(2);
      expect(selectPromoDrafts(promo.snapshot())).toEqual({ off_rin: 'NOVA-RIN', off_milo: '' });
      expect(selectPromoMissing(promo.snapshot())).toBe(1);
      expect(selectPromoChanged(promo.snapshot())).toBe(false);
    },
  );

  pin(
    { from: 'promoCodes.loading', on: 'xstate.error.actor.loadCodes', to: 'promoCodes.failed' },
    'a failed read says why',
    async () => {
      const promo = start();
      await promo.load.reject(apiRefusal('The campaign has no promo deliverable', 409));
      expect(selectPromoError(promo.snapshot())).toBe('The campaign has no promo deliverable');
    },
  );

  pin({ from: 'promoCodes.failed', on: 'promo.retry', to: 'promoCodes.loading' }, 'Try again', async () => {
    const promo = start();
    await promo.load.reject(apiRefusal('Service unavailable', 503));
    promo.actor.send({ type: 'promo.retry' });
    expect(promo.value()).toBe('loading');
    expect(selectPromoError(promo.snapshot())).toBeNull();
  });

  pin(
    { from: 'promoCodes.ready.idle', on: 'code.change', to: null },
    'typing changes the draft and clears its error',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: 'x' });
      promo.actor.send({ type: 'codes.save' });
      expect(selectPromoCodeErrors(promo.snapshot())).toHaveProperty('off_milo');
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: 'MILO-NOVA' });
      expect(selectPromoCodeErrors(promo.snapshot())).toEqual({});
      expect(selectPromoChanged(promo.snapshot())).toBe(true);
    },
  );

  pin(
    { from: 'promoCodes.ready.idle', on: 'codes.save', guard: 'hasChanges', to: 'promoCodes.ready.checking' },
    'a change is checked (and, valid, sent at once)',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: ' MILO-NOVA ' });
      promo.actor.send({ type: 'codes.save' });
      expect(promo.value()).toEqual({ ready: 'saving' });
    },
  );

  pin(
    { from: 'promoCodes.ready.idle', on: 'codes.save', to: null },
    'nothing changed: nothing sent, the notice says so',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'codes.save' });
      expect(promo.value()).toEqual({ ready: 'idle' });
      expect(selectPromoNotice(promo.snapshot())).toBe('unchanged');
      expect(promo.save.started).toBe(0);
    },
  );

  pin(
    { from: 'promoCodes.ready.checking', on: 'always', guard: 'codesValid', to: 'promoCodes.ready.saving' },
    'only the changed codes are sent, trimmed',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: ' MILO-NOVA ' });
      promo.actor.send({ type: 'codes.save' });
      expect(promo.save.inputs).toEqual([
        { campaignId: 'cmp_nova', codes: [{ offerId: 'off_milo', code: 'MILO-NOVA' }] },
      ]);
    },
  );

  pin(
    { from: 'promoCodes.ready.checking', on: 'always', to: 'promoCodes.ready.idle' },
    'a bad code is refused at its field, nothing sent',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: 'no spaces!' });
      promo.actor.send({ type: 'codes.save' });
      expect(promo.value()).toEqual({ ready: 'idle' });
      expect(selectPromoCodeErrors(promo.snapshot())).toEqual({
        off_milo: { id: 'codeFormat' },
      });
      expect(promo.save.started).toBe(0);
    },
  );

  pin(
    { from: 'promoCodes.ready.saving', on: 'xstate.done.actor.saveCodes', to: 'promoCodes.ready.idle' },
    'saved: the answer replaces the list',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: 'NOVA-7KQ2XM' });
      promo.actor.send({ type: 'codes.save' });
      await promo.save.resolve(sampleGeneratedCodes);
      expect(selectPromoNotice(promo.snapshot())).toBe('saved');
      expect(selectPromoChanged(promo.snapshot())).toBe(false);
    },
  );

  pin(
    { from: 'promoCodes.ready.saving', on: 'xstate.error.actor.saveCodes', to: 'promoCodes.ready.idle' },
    'a taken code: the reason shown, the typed codes kept',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: 'NOVA-RIN' });
      promo.actor.send({ type: 'codes.save' });
      await promo.save.reject(apiRefusal('The code NOVA-RIN is already taken', 409));
      expect(selectPromoError(promo.snapshot())).toBe('The code NOVA-RIN is already taken');
      expect(selectPromoDrafts(promo.snapshot()).off_milo).toBe('NOVA-RIN');
    },
  );

  pin(
    {
      from: 'promoCodes.ready.idle',
      on: 'codes.generate',
      guard: 'hasMissing',
      to: 'promoCodes.ready.generating',
    },
    'Generate codes asks the server for the missing ones; with none missing nothing is sent',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'codes.generate' });
      expect(promo.save.inputs).toEqual([{ campaignId: 'cmp_nova', generate: true }]);
      const full = start();
      await full.load.resolve(sampleGeneratedCodes);
      expect(selectCanGenerate(full.snapshot())).toBe(false);
      full.actor.send({ type: 'codes.generate' });
      expect(full.value()).toEqual({ ready: 'idle' });
      expect(full.save.started).toBe(0);
    },
  );

  pin(
    { from: 'promoCodes.ready.generating', on: 'xstate.done.actor.saveCodes', to: 'promoCodes.ready.idle' },
    'generated: every offer has a code',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'codes.generate' });
      await promo.save.resolve(sampleGeneratedCodes);
      expect(selectPromoMissing(promo.snapshot())).toBe(0);
      expect(selectPromoDrafts(promo.snapshot()).off_milo).toBe('NOVA-7KQ2XM');
    },
  );

  pin(
    { from: 'promoCodes.ready.generating', on: 'xstate.error.actor.saveCodes', to: 'promoCodes.ready.idle' },
    'a refused generation says why',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'codes.generate' });
      await promo.save.reject(apiRefusal('Service unavailable', 503));
      expect(selectPromoError(promo.snapshot())).toBe('Service unavailable');
    },
  );

  pin(
    { from: 'promoCodes.ready.idle', on: 'key.create', to: 'promoCodes.ready.creatingKey' },
    'Create key',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'key.create' });
      expect(promo.key.inputs).toEqual([{ campaignId: 'cmp_nova' }]);
    },
  );

  pin(
    { from: 'promoCodes.ready.creatingKey', on: 'xstate.done.actor.createKey', to: 'promoCodes.ready.idle' },
    'the key is held once; a key now exists',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'key.create' });
      await promo.key.resolve(sampleRedemptionKey);
      expect(selectNewKey(promo.snapshot())).toBe(sampleRedemptionKey);
      expect(selectHasRedemptionKey(promo.snapshot())).toBe(true);
    },
  );

  pin(
    { from: 'promoCodes.ready.creatingKey', on: 'xstate.error.actor.createKey', to: 'promoCodes.ready.idle' },
    'a refused key says why',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'key.create' });
      await promo.key.reject(apiRefusal('Service unavailable', 503));
      expect(selectNewKey(promo.snapshot())).toBeNull();
      expect(selectPromoError(promo.snapshot())).toBe('Service unavailable');
    },
  );

  pin({ from: 'promoCodes.ready.idle', on: 'key.dismiss', to: null }, 'Done forgets the key', async () => {
    const promo = await ready();
    promo.actor.send({ type: 'key.create' });
    await promo.key.resolve(sampleRedemptionKey);
    promo.actor.send({ type: 'key.dismiss' });
    expect(selectNewKey(promo.snapshot())).toBeNull();
    expect(selectHasRedemptionKey(promo.snapshot())).toBe(true);
  });

  pin(
    { from: 'promoCodes.ready.idle', on: 'csv.upload', to: 'promoCodes.ready.uploading' },
    'the file is sent as it is',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'csv.upload', file: csv });
      expect(promo.upload.inputs).toEqual([{ campaignId: 'cmp_nova', file: csv }]);
    },
  );

  pin(
    { from: 'promoCodes.ready.uploading', on: 'xstate.done.actor.uploadCsv', to: 'promoCodes.ready.reloading' },
    'the outcome is held and the counts read again',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'csv.upload', file: csv });
      await promo.upload.resolve(sampleCsvResult);
      expect(selectCsvResult(promo.snapshot())).toEqual(sampleCsvResult);
      expect(promo.load.started).toBe(2);
    },
  );

  pin(
    { from: 'promoCodes.ready.uploading', on: 'xstate.error.actor.uploadCsv', to: 'promoCodes.ready.idle' },
    'a refused file says why',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'csv.upload', file: csv });
      await promo.upload.reject(apiRefusal('Not CSV or no such columns', 400));
      expect(selectPromoError(promo.snapshot())).toBe('Not CSV or no such columns');
      expect(selectCsvResult(promo.snapshot())).toBeNull();
    },
  );

  pin(
    { from: 'promoCodes.ready.reloading', on: 'xstate.done.actor.loadCodes', to: 'promoCodes.ready.idle' },
    'the new counts, the typed codes kept',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'code.change', offerId: 'off_milo', code: 'MILO' });
      promo.actor.send({ type: 'csv.upload', file: csv });
      await promo.upload.resolve(sampleCsvResult);
      await promo.load.resolve({ ...samplePromoCodes, codes: [{ ...samplePromoCodes.codes[0]!, redemptions: 19 }] });
      expect(selectPromoRows(promo.snapshot())[0]!.redemptions).toBe(19);
      expect(selectPromoDrafts(promo.snapshot()).off_milo).toBe('MILO');
    },
  );

  pin(
    { from: 'promoCodes.ready.reloading', on: 'xstate.error.actor.loadCodes', to: 'promoCodes.ready.idle' },
    'a failed reread keeps the list and the outcome',
    async () => {
      const promo = await ready();
      promo.actor.send({ type: 'csv.upload', file: csv });
      await promo.upload.resolve(sampleCsvResult);
      await promo.load.reject(apiRefusal('Service unavailable', 503));
      expect(selectCsvResult(promo.snapshot())).toEqual(sampleCsvResult);
      expect(selectPromoRows(promo.snapshot())).toHaveLength(2);
    },
  );

  pinsEveryTransition();
});
