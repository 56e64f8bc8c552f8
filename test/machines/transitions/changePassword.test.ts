// Settings › Change Password's transitions, pinned by hand (issue 45: auth flows are pinned as well as path-tested):
// source, event, expected target and what it changes — the three fields, what each field's error says once a submit
// was refused (docs/spec.md §5: Este campo es obligatorio, 6 characters, the same twice), what the API is sent, the
// server's refusal and confirmation, the session's new token, and the event names the flow receives from its call.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { sampleNewPassword } from '@/machines/accounts/samples';
import { changePasswordMachine, type ChangePasswordField } from '@/machines/accounts/changePassword.machine';
import {
  selectPasswordChanging,
  selectPasswordErrors,
  selectPasswordFieldsShown,
  selectPasswordNotice,
  selectPasswordServerError,
} from '@/machines/accounts/changePassword.select';
import { apiRefusal } from '@/machines/events';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

// What each field says is wrong, as ids the screen words (src/accounts/passwordProblems.ts).
const REQUIRED = { id: 'required' };
const TOO_SHORT = { id: 'tooShort', min: 6 };
const DIFFER = { id: 'passwordsDiffer' };
const DONE = { message: 'Your password has been changed. Other devices have been signed out.', token: 'renewed.jwt' };
const REFUSAL = 'Your current password is not correct';

function start() {
  const actions = { renewSession: vi.fn() };
  const change = controlled<{ message: string; token: string }, { currentPassword: string; newPassword: string }>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(changePasswordMachine.provide({ actions, actors: { changePassword: change.logic } }), {
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const type = (values: Partial<Record<ChangePasswordField, string>>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'field.change', field: field as ChangePasswordField, value });
  };
  return {
    actor,
    actions,
    change,
    received,
    type,
    snapshot,
    value: () => snapshot().value,
    context: () => snapshot().context,
  };
}

/** Change Password clicked: the three empty fields. */
function editing() {
  const flow = start();
  flow.actor.send({ type: 'password.expand' });
  expect(flow.value()).toEqual({ expanded: 'editing' });
  return flow;
}

/** Filled in correctly and Change clicked: the change is on its way. */
function submitting() {
  const flow = editing();
  flow.type({ current: 'Old-Password-1', next: sampleNewPassword, confirm: sampleNewPassword });
  flow.actor.send({ type: 'password.change' });
  expect(flow.value()).toEqual({ expanded: 'submitting' });
  return flow;
}

/** The errors a Change click shows for these fields (nothing sent): what each field says under it. */
function refusedErrors(values: Partial<Record<ChangePasswordField, string>>) {
  const { actor, type, change, value, snapshot } = editing();
  type(values);
  actor.send({ type: 'password.change' });
  expect(value()).toEqual({ expanded: 'editing' });
  expect(change.started).toBe(0);
  return selectPasswordErrors(snapshot());
}

