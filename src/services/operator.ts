// The operator console's implementations (issue 13): GET /api/admin/advertisers?status=pending, POST …/approve and
// …/reject, and the read-only lists GET /api/admin/campaigns, /api/admin/users?q=, /api/admin/support-tickets.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { adminApprovalMachine, type PendingAdvertiser } from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { api, requireJwt, useAppWiring } from './session';

export type AdminApprovalLogic = typeof adminApprovalMachine;
export type AdminRecordsLogic = typeof adminRecordsMachine;

type Jwt = () => string | null;

export function adminApprovalActors(jwt: Jwt) {
  return {
    loadPending: fromPromise<PendingAdvertiser[], void>(
      async () => (await (await api()).request('adminAdvertisers', { jwt: requireJwt(jwt()), query: { status: 'pending' } })).advertisers,
    ),
    approveAdvertiser: fromPromise<PendingAdvertiser, { userId: string }>(
      async ({ input }) => (await (await api()).request('approveAdvertiser', { jwt: requireJwt(jwt()), params: { id: input.userId } })).advertiser,
    ),
    rejectAdvertiser: fromPromise<PendingAdvertiser, { userId: string; reason: string }>(
      async ({ input }) =>
        (await (await api()).request('rejectAdvertiser', { jwt: requireJwt(jwt()), params: { id: input.userId }, json: { reason: input.reason } })).advertiser,
    ),
  };
}

export function adminRecordsActors(jwt: Jwt) {
  return {
    loadRecords: fromPromise<unknown[], { kind: RecordsKind; query: string }>(async ({ input }) => {
      const client = await api();
      const token = requireJwt(jwt());
      if (input.kind === 'campaigns') return (await client.request('adminCampaigns', { jwt: token })).campaigns;
      if (input.kind === 'users') return (await client.request('adminUsers', { jwt: token, query: input.query ? { q: input.query } : {} })).users;
      return (await client.request('adminTickets', { jwt: token })).tickets;
    }),
  };
}

export function useAdminApprovalLogic(logic?: AdminApprovalLogic): AdminApprovalLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminApprovalMachine.provide({ actors: adminApprovalActors(app.jwt) }), [logic, app]);
}

export function useAdminRecordsLogic(logic?: AdminRecordsLogic): AdminRecordsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminRecordsMachine.provide({ actors: adminRecordsActors(app.jwt) }), [logic, app]);
}
