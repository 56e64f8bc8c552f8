// The support form's implementation (docs/product.md §Accounts): POST /api/support, with the session's jwt when signed in so the
// ticket names the user.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { supportFormMachine, type SupportValues } from '@/machines/support/supportForm.machine';
import { api, useAppWiring } from '../accounts/session';

export type SupportFormLogic = typeof supportFormMachine;

export function useSupportFormLogic(logic?: SupportFormLogic): SupportFormLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic ??
      supportFormMachine.provide({
        actors: {
          sendTicket: fromPromise<{ message: string }, SupportValues & { page: string }>(async ({ input }) => {
            const jwt = app.jwt();
            return (await api()).request('support', { json: input, ...(jwt ? { jwt } : {}) });
          }),
        },
      }),
    [logic, app],
  );
}
