// The Settings screen's preferences, the notifications switch and the account's language: GET and PUT /api/settings.
// A saved language is put on the page at once (and kept in this browser for the public pages). (The password change
// and the account deletion on the same screen are flows of their own: changePassword.ts, deleteAccount.ts.)
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { settingsMachine, type SettingsChanges, type SettingsValues } from '@/machines/accounts/settings.machine';
import { speakAccountLanguage } from './AccountLanguage';
import { api, requireJwt, useAppWiring } from './session';

export type SettingsLogic = typeof settingsMachine;

export function settingsActors(jwt: () => string | null) {
  return {
    loadSettings: fromPromise<SettingsValues, void>(async () =>
      (await api()).request('getSettings', { jwt: requireJwt(jwt()) }),
    ),
    saveSettings: fromPromise<SettingsValues, SettingsChanges>(async ({ input }) =>
      (await api()).request('updateSettings', { jwt: requireJwt(jwt()), json: input }),
    ),
  };
}

/** The page follows the account's language once it is stored. */
export const settingsActions = {
  languageSaved: (_: unknown, locale: SettingsValues['locale']) => speakAccountLanguage(locale),
};

export function useSettingsLogic(logic?: SettingsLogic): SettingsLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? settingsMachine.provide({ actors: settingsActors(app.jwt), actions: settingsActions }),
    [logic, app],
  );
}
