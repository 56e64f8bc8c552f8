// The operator console's read-only lists: GET /api/admin/campaigns, /api/admin/users?q=, /api/admin/support-tickets.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type AdminRecordsLogic = typeof adminRecordsMachine;

export function adminRecordsActors(jwt: Jwt) {
  return {
    loadRecords: fromPromise<unknown[], { kind: RecordsKind; query: string }>(({ input }) =>
      asOperator(() => loadRecords(jwt, input)),
    ),
  };
}

async function loadRecords(jwt: Jwt, input: { kind: RecordsKind; query: string }): Promise<unknown[]> {
  const client = await api();
  const token = requireJwt(jwt());
  if (input.kind === 'campaigns') return (await client.request('adminCampaigns', { jwt: token })).campaigns;
  if (input.kind === 'users')
    return (await client.request('adminUsers', { jwt: token, query: input.query ? { q: input.query } : {} })).users;
  return (await client.request('adminTickets', { jwt: token })).tickets;
}

export function useAdminRecordsLogic(logic?: AdminRecordsLogic): AdminRecordsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminRecordsMachine.provide({ actors: adminRecordsActors(app.jwt) }), [logic, app]);
}
