// The platforms' budgets as operators read them in /admin (docs/product.md §Platform limits): one per provider
// credential, shared by every instance (server/connections/governor.ts), with what is waiting for it and why.
import { z } from 'zod';

/** Who asks for budget, highest first: a waiting call is served in this order. */
export const BUDGET_PRIORITIES = ['verify', 'chat', 'connect', 'analytics', 'backfill'] as const;

/** Whose a budget's credential is (see `owner`). */
export const BUDGET_OWNERS = ['app', 'project', 'chat-account', 'channel', 'connecting', 'disconnected'] as const;

export const platformBudget = z.object({
  provider: z.enum(['twitch', 'youtube']),
  /** `app` (Twitch's app token), `user:<platform user id>` (a Twitch user token), `project` (YouTube's project). */
  credential: z.string(),
  /** The channel login of a Twitch user token's account, when Castbridge knows it; null otherwise. */
  login: z.string().nullable(),
  /**
   * Whose credential it is: Castbridge's Twitch `app` token or YouTube `project`, its Twitch `chat-account` (the bot
   * that reads and posts chat), a creator's `channel` (login), the accounts being `connecting`, or a Twitch account
   * no longer connected (`disconnected`).
   */
  owner: z.enum(BUDGET_OWNERS),
  /** What asked for this budget, on any instance (`analytics collection`, `chat bot`, …), sorted. */
  purposes: z.array(z.string()),
  /** What the platform allows in one window: points a minute (Twitch), units a day (YouTube). */
  window: z.enum(['minute', 'pacific-day']),
  capacity: z.number().int().min(0),
  /** Spent in this window across every instance. */
  spent: z.number().int().min(0),
  /** Left to spend: the capacity less what is spent and the share kept back for clock drift. */
  remaining: z.number().int().min(0),
  /** When the window ends and the budget is whole again (ISO). */
  resetAt: z.string(),
  /** The platform refused calls until then (someone else spent the credential), and why; null when it did not. */
  refusedUntil: z.string().nullable(),
  refusedReason: z.string().nullable(),
  /** Calls waiting for budget on the instance that answered, by purpose, and why they wait. */
  waiting: z.array(
    z.object({
      purpose: z.string(),
      priority: z.enum(BUDGET_PRIORITIES),
      count: z.number().int().min(1),
      since: z.string(),
      reason: z.string(),
    }),
  ),
  /**
   * How often delivery verification reads what it watches through this budget (issue 46): `items` live or starting
   * broadcasts every `everySeconds`, against its goal; lowered evenly for all of them when the budget cannot carry
   * the goal, never a channel skipped.
   */
  resolution: z.array(
    z.object({
      purpose: z.string(),
      items: z.number().int().min(0),
      everySeconds: z.number().int().min(1),
      goalSeconds: z.number().int().min(1),
    }),
  ),
  /** Work put off until the budget comes back (a job scheduled again), by purpose. */
  deferred: z.array(
    z.object({
      purpose: z.string(),
      priority: z.enum(BUDGET_PRIORITIES),
      count: z.number().int().min(1),
      until: z.string(),
    }),
  ),
});
export type PlatformBudget = z.infer<typeof platformBudget>;
export type BudgetPriority = (typeof BUDGET_PRIORITIES)[number];
export type BudgetOwner = (typeof BUDGET_OWNERS)[number];

export const adminBudgetsResponse = z.object({ budgets: z.array(platformBudget) });
