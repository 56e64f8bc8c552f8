// The delete-account dialog (SPEC §2 Settings): after Yes the page goes to the root path.
import { useMemo } from 'react';
import { deleteAccountMachine } from '@/machines/deleteAccount.machine';
import { useAppWiring } from './session';

export function useDeleteAccountLogic(logic: typeof deleteAccountMachine = deleteAccountMachine) {
  const app = useAppWiring();
  return useMemo(() => logic.provide({ actions: { navigateHome: () => app.goTo('/') } }), [logic, app]);
}
