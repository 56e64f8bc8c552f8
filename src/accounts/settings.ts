// The Settings screen's notifications switch: GET and PUT /api/settings. (The password change and the account
// deletion on the same screen are flows of their own: changePassword.ts, deleteAccount.ts.)
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { settingsMachine, type SettingsValues } from '@/machines/accounts/settings.machine';
import { api, requireJwt, useAppWiring } from './session';

export type SettingsLogic = typeof settingsMachine;

export function settingsActors(jwt: () => string | null) {
  return {
    loadSettings: fromPromise<SettingsValues, void>(async () =>
      (await api()).request('getSettings', { jwt: requireJwt(jwt()) }),
    ),
    saveSettings: fromPromise<SettingsValues, { notifications: boolean }>(async ({ input }) =>
      (await api()).request('updateSettings', { jwt: requireJwt(jwt()), json: input }),
    ),
  };
}

export function useSettingsLogic(logic?: SettingsLogic): SettingsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? settingsMachine.provide({ actors: settingsActors(app.jwt) }), [logic, app]);
}
