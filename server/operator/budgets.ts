// The platforms' budgets as the operator console shows them (GET /api/admin/budgets, docs/product.md §Platform
// limits): the governor's view of each credential, times as ISO, and a Twitch user token named by its channel's login
// where a creator connected that account (one read of connected_accounts for all of them).
import type { Kysely } from 'kysely';
import type { PlatformBudget } from '../../contract/schemas/budgets.ts';
import type { Governor } from '../connections/governor.ts';
import type { Database } from '../db/types.ts';

export type BudgetsGovernor = Pick<Governor, 'budgets' | 'limits'>;

const iso = (ms: number) => new Date(ms).toISOString();

export async function presentBudgets(db: Kysely<Database>, governor: BudgetsGovernor): Promise<PlatformBudget[]> {
  const views = await governor.budgets();
  const userIds = [
    ...new Set(
      views
        .filter((view) => view.provider === 'twitch' && view.credential.startsWith('user:'))
        .map((view) => view.credential.slice('user:'.length)),
    ),
  ];
  const logins = new Map<string, string>();
  if (userIds.length > 0) {
    const rows = await db
      .selectFrom('connected_accounts')
      .select(['platform_user_id', 'login'])
      .where('platform', '=', 'twitch')
      .where('platform_user_id', 'in', userIds)
      .execute();
    for (const row of rows) logins.set(row.platform_user_id, row.login);
  }
  return views.map((view) => ({
    provider: view.provider,
    credential: view.credential,
    login:
      view.provider === 'twitch' && view.credential.startsWith('user:')
        ? (logins.get(view.credential.slice('user:'.length)) ?? null)
        : null,
    window: governor.limits[view.provider].window,
    capacity: view.capacity,
    spent: view.spent,
    remaining: view.remaining,
    resetAt: iso(view.resetAt),
    refusedUntil: view.refusedUntil === null ? null : iso(view.refusedUntil),
    refusedReason: view.refusedReason,
    // The longest waiting first: what an operator looks for.
    waiting: [...view.waiting]
      .sort((a, b) => a.since - b.since)
      .map((entry) => ({ ...entry, since: iso(entry.since) })),
    deferred: view.deferred.map((entry) => ({ ...entry, until: iso(entry.until) })),
  }));
}
