// Settings › Delete Account's transitions, pinned by hand (issue 45: auth flows are pinned as well as path-tested):
// source, event, expected target and what it changes — what the dialog reads (deleteAccount.select.ts: the password
// field, "Este campo es obligatorio", the server's refusal, the busy buttons), what DELETE /api/user is sent (the
// password only for a password account), the session ended after the deletion, and the event names the flow
// receives from its call. Replayed on the real Settings screen by test/views/deleteAccount.screen.test.tsx.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { apiRefusal } from '@/machines/events';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { selectDeleteDialogOpen, selectDeleteForm, selectDeleting } from '@/machines/accounts/deleteAccount.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const PASSWORD = 'Old-Password-1';
const REFUSAL = 'Your password is not correct';

function start() {
  const actions = { signOutHome: vi.fn() };
  const remove = controlled<void, { password: string | undefined }>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(deleteAccountMachine.provide({ actions, actors: { deleteAccount: remove.logic } }), {
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    actions,
    remove,
    received,
    snapshot,
    value: () => snapshot().value,
    form: () => selectDeleteForm(snapshot()),
  };
}

/** Delete Account clicked: the dialog asks (for the password of a password account). */
function confirming(passwordRequired = true) {
  const flow = start();
  flow.actor.send({ type: 'delete.open', passwordRequired });
  expect(flow.value()).toEqual({ open: 'confirming' });
  return flow;
}

/** Yes, Delete clicked with the password typed (or none needed): the deletion is on its way. */
function deleting(passwordRequired = true) {
  const flow = confirming(passwordRequired);
  if (passwordRequired) flow.actor.send({ type: 'password.change', value: PASSWORD });
  flow.actor.send({ type: 'delete.confirm' });
  expect(flow.value()).toEqual({ open: 'deleting' });
  return flow;
}

describe('deleteAccount transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(deleteAccountMachine);

  pin(
    { from: 'deleteAccount.closed', on: 'delete.open', to: 'deleteAccount.open' },
    'Delete Account opens the dialog with an empty password field, no error and no refusal, and sends nothing',
    async () => {
      const flow = start();
      expect(flow.value()).toBe('closed');
      expect(selectDeleteDialogOpen(flow.snapshot())).toBe(false);
      expect(flow.form()).toEqual({ passwordRequired: true, password: '', passwordMissing: false, serverError: null });
      // A Google-only account: no password asked.
      flow.actor.send({ type: 'delete.open', passwordRequired: false });
      expect(selectDeleteDialogOpen(flow.snapshot())).toBe(true);
      expect(flow.form()).toEqual({ passwordRequired: false, password: '', passwordMissing: false, serverError: null });
      // "Este campo es obligatorio" shown, then the dialog closed and opened again for a password account.
      flow.actor.send({ type: 'delete.cancel' });
      flow.actor.send({ type: 'delete.open', passwordRequired: true });
      flow.actor.send({ type: 'delete.confirm' });
      expect(flow.form().passwordMissing).toBe(true);
      flow.actor.send({ type: 'delete.dismiss' });
      flow.actor.send({ type: 'delete.open', passwordRequired: true });
      expect(flow.form()).toEqual({ passwordRequired: true, password: '', passwordMissing: false, serverError: null });
      // A password typed and refused by the server, then the dialog closed and opened again.
      flow.actor.send({ type: 'password.change', value: PASSWORD });
      flow.actor.send({ type: 'delete.confirm' });
      await flow.remove.reject(apiRefusal(REFUSAL, 400));
      expect(flow.form()).toMatchObject({ password: PASSWORD, serverError: REFUSAL });
      flow.actor.send({ type: 'delete.cancel' });
      flow.actor.send({ type: 'delete.open', passwordRequired: true });
      expect(flow.value()).toEqual({ open: 'confirming' });
      expect(flow.form()).toEqual({ passwordRequired: true, password: '', passwordMissing: false, serverError: null });
      expect(flow.remove.started).toBe(1);
    },
  );

  pin(
    { from: 'deleteAccount.open.confirming', on: 'password.change', to: null },
    'the typed password is kept, and "Este campo es obligatorio" goes as soon as it is typed',
    () => {
      const flow = confirming();
      flow.actor.send({ type: 'password.change', value: PASSWORD });
      expect(flow.value()).toEqual({ open: 'confirming' });
      expect(flow.form()).toMatchObject({ password: PASSWORD, passwordMissing: false });
      flow.actor.send({ type: 'password.change', value: '' });
      flow.actor.send({ type: 'delete.confirm' });
      expect(flow.form().passwordMissing).toBe(true);
      flow.actor.send({ type: 'password.change', value: 'O' });
      expect(flow.form()).toMatchObject({ password: 'O', passwordMissing: false });
      expect(flow.remove.started).toBe(0);
    },
  );

  pin(
    {
      from: 'deleteAccount.open.confirming',
      on: 'delete.confirm',
      guard: 'canDelete',
      to: 'deleteAccount.open.deleting',
    },
    'Yes, Delete sends the typed password (none for a Google-only account); the buttons wait and the last refusal goes',
    async () => {
      const flow = deleting();
      expect(flow.remove.inputs).toStrictEqual([{ password: PASSWORD }]);
      expect(selectDeleting(flow.snapshot())).toBe(true);
      expect(selectDeleteDialogOpen(flow.snapshot())).toBe(true);
      await flow.remove.reject(apiRefusal(REFUSAL, 400));
      expect(flow.form().serverError).toBe(REFUSAL);
      flow.actor.send({ type: 'delete.confirm' });
      expect(flow.value()).toEqual({ open: 'deleting' });
      expect(flow.form()).toMatchObject({ serverError: null, passwordMissing: false });
      expect(flow.remove.inputs).toStrictEqual([{ password: PASSWORD }, { password: PASSWORD }]);

      const google = deleting(false);
      expect(google.remove.inputs).toStrictEqual([{ password: undefined }]);
      expect(selectDeleting(google.snapshot())).toBe(true);
    },
  );

  pin(
    { from: 'deleteAccount.open.confirming', on: 'delete.confirm', to: null },
    'a password account without its password: "Este campo es obligatorio", and nothing is sent',
    () => {
      const flow = confirming();
      flow.actor.send({ type: 'delete.confirm' });
      expect(flow.value()).toEqual({ open: 'confirming' });
      expect(flow.form()).toMatchObject({ password: '', passwordMissing: true });
      expect(selectDeleting(flow.snapshot())).toBe(false);
      expect(flow.remove.started).toBe(0);
    },
  );

  pin(
    { from: 'deleteAccount.open.confirming', on: 'delete.cancel', to: 'deleteAccount.closed' },
    'No, Cancel closes the dialog, sends nothing and keeps the session',
    () => {
      const flow = confirming();
      flow.actor.send({ type: 'password.change', value: PASSWORD });
      flow.actor.send({ type: 'delete.cancel' });
      expect(flow.value()).toBe('closed');
      expect(selectDeleteDialogOpen(flow.snapshot())).toBe(false);
      expect(flow.remove.started).toBe(0);
      expect(flow.actions.signOutHome).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'deleteAccount.open.confirming', on: 'delete.dismiss', to: 'deleteAccount.closed' },
    'Escape closes the dialog, sends nothing and keeps the session',
    () => {
      const flow = confirming(false);
      flow.actor.send({ type: 'delete.dismiss' });
      expect(flow.value()).toBe('closed');
      expect(selectDeleteDialogOpen(flow.snapshot())).toBe(false);
      expect(flow.remove.started).toBe(0);
      expect(flow.actions.signOutHome).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'deleteAccount.open.deleting', on: 'xstate.done.actor.deleteAccount', to: 'deleteAccount.deleted' },
    'deleted: the dialog goes and the session ends (to the root path), once',
    async () => {
      const flow = deleting();
      expect(flow.actions.signOutHome).not.toHaveBeenCalled();
      await flow.remove.resolve();
      expect(flow.value()).toBe('deleted');
      expect(flow.received.at(-1)).toBe('xstate.done.actor.deleteAccount');
      expect(selectDeleteDialogOpen(flow.snapshot())).toBe(false);
      expect(selectDeleting(flow.snapshot())).toBe(false);
      expect(flow.actions.signOutHome).toHaveBeenCalledOnce();
      expect(flow.snapshot().status).toBe('done');
    },
  );

  pin(
    {
      from: 'deleteAccount.open.deleting',
      on: 'xstate.error.actor.deleteAccount',
      to: 'deleteAccount.open.confirming',
    },
    'a refusal is shown in the dialog as the server said it, the password kept, and the session untouched',
    async () => {
      const flow = deleting();
      await flow.remove.reject(apiRefusal(REFUSAL, 400));
      expect(flow.value()).toEqual({ open: 'confirming' });
      expect(flow.received.at(-1)).toBe('xstate.error.actor.deleteAccount');
      expect(selectDeleting(flow.snapshot())).toBe(false);
      expect(flow.form()).toEqual({
        passwordRequired: true,
        password: PASSWORD,
        passwordMissing: false,
        serverError: REFUSAL,
      });
      expect(flow.actions.signOutHome).not.toHaveBeenCalled();
      // A failure that is no Error (a rejected promise's bare reason) is shown as its text.
      flow.actor.send({ type: 'delete.confirm' });
      await flow.remove.reject('Network unreachable');
      expect(flow.form().serverError).toBe('Network unreachable');
    },
  );

  pinsEveryTransition();
});
