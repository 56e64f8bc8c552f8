// The operator console's implementations (issue 13): GET /api/admin/advertisers?status=pending, POST …/approve and
// …/reject, and the read-only lists GET /api/admin/campaigns, /api/admin/users?q=, /api/admin/support-tickets;
// (issue 14) deposits for approved advertisers and the manual payout rail.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { adminApprovalMachine, type PendingAdvertiser } from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { adminFundsMachine, type FundedAdvertiser } from '@/machines/operator/adminFunds.machine';
import { adminPayoutsMachine, type Verdict } from '@/machines/operator/adminPayouts.machine';
import type { AdminPayout } from '@/contract';
import { api, requireJwt, useAppWiring } from '../accounts/session';

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

// --- Money (issue 14): deposits and the manual payout rail -------------------------------------------------------

export type AdminFundsLogic = typeof adminFundsMachine;
export type AdminPayoutsLogic = typeof adminPayoutsMachine;

export function adminFundsActors(jwt: Jwt) {
  return {
    loadFunded: fromPromise<FundedAdvertiser[], void>(
      async () => asOperator(async () => (await (await api()).request('adminAdvertisers', { jwt: requireJwt(jwt()), query: { status: 'approved' } })).advertisers),
    ),
    recordDeposit: fromPromise<{ balanceCents: number }, { advertiserId: string; amountCents: number; reference: string }>(({ input }) =>
      asOperator(async () => (await api()).request('recordDeposit', { jwt: requireJwt(jwt()), json: input })),
    ),
  };
}

export function adminPayoutsActors(jwt: Jwt) {
  return {
    loadPayouts: fromPromise<AdminPayout[], void>(async () => asOperator(async () => (await (await api()).request('adminPayouts', { jwt: requireJwt(jwt()), query: {} })).payouts)),
    decidePayout: fromPromise<AdminPayout, { payoutId: string; verdict: Verdict; text: string }>(({ input }) =>
      asOperator(async () => {
        const client = await api();
        const token = requireJwt(jwt());
        const params = { id: input.payoutId };
        const answer =
          input.verdict === 'paid'
            ? await client.request('markPayoutPaid', { jwt: token, params, json: { reference: input.text } })
            : await client.request('markPayoutFailed', { jwt: token, params, json: { reason: input.text } });
        return answer.payout;
      }),
    ),
  };
}

export function useAdminFundsLogic(logic?: AdminFundsLogic): AdminFundsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminFundsMachine.provide({ actors: adminFundsActors(app.jwt) }), [logic, app]);
}

export function useAdminPayoutsLogic(logic?: AdminPayoutsLogic): AdminPayoutsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminPayoutsMachine.provide({ actors: adminPayoutsActors(app.jwt) }), [logic, app]);
}
