// Settings' Notifications switch, pinned by hand (docs/spec.md §2 Settings: on by default; docs/product.md §Accounts,
// GET/PUT /api/settings): the stored values read (and whether the account has a password), the switch saved at once
// and put back when refused, the server's answer kept. Each pin reads what Settings reads (settings.select.ts), what
// is saved and the event names the flow receives from its calls.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import type { Locale } from '@/contract/locales';
import { settingsMachine, type SettingsChanges, type SettingsValues } from '@/machines/accounts/settings.machine';
import {
  selectHasPassword,
  selectLocale,
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
  const save = controlled<SettingsValues, SettingsChanges>();
  const { received, inspect } = receivedEvents();
  /** The languages the page was told to speak, as each save stored them. */
  const spoken: Locale[] = [];
  const actor = createActor(
    settingsMachine.provide({
      actors: { loadSettings: load.logic, saveSettings: save.logic },
      actions: { languageSaved: (_, locale) => void spoken.push(locale) },
    }),
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
    spoken,
    screen: () => ({
      notifications: selectNotificationsOn(snapshot()),
      locale: selectLocale(snapshot()),
      hasPassword: selectHasPassword(snapshot()),
      disabled: selectSwitchDisabled(snapshot()),
      loaded: selectSettingsLoaded(snapshot()),
      failed: selectSettingsFailed(snapshot()),
      error: selectSettingsError(snapshot()),
    }),
  };
}

async function ready(values: SettingsValues = { notifications: true, hasPassword: false, locale: 'en' }) {
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
        locale: 'en',
        hasPassword: true,
        disabled: true,
        loaded: false,
        failed: false,
        error: null,
      });
      await flow.load.resolve({ notifications: false, hasPassword: false, locale: 'es-MX' });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadSettings');
      // Read, the language is only shown: the page already speaks the account's (src/app/session.tsx).
      expect(flow.spoken).toEqual([]);
      expect(flow.screen()).toEqual({
        notifications: false,
        locale: 'es-MX',
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
      await retried.load.resolve({ notifications: true, hasPassword: true, locale: 'en' });
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
      expect(flow.save.inputs).toEqual([{ notifications: false, locale: 'en' }]);
      expect(flow.screen()).toMatchObject({ notifications: false, disabled: true, error: null });
      await flow.save.reject(new Error('Try later'));
      flow.actor.send({ type: 'notifications.set', on: false });
      expect(flow.screen()).toMatchObject({ notifications: false, error: null });
    },
  );

  pin(
    { from: 'settings.ready.idle', on: 'language.set', to: 'settings.ready.saving' },
    'the language chosen shows at once and is saved with the switch as it stands; the last refusal goes',
    async () => {
      const flow = await ready({ notifications: false, hasPassword: true, locale: 'en' });
      flow.actor.send({ type: 'language.set', locale: 'es-MX' });
      expect(flow.save.inputs).toEqual([{ notifications: false, locale: 'es-MX' }]);
      expect(flow.screen()).toMatchObject({ locale: 'es-MX', notifications: false, disabled: true, error: null });
      expect(flow.spoken).toEqual([]);
      await flow.save.reject(new Error('Try later'));
      flow.actor.send({ type: 'language.set', locale: 'es-MX' });
      expect(flow.screen()).toMatchObject({ locale: 'es-MX', error: null });
    },
  );

  pin(
    { from: 'settings.ready.saving', on: 'xstate.done.actor.saveSettings', to: 'settings.ready.idle' },
    "the server's answer is kept",
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'notifications.set', on: false });
      await flow.save.resolve({ notifications: true, hasPassword: true, locale: 'es-MX' });
      expect(flow.received.at(-1)).toBe('xstate.done.actor.saveSettings');
      expect(flow.screen()).toMatchObject({
        notifications: true,
        locale: 'es-MX',
        hasPassword: true,
        disabled: false,
        error: null,
      });
      // The page speaks the language as stored, after each save.
      expect(flow.spoken).toEqual(['es-MX']);
      // What was stored is what a later refusal puts back.
      flow.actor.send({ type: 'language.set', locale: 'en' });
      await flow.save.reject(new Error('Try later'));
      expect(flow.screen()).toMatchObject({ notifications: true, locale: 'es-MX', error: 'Try later' });
      expect(flow.spoken).toEqual(['es-MX']);
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
      expect(flow.screen()).toMatchObject({ notifications: true, locale: 'en', disabled: false, error: 'Try later' });
      // A refused language goes back too, and the page is not told to change.
      flow.actor.send({ type: 'language.set', locale: 'es-MX' });
      await flow.save.reject('Gone');
      expect(flow.screen()).toMatchObject({ notifications: true, locale: 'en', error: 'Gone' });
      expect(flow.spoken).toEqual([]);
    },
  );

  pinsEveryTransition();
});
