// The advertisers' approval (operator console): GET /api/admin/advertisers (?status=pending, or all for the decided
// ones), POST …/approve and …/reject.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type AdminApprovalLogic = typeof adminApprovalMachine;

export function adminApprovalActors(jwt: Jwt) {
  return {
    // Waiting: ?status=pending. Decided: every advertiser but those waiting, the latest decision first.
    loadPending: fromPromise<PendingAdvertiser[], { filter: ApprovalFilter }>(async ({ input }) =>
      asOperator(async () => {
        const query = input.filter === 'pending' ? { status: 'pending' as const } : {};
        const { advertisers } = await (await api()).request('adminAdvertisers', { jwt: requireJwt(jwt()), query });
        if (input.filter === 'pending') return advertisers;
        return advertisers
          .filter((advertiser) => advertiser.status !== 'pending')
          .sort((a, b) => (b.reviewedAt ?? '').localeCompare(a.reviewedAt ?? ''));
      }),
    ),
    approveAdvertiser: fromPromise<PendingAdvertiser, { userId: string }>(async ({ input }) =>
      asOperator(
        async () =>
          (await (await api()).request('approveAdvertiser', { jwt: requireJwt(jwt()), params: { id: input.userId } }))
            .advertiser,
      ),
    ),
    rejectAdvertiser: fromPromise<PendingAdvertiser, { userId: string; reason: string }>(async ({ input }) =>
      asOperator(
        async () =>
          (
            await (
              await api()
            ).request('rejectAdvertiser', {
              jwt: requireJwt(jwt()),
              params: { id: input.userId },
              json: { reason: input.reason },
            })
          ).advertiser,
      ),
    ),
  };
}

export function useAdminApprovalLogic(logic?: AdminApprovalLogic): AdminApprovalLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminApprovalMachine.provide({ actors: adminApprovalActors(app.jwt) }), [logic, app]);
}
