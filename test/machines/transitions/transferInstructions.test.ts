// The operator's transfer instructions, pinned by hand (docs/product.md §Advertiser onboarding): loaded (none yet reads
// as an empty text), edited, checked against the server's limit (at most 2,000 characters once trimmed) when Save is
// pressed, sent trimmed; a save is confirmed until the next edit, a refusal keeps the text and goes on the next Save.
// Each pin reads what the console reads (transferInstructions.select.ts). Replayed on the console by
// test/views/transferInstructions.screen.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { TransferInstructions } from '@/contract';
import { MAX_TRANSFER_INSTRUCTIONS } from '@/contract/money';
import { transferInstructionsMachine } from '@/machines/operator/transferInstructions.machine';

// The problem by value, as the console words it (a comparison with the machine's own constant would pass a mutant
// that emptied it).
const INSTRUCTIONS_TOO_LONG = { id: 'instructionsTooLong', max: 2000 };
import {
  selectInstructionsLoadError,
  selectInstructionsLoading,
  selectInstructionsNotice,
  selectInstructionsProblem,
  selectInstructionsSaving,
  selectInstructionsText,
  selectInstructionsUpdatedAt,
} from '@/machines/operator/transferInstructions.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const PUBLISHED: TransferInstructions = {
  instructions: 'Example Bank · Castbridge Ltd · IBAN GB33 BUKB 2020 1555 5555 55',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const NONE: TransferInstructions = { instructions: null, updatedAt: null };