describe('changePassword transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(changePasswordMachine);

  pin(
    { from: 'changePassword.collapsed', on: 'password.expand', to: 'changePassword.expanded' },
    'Change Password opens three empty fields, and the last confirmation goes',
    async () => {
      const flow = submitting();
      await flow.change.resolve(DONE);
      expect(flow.value()).toBe('collapsed');
      expect(selectPasswordNotice(flow.snapshot())).toBe(DONE.message);
      flow.actor.send({ type: 'password.expand' });
      expect(flow.value()).toEqual({ expanded: 'editing' });
      expect(selectPasswordFieldsShown(flow.snapshot())).toBe(true);
      expect(flow.context()).toEqual({
        current: '',
        next: '',
        confirm: '',
        errors: {},
        serverError: null,
        notice: null,
      });
    },
  );

  pin(
    { from: 'changePassword.expanded', on: 'password.discard', to: 'changePassword.collapsed' },
    'Discard collapses the fields and forgets what was typed, its errors and the refusal, and sends nothing',
    async () => {
      const flow = submitting();
      await flow.change.reject(apiRefusal(REFUSAL, 400));
      flow.type({ next: 'abc' });
      flow.actor.send({ type: 'password.change' });
      expect(selectPasswordErrors(flow.snapshot())).toEqual({ next: TOO_SHORT, confirm: DIFFER });
      flow.actor.send({ type: 'password.discard' });
      expect(flow.value()).toBe('collapsed');
      expect(selectPasswordFieldsShown(flow.snapshot())).toBe(false);
      expect(flow.context()).toEqual({
        current: '',
        next: '',
        confirm: '',
        errors: {},
        serverError: null,
        notice: null,
      });
      expect(flow.change.started).toBe(1);
      flow.actor.send({ type: 'password.expand' });
      expect(flow.context()).toMatchObject({ current: '', next: '', confirm: '', errors: {}, serverError: null });
    },
  );

  pin(
    { from: 'changePassword.expanded.editing', on: 'field.change', to: null },
    'a typed field is kept; before a refused Change nothing is marked, after it each error follows its field',
    () => {
      const { actor, type, value, context, snapshot } = editing();
      type({ current: 'Old-Password-1', next: 'abc' });
      expect(value()).toEqual({ expanded: 'editing' });
      expect(context()).toMatchObject({ current: 'Old-Password-1', next: 'abc', confirm: '', errors: {} });
      actor.send({ type: 'password.change' });
      expect(selectPasswordErrors(snapshot())).toEqual({ next: TOO_SHORT, confirm: REQUIRED });
      type({ confirm: 'abc' });
      expect(selectPasswordErrors(snapshot())).toEqual({ next: TOO_SHORT });
      type({ next: sampleNewPassword });
      expect(selectPasswordErrors(snapshot())).toEqual({ confirm: DIFFER });
      type({ current: '' });
      expect(selectPasswordErrors(snapshot())).toEqual({ current: REQUIRED, confirm: DIFFER });
      type({ current: 'Old-Password-1', confirm: sampleNewPassword });
      expect(selectPasswordErrors(snapshot())).toEqual({});
      expect(context()).toMatchObject({
        current: 'Old-Password-1',
        next: sampleNewPassword,
        confirm: sampleNewPassword,
      });
      expect(value()).toEqual({ expanded: 'editing' });
    },
  );

  pin(
    {
      from: 'changePassword.expanded.editing',
      on: 'password.change',
      guard: 'isComplete',
      to: 'changePassword.expanded.submitting',
    },
    'three valid fields: the old and new passwords are sent, and the last refusal goes while it is on its way',
    async () => {
      const flow = submitting();
      expect(flow.change.inputs).toEqual([{ currentPassword: 'Old-Password-1', newPassword: sampleNewPassword }]);
      expect(selectPasswordChanging(flow.snapshot())).toBe(true);
      await flow.change.reject(apiRefusal(REFUSAL, 400));
      expect(selectPasswordServerError(flow.snapshot())).toBe(REFUSAL);
      flow.actor.send({ type: 'password.change' });
      expect(flow.value()).toEqual({ expanded: 'submitting' });
      expect(selectPasswordServerError(flow.snapshot())).toBeNull();
      expect(selectPasswordErrors(flow.snapshot())).toEqual({});
      expect(flow.change.started).toBe(2);
    },
  );

  pin(
    { from: 'changePassword.expanded.editing', on: 'password.change', to: null },
    'a field left empty, too short or not repeated: each says why under it, and nothing is sent',
    () => {
      expect(refusedErrors({})).toEqual({ current: REQUIRED, next: REQUIRED, confirm: REQUIRED });
      // An empty new password is only required: there is nothing yet to repeat.
      expect(refusedErrors({ confirm: sampleNewPassword })).toEqual({ current: REQUIRED, next: REQUIRED });
      expect(refusedErrors({ current: 'Old-Password-1', next: 'abc', confirm: 'abc' })).toEqual({ next: TOO_SHORT });
      expect(refusedErrors({ current: 'Old-Password-1', next: 'abcdef', confirm: 'abcdeg' })).toEqual({
        confirm: DIFFER,
      });
      expect(refusedErrors({ current: 'Old-Password-1', next: sampleNewPassword })).toEqual({ confirm: REQUIRED });
      expect(refusedErrors({ next: sampleNewPassword, confirm: sampleNewPassword })).toEqual({ current: REQUIRED });
    },
  );

  pin(
    {
      from: 'changePassword.expanded.submitting',
      on: 'xstate.done.actor.changePassword',
      to: 'changePassword.collapsed',
    },
    'the session goes on with the new token, the fields collapse, and the server’s confirmation is shown',
    async () => {
      const flow = submitting();
      await flow.change.resolve(DONE);
      expect(flow.value()).toBe('collapsed');
      expect(flow.received.at(-1)).toBe('xstate.done.actor.changePassword');
      expect(flow.actions.renewSession).toHaveBeenCalledOnce();
      expect(flow.actions.renewSession).toHaveBeenCalledWith(expect.anything(), { token: 'renewed.jwt' });
      expect(selectPasswordChanging(flow.snapshot())).toBe(false);
      expect(flow.context()).toEqual({
        current: '',
        next: '',
        confirm: '',
        errors: {},
        serverError: null,
        notice: DONE.message,
      });
    },
  );

  pin(
    {
      from: 'changePassword.expanded.submitting',
      on: 'xstate.error.actor.changePassword',
      to: 'changePassword.expanded.editing',
    },
    'a refusal is shown under the fields as the server said it, the fields kept, and the session untouched',
    async () => {
      const flow = submitting();
      await flow.change.reject(apiRefusal(REFUSAL, 400));
      expect(flow.value()).toEqual({ expanded: 'editing' });
      expect(flow.received.at(-1)).toBe('xstate.error.actor.changePassword');
      expect(flow.context()).toEqual({
        current: 'Old-Password-1',
        next: sampleNewPassword,
        confirm: sampleNewPassword,
        errors: {},
        serverError: REFUSAL,
        notice: null,
      });
      expect(flow.actions.renewSession).not.toHaveBeenCalled();
      // A failure that is no Error (a rejected promise's bare reason) is shown as its text.
      flow.actor.send({ type: 'password.change' });
      await flow.change.reject('Network unreachable');
      expect(flow.value()).toEqual({ expanded: 'editing' });
      expect(selectPasswordServerError(flow.snapshot())).toBe('Network unreachable');
    },
  );

  pinsEveryTransition();
});
