// Logout confirmation (docs/spec.md §4 Logout): Yes logs out through the session; No reports the spec's error object.
import { useMemo } from 'react';
import { logoutConfirmMachine } from '@/machines/shell/logoutConfirm.machine';
import { messages } from '@/src/messages';
import { useAppWiring } from '../accounts/session';

export type LogoutConfirmLogic = typeof logoutConfirmMachine;

export function useLogoutConfirmLogic(logic: LogoutConfirmLogic = logoutConfirmMachine): LogoutConfirmLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic.provide({
        actions: {
          logOut: () => app.session.send({ type: 'session.logout' }),
          reportCancel: () => console.error(new Error(messages.genericError)),
        },
      }),
    [logic, app],
  );
}
