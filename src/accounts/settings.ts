// The Settings screen's implementations (issue 12): the notifications switch (GET/PUT /api/settings), the password
// change (POST /api/auth/change-password, then the session goes on with the new token) and account deletion
// (DELETE /api/user, then the session ends and the page goes to /).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { changePasswordMachine } from '@/machines/accounts/changePassword.machine';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { settingsMachine, type SettingsValues } from '@/machines/accounts/settings.machine';
import { api, requireJwt, useAppWiring } from './session';

export type SettingsLogic = typeof settingsMachine;
export type ChangePasswordLogic = typeof changePasswordMachine;
export type DeleteAccountLogic = typeof deleteAccountMachine;

export function settingsActors(jwt: () => string | null) {
  return {
    loadSettings: fromPromise<SettingsValues, void>(async () => (await api()).request('getSettings', { jwt: requireJwt(jwt()) })),
    saveSettings: fromPromise<SettingsValues, { notifications: boolean }>(async ({ input }) =>
      (await api()).request('updateSettings', { jwt: requireJwt(jwt()), json: input }),
    ),
  };
}

export function useSettingsLogic(logic?: SettingsLogic): SettingsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? settingsMachine.provide({ actors: settingsActors(app.jwt) }), [logic, app]);
}

export function changePasswordActors(jwt: () => string | null) {
  return {
    changePassword: fromPromise<{ message: string; token: string }, { currentPassword: string; newPassword: string }>(async ({ input }) =>
      (await api()).request('changePassword', { jwt: requireJwt(jwt()), json: input }),
    ),
  };
}

/** `logic` (tests) replaces the API actor; the session takes the new token either way. */
export function useChangePasswordLogic(logic?: ChangePasswordLogic): ChangePasswordLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? changePasswordMachine.provide({ actors: changePasswordActors(app.jwt) })).provide({
        actions: { renewSession: (_, { token }) => app.session.send({ type: 'session.renew', token }) },
      }),
    [logic, app],
  );
}

export function deleteAccountActors(jwt: () => string | null) {
  return {
    deleteAccount: fromPromise<void, { password: string | undefined }>(async ({ input }) => {
      await (await api()).request('deleteUser', { jwt: requireJwt(jwt()), json: input.password === undefined ? {} : { password: input.password } });
    }),
  };
}

/** After the deletion the session logs out, which clears storage and goes to / (SPEC §2: "After Yes … the root path"). */
export function useDeleteAccountLogic(logic?: DeleteAccountLogic): DeleteAccountLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? deleteAccountMachine.provide({ actors: deleteAccountActors(app.jwt) })).provide({
        actions: { signOutHome: () => app.session.send({ type: 'session.logout' }) },
      }),
    [logic, app],
  );
}
