// The platforms' budgets (operator console, docs/product.md §Platform limits): GET /api/admin/budgets as an operator.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import { adminBudgetsMachine } from '@/machines/operator/adminBudgets.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type AdminBudgetsLogic = typeof adminBudgetsMachine;

export function adminBudgetsActors(jwt: Jwt) {
  return {
    loadBudgets: fromPromise<PlatformBudget[], void>(() =>
      asOperator(async () => (await (await api()).request('adminBudgets', { jwt: requireJwt(jwt()) })).budgets),
    ),
  };
}

export function useAdminBudgetsLogic(logic?: AdminBudgetsLogic): AdminBudgetsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminBudgetsMachine.provide({ actors: adminBudgetsActors(app.jwt) }), [logic, app]);
}
