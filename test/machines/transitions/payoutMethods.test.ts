// Set Payout Method's transitions, pinned by hand (issue 45: money flows are pinned as well as path-tested): source,
// event, expected target and what it changes — what the screen reads through payoutMethods.select.ts (the stored
// methods, the open dialog, each field's check, the refusal, Disconnect busy), what POST and DELETE
// /api/payout-methods are sent, and the event names the flow receives from its calls.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import type { PayoutMethod } from '@/contract';
import {
  payoutMethodsMachine,
  type NewPayoutMethod,
  type PayoutField,
  type TypedPayoutKind,
} from '@/machines/money/payoutMethods.machine';
import {
  selectActionError,
  selectBusy,
  selectDialogKind,
  selectDraft,
  selectFieldErrors,
  selectMethodOf,
  selectMethodsLoadError,
  selectMethodsLoading,
  selectMethodsReady,
  selectRemovingId,
  selectSaving,
} from '@/machines/money/payoutMethods.select';
import { sampleBankMethod, samplePaypalMethod } from '@/machines/money/samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

// What is wrong with a field, as the machine says it: an id the view words (src/money/messages).
const REQUIRED_MESSAGE = 'required';
const ROUTING_INVALID = 'routingInvalid';
const ACCOUNT_INVALID = 'accountInvalid';
const EMAIL_INVALID = 'emailInvalid';

/** A routing number whose ABA checksum holds (3·2 + 7·… ≡ 0 mod 10), typed with spaces and a dash. */
const ROUTING = '021 000-021';
const EMPTY = { holderName: '', routingNumber: '', accountNumber: '', email: '' };

function start() {
  const loadMethods = controlled<PayoutMethod[]>();
  const addMethod = controlled<PayoutMethod[], NewPayoutMethod>();
  const removeMethod = controlled<PayoutMethod[], { id: string }>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    payoutMethodsMachine.provide({
      actors: { loadMethods: loadMethods.logic, addMethod: addMethod.logic, removeMethod: removeMethod.logic },
    }),
    { inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const type = (values: Partial<Record<PayoutField, string>>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'field.change', field: field as PayoutField, value });
  };
  return {
    actor,
    loadMethods,
    addMethod,
    removeMethod,
    received,
    type,
    value: () => snapshot().value,
    context: () => snapshot().context,
    /** What the screen reads. */
    screen: () => ({
      loading: selectMethodsLoading(snapshot()),
      loadError: selectMethodsLoadError(snapshot()),
      ready: selectMethodsReady(snapshot()),
      bank: selectMethodOf(snapshot(), 'bank'),
      paypal: selectMethodOf(snapshot(), 'paypal'),
      dialog: selectDialogKind(snapshot()),
      saving: selectSaving(snapshot()),
      removingId: selectRemovingId(snapshot()),
      busy: selectBusy(snapshot()),
      error: selectActionError(snapshot()),
    }),
    draft: () => selectDraft(snapshot()),
    fieldErrors: () => selectFieldErrors(snapshot()),
  };
}

const idleScreen = {
  loading: false,
  loadError: null,
  ready: true,
  bank: sampleBankMethod,
  paypal: null,
  dialog: null,
  saving: false,
  removingId: null,
  busy: false,
  error: null,
};

/** The bank account stored, nothing open. */
async function ready(methods: PayoutMethod[] = [sampleBankMethod]) {
  const flow = start();
  await flow.loadMethods.resolve(methods);
  expect(flow.value()).toEqual({ ready: 'idle' });
  return flow;
}

/** A dialog open on `kind`. */
async function editing(kind: TypedPayoutKind) {
  const flow = await ready();
  flow.actor.send({ type: 'method.open', kind });
  expect(flow.value()).toEqual({ ready: 'editing' });
  return flow;
}

/** The bank dialog filled in correctly and Connect clicked. */
async function saving() {
  const flow = await editing('bank');
  flow.type({ holderName: ' Ana Lee ', routingNumber: ROUTING, accountNumber: '000 123-456 789' });
  flow.actor.send({ type: 'method.connect' });
  expect(flow.value()).toEqual({ ready: 'saving' });
  return flow;
}

/** Disconnect clicked on the bank account. */
async function removing() {
  const flow = await ready([sampleBankMethod, samplePaypalMethod]);
  flow.actor.send({ type: 'method.disconnect', id: sampleBankMethod.id });
  expect(flow.value()).toEqual({ ready: 'removing' });
  return flow;
}

/** The field errors Connect shows for `values` typed into the `kind` dialog. */
async function refused(kind: TypedPayoutKind, values: Partial<Record<PayoutField, string>>) {
  const flow = await editing(kind);
  flow.type(values);
  flow.actor.send({ type: 'method.connect' });
  expect(flow.value()).toEqual({ ready: 'editing' });
  expect(flow.addMethod.started).toBe(0);
  return flow.fieldErrors();
}

