// Settings' Notifications switch, pinned by hand (docs/spec.md §2 Settings: on by default; docs/product.md §Accounts,
// GET/PUT /api/settings): the stored values read (and whether the account has a password), the switch saved at once
// and put back when refused, the server's answer kept. Each pin reads what Settings reads (settings.select.ts), what
// is saved and the event names the flow receives from its calls.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { settingsMachine, type SettingsValues } from '@/machines/accounts/settings.machine';
import {
  selectHasPassword,
  selectNotificationsOn,
  selectSettingsError,
  selectSettingsFailed,
  selectSettingsLoaded,
  selectSwitchDisabled,
} from '@/machines/accounts/settings.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

function start() {
  const load = controlled<SettingsValues>();
  const save = controlled<SettingsValues, { notifications: boolean }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    settingsMachine.provide({ actors: { loadSettings: load.logic, saveSettings: save.logic } }),
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
    screen: () => ({
      notifications: selectNotificationsOn(snapshot()),
      hasPassword: selectHasPassword(snapshot()),
      disabled: selectSwitchDisabled(snapshot()),
      loaded: selectSettingsLoaded(snapshot()),
      failed: selectSettingsFailed(snapshot()),
      error: selectSettingsError(snapshot()),
    }),
  };
}

async function ready(values: SettingsValues = { notifications: true, hasPassword: false }) {
  const flow = start();
  await flow.load.resolve(values);
  expect(flow.snapshot().value).toEqual({ ready: 'idle' });
  return flow;
}

describe('settings transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(settingsMachine);

  pin(
    { from: 'settings.loading', on: 'xstate.done.actor.loadSettings', to: 'settings.ready' },
    'the stored values are shown (on by default until then)',
    async () => {
      const flow = start();
      expect(flow.screen()).toEqual({
        notifications: true,
        hasPassword: true,
        disabled: true,
        loaded: false,
        failed: false,
        error: null,
      });
      await flow.load.resolve({ notifications: false, hasPassword: false });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadSettings');
      expect(flow.screen()).toEqual({
        notifications: false,
        hasPassword: false,
        disabled: false,
        loaded: true,
        failed: false,
        error: null,
      });
      // Read on Try again after a failure, the failure goes.
      const retried = start();
      await retried.load.reject(new Error('Failed to fetch'));
      retried.actor.send({ type: 'settings.retry' });
      await retried.load.resolve({ notifications: true, hasPassword: true });
      expect(retried.screen()).toMatchObject({ loaded: true, error: null });
    },
  );

  pin(
    { from: 'settings.loading', on: 'xstate.error.actor.loadSettings', to: 'settings.failed' },
    'a failed read says why',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Failed to fetch'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadSettings');
      expect(flow.screen()).toMatchObject({ failed: true, loaded: false, error: 'Failed to fetch' });
      const odd = start();
      await odd.load.reject('Gone');
      expect(odd.screen().error).toBe('Gone');
    },
  );

  pin({ from: 'settings.failed', on: 'settings.retry', to: 'settings.loading' }, 'Try again', async () => {
    const flow = start();
    await flow.load.reject(new Error('Failed to fetch'));
    flow.actor.send({ type: 'settings.retry' });
    expect(flow.snapshot().value).toBe('loading');
    expect(flow.load.started).toBe(2);
  });

  pin(
    { from: 'settings.ready.idle', on: 'notifications.set', to: 'settings.ready.saving' },
    'the switch moves at once and is saved; the last refusal goes',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'notifications.set', on: false });
      expect(flow.save.inputs).toEqual([{ notifications: false }]);
      expect(flow.screen()).toMatchObject({ notifications: false, disabled: true, error: null });
      await flow.save.reject(new Error('Try later'));
      flow.actor.send({ type: 'notifications.set', on: false });
      expect(flow.screen()).toMatchObject({ notifications: false, error: null });
    },
  );

  pin(
    { from: 'settings.ready.saving', on: 'xstate.done.actor.saveSettings', to: 'settings.ready.idle' },
    "the server's answer is kept",
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'notifications.set', on: false });
      await flow.save.resolve({ notifications: true, hasPassword: true });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.saveSettings');
      expect(flow.screen()).toMatchObject({ notifications: true, hasPassword: true, disabled: false, error: null });
    },
  );

  pin(
    { from: 'settings.ready.saving', on: 'xstate.error.actor.saveSettings', to: 'settings.ready.idle' },
    'a refused save puts the switch back and says why',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'notifications.set', on: false });
      await flow.save.reject(new Error('Try later'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.saveSettings');
      expect(flow.screen()).toMatchObject({ notifications: true, disabled: false, error: 'Try later' });
    },
  );

  pinsEveryTransition();
});