function start() {
  const load = controlled<TransferInstructions>();
  const save = controlled<TransferInstructions, { instructions: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    transferInstructionsMachine.provide({ actors: { loadInstructions: load.logic, saveInstructions: save.logic } }),
    { inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    load,
    save,
    received,
    snapshot,
    console: () => ({
      loading: selectInstructionsLoading(snapshot()),
      loadError: selectInstructionsLoadError(snapshot()),
      text: selectInstructionsText(snapshot()),
      saving: selectInstructionsSaving(snapshot()),
      problem: selectInstructionsProblem(snapshot()),
      notice: selectInstructionsNotice(snapshot()),
      updatedAt: selectInstructionsUpdatedAt(snapshot()),
    }),
  };
}

async function editing(loaded: TransferInstructions = PUBLISHED) {
  const flow = start();
  await flow.load.resolve(loaded);
  expect(flow.snapshot().value).toBe('editing');
  return flow;
}

it('reads the published instructions first, with nothing to edit, refuse or confirm yet', () => {
  const flow = start();
  expect(flow.snapshot().value).toBe('loading');
  expect(flow.load.started).toBe(1);
  expect(flow.snapshot().context).toEqual({ saved: null, text: '', error: null, problem: null, notice: false });
  expect(flow.console()).toEqual({
    loading: true,
    loadError: null,
    text: '',
    saving: false,
    problem: null,
    notice: null,
    updatedAt: null,
  });
});

describe('transferInstructions transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(transferInstructionsMachine);

  pin(
    {
      from: 'transferInstructions.loading',
      on: 'xstate.done.actor.loadInstructions',
      to: 'transferInstructions.editing',
    },
    'the published text is shown for editing, with when it was changed',
    async () => {
      const flow = await editing();
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadInstructions');
      expect(flow.console()).toMatchObject({
        loading: false,
        text: PUBLISHED.instructions,
        updatedAt: PUBLISHED.updatedAt,
      });
      expect(flow.console().problem).toBeNull();
      // None published yet: an empty text, never null.
      const none = await editing(NONE);
      expect(none.snapshot().context.text).toBe('');
      expect(none.console()).toMatchObject({ text: '', updatedAt: null, notice: null });
    },
  );

  pin(
    {
      from: 'transferInstructions.loading',
      on: 'xstate.error.actor.loadInstructions',
      to: 'transferInstructions.failed',
    },
    'a failed read says why',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Ha ocurrido un error'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadInstructions');
      expect(flow.console()).toMatchObject({ loading: false, loadError: 'Ha ocurrido un error', problem: null });
    },
  );

  pin(
    { from: 'transferInstructions.failed', on: 'instructions.retry', to: 'transferInstructions.loading' },
    'Try again reads them again, and the error goes',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Ha ocurrido un error'));
      flow.actor.send({ type: 'instructions.retry' });
      expect(flow.load.started).toBe(2);
      expect(flow.console()).toMatchObject({ loading: true, loadError: null });
      await flow.load.resolve(PUBLISHED);
      expect(flow.console()).toMatchObject({ text: PUBLISHED.instructions, problem: null });
    },
  );

  pin(
    { from: 'transferInstructions.editing', on: 'instructions.change', to: null },
    'typing keeps the text and ends "Saved"; the length check shows only after a Save, then follows the text',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'instructions.change', value: 'x'.repeat(MAX_TRANSFER_INSTRUCTIONS + 1) });
      expect(flow.console()).toMatchObject({ text: 'x'.repeat(MAX_TRANSFER_INSTRUCTIONS + 1), problem: null });
      flow.actor.send({ type: 'instructions.save' });
      expect(flow.console().problem).toEqual(INSTRUCTIONS_TOO_LONG);
      flow.actor.send({ type: 'instructions.change', value: 'x'.repeat(MAX_TRANSFER_INSTRUCTIONS + 2) });
      expect(flow.console().problem).toEqual(INSTRUCTIONS_TOO_LONG);
      flow.actor.send({ type: 'instructions.change', value: 'x'.repeat(MAX_TRANSFER_INSTRUCTIONS) });
      expect(flow.console().problem).toBeNull();
      // A confirmed save ends with the next edit.
      flow.actor.send({ type: 'instructions.save' });
      await flow.save.resolve(PUBLISHED);
      expect(flow.console().notice).toBe('published');
      flow.actor.send({ type: 'instructions.change', value: 'Other Bank' });
      expect(flow.console()).toMatchObject({ text: 'Other Bank', notice: null });
    },
  );

  pin(
    {
      from: 'transferInstructions.editing',
      on: 'instructions.save',
      guard: 'textOk',
      to: 'transferInstructions.saving',
    },
    'Save sends the text trimmed (2,000 characters and spaces around them pass); a refusal or "Saved" goes meanwhile',
    async () => {
      const flow = await editing();
      const longest = ` ${'x'.repeat(MAX_TRANSFER_INSTRUCTIONS)}  `;
      flow.actor.send({ type: 'instructions.change', value: longest });
      flow.actor.send({ type: 'instructions.save' });
      expect(flow.snapshot().value).toBe('saving');
      expect(flow.save.inputs).toEqual([{ instructions: 'x'.repeat(MAX_TRANSFER_INSTRUCTIONS) }]);
      expect(flow.console()).toMatchObject({ saving: true, problem: null });
      // Refused, then sent again as it is: the refusal goes.
      await flow.save.reject(new Error('instructions: must be at most 2000 characters'));
      expect(flow.console().problem).toBe('instructions: must be at most 2000 characters');
      flow.actor.send({ type: 'instructions.save' });
      expect(flow.snapshot().context.error).toBeNull();
      await flow.save.resolve(PUBLISHED);
      expect(flow.console()).toMatchObject({ problem: null, notice: 'published' });
      // Saved, then saved again unchanged: "Saved" goes until the answer.
      flow.actor.send({ type: 'instructions.save' });
      expect(flow.console()).toMatchObject({ saving: true, notice: null });
      expect(flow.save.inputs.at(-1)).toEqual({ instructions: PUBLISHED.instructions });
    },
  );

  pin(
    { from: 'transferInstructions.editing', on: 'instructions.save', to: null },
    'more than 2,000 characters once trimmed is not sent, and says so',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'instructions.change', value: 'x'.repeat(MAX_TRANSFER_INSTRUCTIONS + 1) });
      flow.actor.send({ type: 'instructions.save' });
      expect(flow.snapshot().value).toBe('editing');
      expect(flow.save.started).toBe(0);
      expect(flow.console().problem).toEqual(INSTRUCTIONS_TOO_LONG);
    },
  );

  pin(
    {
      from: 'transferInstructions.saving',
      on: 'xstate.done.actor.saveInstructions',
      to: 'transferInstructions.editing',
    },
    'saved: the text is what the server keeps, confirmed as published, or withdrawn when saved empty',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'instructions.change', value: `  ${PUBLISHED.instructions}` });
      flow.actor.send({ type: 'instructions.save' });
      await flow.save.resolve(PUBLISHED);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.saveInstructions');
      expect(flow.console()).toMatchObject({
        saving: false,
        text: PUBLISHED.instructions,
        notice: 'published',
        updatedAt: PUBLISHED.updatedAt,
      });
      flow.actor.send({ type: 'instructions.change', value: '   ' });
      flow.actor.send({ type: 'instructions.save' });
      expect(flow.save.inputs.at(-1)).toEqual({ instructions: '' });
      await flow.save.resolve(NONE);
      expect(flow.snapshot().context.text).toBe('');
      expect(flow.console()).toMatchObject({ text: '', notice: 'withdrawn', updatedAt: null });
    },
  );

  pin(
    {
      from: 'transferInstructions.saving',
      on: 'xstate.error.actor.saveInstructions',
      to: 'transferInstructions.editing',
    },
    'a refusal keeps the text and says why',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'instructions.change', value: 'Other Bank' });
      flow.actor.send({ type: 'instructions.save' });
      await flow.save.reject(new Error('Ha ocurrido un error'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.saveInstructions');
      expect(flow.console()).toMatchObject({
        saving: false,
        text: 'Other Bank',
        problem: 'Ha ocurrido un error',
        notice: null,
        updatedAt: PUBLISHED.updatedAt,
      });
    },
  );

  pinsEveryTransition();
});
