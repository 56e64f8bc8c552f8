// The operator console's implementations (issue 13): GET /api/admin/advertisers?status=pending, POST …/approve and
// …/reject, and the read-only lists GET /api/admin/campaigns, /api/admin/users?q=, /api/admin/support-tickets.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { adminApprovalMachine, type PendingAdvertiser } from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { api, requireJwt, useAppWiring } from './session';

/** What the console says when the server refuses the caller (403): a stale role, e.g. an operator demoted. */
export const OPERATORS_ONLY = 'This page is for Castbridge operators.';

export type AdminApprovalLogic = typeof adminApprovalMachine;
export type AdminRecordsLogic = typeof adminRecordsMachine;

type Jwt = () => string | null;

/** Runs a call, turning the server's 403 into the console's own refusal (an ApiError's status; the client module
 * itself stays behind api()'s dynamic import). */
async function asOperator<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status === 403) throw new Error(OPERATORS_ONLY);
    throw error;
  }
}

export function adminApprovalActors(jwt: Jwt) {
  return {
    loadPending: fromPromise<PendingAdvertiser[], void>(
      async () => asOperator(async () => (await (await api()).request('adminAdvertisers', { jwt: requireJwt(jwt()), query: { status: 'pending' } })).advertisers),
    ),
    approveAdvertiser: fromPromise<PendingAdvertiser, { userId: string }>(
      async ({ input }) => asOperator(async () => (await (await api()).request('approveAdvertiser', { jwt: requireJwt(jwt()), params: { id: input.userId } })).advertiser),
    ),
    rejectAdvertiser: fromPromise<PendingAdvertiser, { userId: string; reason: string }>(
      async ({ input }) =>
        asOperator(
          async () => (await (await api()).request('rejectAdvertiser', { jwt: requireJwt(jwt()), params: { id: input.userId }, json: { reason: input.reason } })).advertiser,
        ),
    ),
  };
}

export function adminRecordsActors(jwt: Jwt) {
  return {
    loadRecords: fromPromise<unknown[], { kind: RecordsKind; query: string }>(({ input }) => asOperator(() => loadRecords(jwt, input))),
  };
}

async function loadRecords(jwt: Jwt, input: { kind: RecordsKind; query: string }): Promise<unknown[]> {
  const client = await api();
  const token = requireJwt(jwt());
  if (input.kind === 'campaigns') return (await client.request('adminCampaigns', { jwt: token })).campaigns;
  if (input.kind === 'users') return (await client.request('adminUsers', { jwt: token, query: input.query ? { q: input.query } : {} })).users;
  return (await client.request('adminTickets', { jwt: token })).tickets;
}

export function useAdminApprovalLogic(logic?: AdminApprovalLogic): AdminApprovalLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminApprovalMachine.provide({ actors: adminApprovalActors(app.jwt) }), [logic, app]);
}

export function useAdminRecordsLogic(logic?: AdminRecordsLogic): AdminRecordsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminRecordsMachine.provide({ actors: adminRecordsActors(app.jwt) }), [logic, app]);
}
