// The transfer instructions advertisers read on Funds (operator console, docs/product.md §Advertiser onboarding):
// GET and PUT /api/admin/transfer-instructions with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { TransferInstructions } from '@/contract';
import { transferInstructionsMachine } from '@/machines/operator/transferInstructions.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type TransferInstructionsLogic = typeof transferInstructionsMachine;

export function transferInstructionsActors(jwt: Jwt) {
  return {
    loadInstructions: fromPromise<TransferInstructions, void>(() =>
      asOperator(async () => (await api()).request('getTransferInstructions', { jwt: requireJwt(jwt()) })),
    ),
    saveInstructions: fromPromise<TransferInstructions, { instructions: string }>(({ input }) =>
      asOperator(async () =>
        (await api()).request('updateTransferInstructions', { jwt: requireJwt(jwt()), json: input }),
      ),
    ),
  };
}

export function useTransferInstructionsLogic(logic?: TransferInstructionsLogic): TransferInstructionsLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? transferInstructionsMachine.provide({ actors: transferInstructionsActors(app.jwt) }),
    [logic, app],
  );
}