describe('payoutMethods transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(payoutMethodsMachine);

  pin(
    { from: 'payoutMethods.loading', on: 'xstate.done.actor.loadMethods', to: 'payoutMethods.ready' },
    'the stored methods show, one per kind',
    async () => {
      const flow = start();
      expect(flow.context()).toEqual({
        methods: [],
        kind: null,
        draft: EMPTY,
        fieldErrors: {},
        removingId: null,
        error: null,
      });
      expect(flow.screen()).toMatchObject({ loading: true, ready: false, loadError: null, busy: false });
      await flow.loadMethods.resolve([sampleBankMethod]);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadMethods');
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.screen()).toEqual(idleScreen);
    },
  );

  pin(
    { from: 'payoutMethods.loading', on: 'xstate.error.actor.loadMethods', to: 'payoutMethods.failed' },
    'a failed load says why',
    async () => {
      const flow = start();
      await flow.loadMethods.reject(new Error('Failed to fetch'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadMethods');
      expect(flow.value()).toBe('failed');
      expect(flow.screen()).toMatchObject({ loading: false, ready: false, loadError: 'Failed to fetch', error: null });
    },
  );

  pin(
    { from: 'payoutMethods.failed', on: 'methods.retry', to: 'payoutMethods.loading' },
    'Try again loads the methods again, and a load that works forgets the failure',
    async () => {
      const flow = start();
      await flow.loadMethods.reject('offline');
      expect(flow.screen().loadError).toBe('offline');
      flow.actor.send({ type: 'methods.retry' });
      expect(flow.value()).toBe('loading');
      expect(flow.loadMethods.started).toBe(2);
      expect(flow.screen()).toMatchObject({ loading: true, loadError: null });
      await flow.loadMethods.resolve([sampleBankMethod]);
      expect(flow.context().error).toBeNull();
      expect(flow.screen()).toEqual(idleScreen);
    },
  );

  pin(
    { from: 'payoutMethods.ready.idle', on: 'method.open', to: 'payoutMethods.ready.editing' },
    'Connect opens its dialog with empty fields and no error left from before',
    async () => {
      const flow = await editing('paypal');
      expect(flow.screen()).toEqual({ ...idleScreen, dialog: 'paypal' });
      expect(flow.draft()).toEqual(EMPTY);
      expect(flow.fieldErrors()).toEqual({});
      // A refused save, then Cancel, then the other card's Connect: nothing typed or refused before shows.
      flow.type({ email: 'ana@example.com' });
      flow.actor.send({ type: 'method.connect' });
      await flow.addMethod.reject(new Error('PayPal refused the account'));
      flow.type({ email: 'ana' });
      flow.actor.send({ type: 'method.connect' });
      expect(flow.fieldErrors()).toEqual({ email: EMAIL_INVALID });
      flow.actor.send({ type: 'method.cancel' });
      flow.actor.send({ type: 'method.open', kind: 'bank' });
      expect(flow.screen()).toEqual({ ...idleScreen, dialog: 'bank' });
      expect(flow.draft()).toEqual(EMPTY);
      expect(flow.fieldErrors()).toEqual({});
      // After a removal was refused, opening a dialog forgets that refusal too.
      const other = await removing();
      await other.removeMethod.reject(new Error('Not now'));
      expect(other.screen().error).toBe('Not now');
      other.actor.send({ type: 'method.open', kind: 'bank' });
      expect(other.screen().error).toBeNull();
    },
  );

  pin(
    {
      from: 'payoutMethods.ready.idle',
      on: 'method.disconnect',
      guard: 'isMethod',
      to: 'payoutMethods.ready.removing',
    },
    'Disconnect on a stored method removes that one; an unknown id does nothing',
    async () => {
      const flow = await removing();
      expect(flow.removeMethod.inputs).toEqual([{ id: sampleBankMethod.id }]);
      expect(flow.screen()).toMatchObject({ removingId: sampleBankMethod.id, busy: true, dialog: null });
      const unknown = await ready([sampleBankMethod, samplePaypalMethod]);
      unknown.actor.send({ type: 'method.disconnect', id: 'pm_gone' });
      expect(unknown.value()).toEqual({ ready: 'idle' });
      expect(unknown.removeMethod.started).toBe(0);
      // The PayPal account too, by its own id; a refusal from before goes.
      const paypal = await ready([sampleBankMethod, samplePaypalMethod]);
      paypal.actor.send({ type: 'method.disconnect', id: samplePaypalMethod.id });
      await paypal.removeMethod.reject(new Error('Not now'));
      paypal.actor.send({ type: 'method.disconnect', id: samplePaypalMethod.id });
      expect(paypal.removeMethod.inputs).toEqual([{ id: samplePaypalMethod.id }, { id: samplePaypalMethod.id }]);
      expect(paypal.screen()).toMatchObject({ removingId: samplePaypalMethod.id, error: null });
    },
  );

  pin(
    { from: 'payoutMethods.ready.editing', on: 'field.change', to: null },
    'a typed field is kept; once shown, its check follows the text',
    async () => {
      const flow = await editing('bank');
      flow.type({ holderName: 'Ana' });
      expect(flow.value()).toEqual({ ready: 'editing' });
      expect(flow.draft()).toEqual({ ...EMPTY, holderName: 'Ana' });
      // Not checked before Connect.
      flow.type({ routingNumber: '123' });
      expect(flow.fieldErrors()).toEqual({});
      flow.actor.send({ type: 'method.connect' });
      expect(flow.fieldErrors()).toEqual({ routingNumber: ROUTING_INVALID, accountNumber: REQUIRED_MESSAGE });
      // Corrected, the check goes; still wrong, it says why; the other field's check stays.
      flow.type({ routingNumber: '12345678' });
      expect(flow.fieldErrors()).toEqual({ routingNumber: ROUTING_INVALID, accountNumber: REQUIRED_MESSAGE });
      flow.type({ routingNumber: ROUTING });
      expect(flow.fieldErrors()).toEqual({ routingNumber: undefined, accountNumber: REQUIRED_MESSAGE });
      expect(flow.fieldErrors().routingNumber).toBeUndefined();
      flow.type({ accountNumber: '12' });
      expect(flow.fieldErrors().accountNumber).toBe(ACCOUNT_INVALID);
      flow.type({ holderName: '' });
      expect(flow.fieldErrors().holderName).toBeUndefined();
      expect(flow.draft()).toEqual({ holderName: '', routingNumber: ROUTING, accountNumber: '12', email: '' });
    },
  );

  pin(
    { from: 'payoutMethods.ready.editing', on: 'method.connect', guard: 'draftOk', to: 'payoutMethods.ready.saving' },
    'a correct bank account is sent trimmed and as digits; a PayPal account by its trimmed e-mail',
    async () => {
      const flow = await saving();
      expect(flow.addMethod.inputs).toEqual([
        { kind: 'bank', holderName: 'Ana Lee', routingNumber: '021000021', accountNumber: '000123456789' },
      ]);
      expect(flow.screen()).toEqual({ ...idleScreen, dialog: 'bank', saving: true, busy: true });
      expect(flow.fieldErrors()).toEqual({});
      const paypal = await editing('paypal');
      paypal.type({ email: ' ana@example.com ' });
      paypal.actor.send({ type: 'method.connect' });
      expect(paypal.value()).toEqual({ ready: 'saving' });
      expect(paypal.addMethod.inputs).toEqual([{ kind: 'paypal', email: 'ana@example.com' }]);
      // After field checks and a refusal, a correct Connect clears both.
      const again = await editing('bank');
      again.type({ holderName: 'Ana Lee', routingNumber: ROUTING, accountNumber: '1234' });
      again.actor.send({ type: 'method.connect' });
      await again.addMethod.reject(new Error('The bank refused'));
      again.type({ accountNumber: '12' });
      again.actor.send({ type: 'method.connect' });
      expect(again.fieldErrors()).toEqual({ accountNumber: ACCOUNT_INVALID });
      again.type({ accountNumber: '12345678901234567' });
      again.actor.send({ type: 'method.connect' });
      expect(again.value()).toEqual({ ready: 'saving' });
      expect(again.fieldErrors()).toEqual({});
      expect(again.screen().error).toBeNull();
    },
  );

  pin(
    { from: 'payoutMethods.ready.editing', on: 'method.connect', to: null },
    'Connect with a field that cannot be sent says which and why, and sends nothing',
    async () => {
      expect(await refused('bank', {})).toEqual({
        holderName: REQUIRED_MESSAGE,
        routingNumber: REQUIRED_MESSAGE,
        accountNumber: REQUIRED_MESSAGE,
      });
      expect(await refused('bank', { holderName: '   ', routingNumber: '021000022', accountNumber: '123' })).toEqual({
        holderName: REQUIRED_MESSAGE,
        routingNumber: ROUTING_INVALID,
        accountNumber: ACCOUNT_INVALID,
      });
      expect(
        await refused('bank', {
          holderName: 'Ana Lee',
          routingNumber: '12a456789',
          accountNumber: '123456789012345678',
        }),
      ).toEqual({ routingNumber: ROUTING_INVALID, accountNumber: ACCOUNT_INVALID });
      expect(await refused('bank', { holderName: 'Ana Lee', routingNumber: ROUTING, accountNumber: 'abcd' })).toEqual({
        accountNumber: ACCOUNT_INVALID,
      });
      expect(await refused('paypal', {})).toEqual({ email: REQUIRED_MESSAGE });
      // Each part of an e-mail address, each without spaces or a second @.
      for (const email of [
        'ana',
        '@ana@example.com',
        'ana@example.com@',
        'ana@examplecom',
        'ana lee@example.com',
        'ana@exa mple.com',
        'ana@example.c om',
        'ana@@example.com',
        'ana@exa@mple.com',
        'ana@example.c@m',
        '@example.com',
        'ana@.com',
        'ana@example.',
      ])
        expect(await refused('paypal', { email }), email).toEqual({ email: EMAIL_INVALID });
      // A PayPal dialog checks only the e-mail: what the bank fields hold does not count.
      const paypal = await editing('paypal');
      paypal.type({ email: 'a@b.co', routingNumber: '1' });
      paypal.actor.send({ type: 'method.connect' });
      expect(paypal.value()).toEqual({ ready: 'saving' });
      // And a bank dialog checks only the bank fields.
      const bank = await editing('bank');
      bank.type({ holderName: 'A', routingNumber: ROUTING, accountNumber: '1234', email: 'nope' });
      bank.actor.send({ type: 'method.connect' });
      expect(bank.value()).toEqual({ ready: 'saving' });
    },
  );

  pin(
    { from: 'payoutMethods.ready.editing', on: 'method.cancel', to: 'payoutMethods.ready.idle' },
    'Cancel closes the dialog and forgets its refusal',
    async () => {
      const flow = await saving();
      await flow.addMethod.reject(new Error('The bank refused'));
      expect(flow.screen().error).toBe('The bank refused');
      flow.actor.send({ type: 'method.cancel' });
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.screen()).toEqual(idleScreen);
      expect(flow.context()).toMatchObject({ kind: null, error: null });
    },
  );

  pin(
    { from: 'payoutMethods.ready.saving', on: 'xstate.done.actor.addMethod', to: 'payoutMethods.ready.idle' },
    'the stored methods come back with the new one, and the dialog closes empty',
    async () => {
      const flow = await saving();
      const replaced = { ...sampleBankMethod, id: 'pm_bank_2', display: '•••• 6789' };
      await flow.addMethod.resolve([replaced, samplePaypalMethod]);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.addMethod');
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.screen()).toEqual({ ...idleScreen, bank: replaced, paypal: samplePaypalMethod });
      expect(flow.context()).toMatchObject({ kind: null, draft: EMPTY });
      expect(flow.draft()).toEqual(EMPTY);
    },
  );

  pin(
    { from: 'payoutMethods.ready.saving', on: 'xstate.error.actor.addMethod', to: 'payoutMethods.ready.editing' },
    'a refused save keeps the dialog and its fields, and says why',
    async () => {
      const flow = await saving();
      await flow.addMethod.reject(new Error('The bank refused'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.addMethod');
      expect(flow.value()).toEqual({ ready: 'editing' });
      expect(flow.screen()).toEqual({ ...idleScreen, dialog: 'bank', error: 'The bank refused' });
      expect(flow.draft()).toEqual({
        holderName: ' Ana Lee ',
        routingNumber: ROUTING,
        accountNumber: '000 123-456 789',
        email: '',
      });
    },
  );

  pin(
    { from: 'payoutMethods.ready.removing', on: 'xstate.done.actor.removeMethod', to: 'payoutMethods.ready.idle' },
    'the methods left show',
    async () => {
      const flow = await removing();
      await flow.removeMethod.resolve([samplePaypalMethod]);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.removeMethod');
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.screen()).toEqual({ ...idleScreen, bank: null, paypal: samplePaypalMethod });
      expect(flow.context().removingId).toBeNull();
    },
  );

  pin(
    { from: 'payoutMethods.ready.removing', on: 'xstate.error.actor.removeMethod', to: 'payoutMethods.ready.idle' },
    'a refused removal keeps the method and says why on the screen',
    async () => {
      const flow = await removing();
      await flow.removeMethod.reject(new Error('A payout is on its way to this account'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.removeMethod');
      expect(flow.value()).toEqual({ ready: 'idle' });
      expect(flow.screen()).toEqual({
        ...idleScreen,
        paypal: samplePaypalMethod,
        error: 'A payout is on its way to this account',
      });
      expect(flow.context().removingId).toBeNull();
    },
  );

  pinsEveryTransition();
});
