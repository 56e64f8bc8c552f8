// Account deletion (Settings screen): DELETE /api/user, then the session ends and the page goes to /.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { api, requireJwt, useAppWiring } from './session';

export type DeleteAccountLogic = typeof deleteAccountMachine;

export function deleteAccountActors(jwt: () => string | null) {
  return {
    deleteAccount: fromPromise<void, { password: string | undefined }>(async ({ input }) => {
      await (
        await api()
      ).request('deleteUser', {
        jwt: requireJwt(jwt()),
        json: input.password === undefined ? {} : { password: input.password },
      });
    }),
  };
}

/** After the deletion the session logs out, which clears storage and goes to / (docs/spec.md §2: "After Yes … the root path"). */
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
