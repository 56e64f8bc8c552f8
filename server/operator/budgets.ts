// The platforms' budgets as the operator console shows them (GET /api/admin/budgets, docs/product.md §Platform
// limits): the governor's view of each credential, times as ISO, whose credential it is, and what it was spent for. A
// Twitch user token is a creator's channel (its login) where a creator connected that account (one read of
// connected_accounts for all of them); otherwise Castbridge's chat account when the chat bot or EventSub asked for it
// (the bot's own token: it has no connected account), else an account no longer connected.
import type { Kysely } from 'kysely';
import type { BudgetPurpose } from '../../contract/budgets.ts';
import type { BudgetOwner, PlatformBudget } from '../../contract/schemas/budgets.ts';
import type { BudgetView, Governor } from '../connections/governor.ts';
import type { VerificationResolution } from '../connections/live.ts';
import type { Database } from '../db/types.ts';

export type BudgetsGovernor = Pick<Governor, 'budgets' | 'limits'>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The purposes only Castbridge's chat account spends a user token for (server/deliverables/bot.ts, archive/eventsub.ts). */
const CHAT_ACCOUNT_PURPOSES = new Set<BudgetPurpose>(['chat_bot', 'eventsub']);
/** The credential the chat account's token goes by until Twitch has said whose it is (its one GET /helix/users). */
const CHAT_ACCOUNT_UNNAMED = 'user:castbridge-bot';

function ownerOf(view: BudgetView, login: string | null): BudgetOwner {
  if (view.provider === 'youtube') return 'project';
  if (view.credential === 'app') return 'app';
  if (view.credential === 'user:connecting') return 'connecting';
  if (login !== null) return 'channel';
  if (view.credential === CHAT_ACCOUNT_UNNAMED || view.purposes.some((p) => CHAT_ACCOUNT_PURPOSES.has(p)))
    return 'chat-account';
  return 'disconnected';
}

export async function presentBudgets(
  db: Kysely<Database>,
  governor: BudgetsGovernor,
  resolutions: VerificationResolution[] = [],
): Promise<PlatformBudget[]> {
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
  return views.map((view) => {
    const login =
      view.provider === 'twitch' && view.credential.startsWith('user:')
        ? (logins.get(view.credential.slice('user:'.length)) ?? null)
        : null;
    const resolution = resolutions
      .filter((r) => r.provider === view.provider && r.credential === view.credential)
      .map(({ purpose, items, everySeconds, goalSeconds }) => ({ purpose, items, everySeconds, goalSeconds }));
    return { ...presentBudget(view, login, governor), resolution };
  });
}

function presentBudget(
  view: BudgetView,
  login: string | null,
  governor: BudgetsGovernor,
): Omit<PlatformBudget, 'resolution'> {
  return {
    provider: view.provider,
    credential: view.credential,
    login,
    owner: ownerOf(view, login),
    purposes: view.purposes,
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
  };
}
