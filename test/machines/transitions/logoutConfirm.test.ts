// The Log Out modal's transitions, pinned by hand (docs/spec.md §2 Logout modal, §4 Logout): source, event, expected
// target and what it does — Log Out tells the session to log out, Cancel reports the spec's error, Escape or the
// overlay only closes. Each pin reads what the modal reads (logoutConfirm.select.ts). Replayed on the dashboard by
// test/views/logoutConfirm.screen.test.tsx.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { logoutConfirmMachine } from '@/machines/shell/logoutConfirm.machine';
import { selectLogoutOpen } from '@/machines/shell/logoutConfirm.select';
import { pinTransitions } from './pin';

function start() {
  const actions = { logOut: vi.fn(), reportCancel: vi.fn() };
  const actor = createActor(logoutConfirmMachine.provide({ actions }));
  actor.start();
  return { actor, actions, value: () => actor.getSnapshot().value, open: () => selectLogoutOpen(actor.getSnapshot()) };
}

function open() {
  const modal = start();
  expect(modal.open()).toBe(false);
  modal.actor.send({ type: 'logout.open' });
  return modal;
}

describe('logoutConfirm transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(logoutConfirmMachine);

  pin({ from: 'logoutConfirm.closed', on: 'logout.open', to: 'logoutConfirm.open' }, 'Log Out opens the modal', () => {
    const modal = open();
    expect(modal.value()).toBe('open');
    expect(modal.open()).toBe(true);
    expect(modal.actions.logOut).not.toHaveBeenCalled();
    expect(modal.actions.reportCancel).not.toHaveBeenCalled();
  });

  pin(
    { from: 'logoutConfirm.open', on: 'logout.confirm', to: 'logoutConfirm.closed' },
    'Log Out in the modal closes it and logs out, once',
    () => {
      const modal = open();
      modal.actor.send({ type: 'logout.confirm' });
      expect(modal.value()).toBe('closed');
      expect(modal.open()).toBe(false);
      expect(modal.actions.logOut).toHaveBeenCalledTimes(1);
      expect(modal.actions.reportCancel).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'logoutConfirm.open', on: 'logout.cancel', to: 'logoutConfirm.closed' },
    'Cancel closes it, reports the error and stays signed in',
    () => {
      const modal = open();
      modal.actor.send({ type: 'logout.cancel' });
      expect(modal.value()).toBe('closed');
      expect(modal.open()).toBe(false);
      expect(modal.actions.reportCancel).toHaveBeenCalledTimes(1);
      expect(modal.actions.logOut).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'logoutConfirm.open', on: 'logout.dismiss', to: 'logoutConfirm.closed' },
    'Escape or the overlay closes it and does nothing else',
    () => {
      const modal = open();
      modal.actor.send({ type: 'logout.dismiss' });
      expect(modal.value()).toBe('closed');
      expect(modal.open()).toBe(false);
      expect(modal.actions.logOut).not.toHaveBeenCalled();
      expect(modal.actions.reportCancel).not.toHaveBeenCalled();
    },
  );

  pinsEveryTransition();
});
