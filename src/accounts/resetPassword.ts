// The reset-password page's implementations (docs/product.md §Accounts): POST /api/auth/reset-password; success signs in and opens
// /dashboard. The link's own refusals (404 unknown, 410 used or expired) become ResetLinkError.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { ResetLinkError, resetPasswordMachine } from '@/machines/accounts/resetPassword.machine';
import { api, useAppWiring } from './session';

export type ResetPasswordLogic = typeof resetPasswordMachine;

export const resetPasswordActors = {
  resetPassword: fromPromise<string, { token: string; password: string }>(async ({ input }) => {
    const { request, ApiError } = await api();
    try {
      return (await request('resetPassword', { json: input })).token;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 410))
        throw new ResetLinkError(error.message);
      throw error;
    }
  }),
};

export function useResetPasswordLogic(logic?: ResetPasswordLogic): ResetPasswordLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? resetPasswordMachine.provide({ actors: resetPasswordActors })).provide({
        actions: {
          signIn: (_, { token }) => app.signIn('password', token),
          goToDashboard: () => app.goTo('/dashboard'),
        },
      }),
    [logic, app],
  );
}
