// The platforms' budgets as operators read them in /admin (docs/product.md §Platform limits): one per provider
// credential, shared by every instance (server/connections/governor.ts), with what is waiting for it and why: its
// purposes and reasons as codes (../budgets.ts) that the console words, the platform's own answers as they came.
import { z } from 'zod';
import { BUDGET_PURPOSES, BUDGET_REFUSALS, BUDGET_WAIT_REASONS } from '../budgets.ts';

/** Who asks for budget, highest first: a waiting call is served in this order. */
export const BUDGET_PRIORITIES = ['verify', 'chat', 'connect', 'analytics', 'backfill'] as const;

/** Whose a budget's credential is (see `owner`). */
export const BUDGET_OWNERS = ['app', 'project', 'chat-account', 'channel', 'connecting', 'disconnected'] as const;

/** What a budget is asked for, as a code (contract/budgets.ts): the console words it. */
const purpose = z.enum(BUDGET_PURPOSES);

/** Why the platform refused: a code, and the platform's answer in its own words (`429`, `quotaExceeded`). */
const refusal = z.object({ code: z.enum(BUDGET_REFUSALS), answer: z.string() });

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
  /** What asked for this budget, on any instance (`analytics_collection`, `chat_bot`, …), sorted. */
  purposes: z.array(purpose),
  /** What the platform allows in one window: points a minute (Twitch), units a day (YouTube). */
  window: z.enum(['minute', 'pacific-day']),
  capacity: z.number().int().min(0),
  /** Spent in this window across every instance. */
  spent: z.number().int().min(0),
  /** Left to spend: the capacity less what is spent and the share kept back for clock drift. */
  remaining: z.number().int().min(0),
  /** When the window ends and the budget is whole again (ISO). */
  resetAt: z.string(),
  /**
   * The platform refused calls until then (someone else spent the credential), and why (null when the platform's
   * answer is not known); both null when it did not.
   */
  refusedUntil: z.string().nullable(),
  refusedReason: refusal.nullable(),
  /**
   * Calls waiting for budget on the instance that answered, by purpose, and why they wait: `spent` or `refused`
   * (contract/budgets.ts), with the platform's refusal as it was when they began waiting (null for `spent`, or when
   * its answer is not known).
   */
  waiting: z.array(
    z.object({
      purpose,
      priority: z.enum(BUDGET_PRIORITIES),
      count: z.number().int().min(1),
      since: z.string(),
      reason: z.enum(BUDGET_WAIT_REASONS),
      refusedReason: refusal.nullable(),
    }),
  ),
  /**
   * How often delivery verification reads what it watches through this budget (issue 46): `items` live or starting
   * broadcasts every `everySeconds`, against its goal; lowered evenly for all of them when the budget cannot carry
   * the goal, never a channel skipped.
   */
  resolution: z.array(
    z.object({
      purpose,
      items: z.number().int().min(0),
      everySeconds: z.number().int().min(1),
      goalSeconds: z.number().int().min(1),
    }),
  ),
  /** Work put off until the budget comes back (a job scheduled again), by purpose. */
  deferred: z.array(
    z.object({
      purpose,
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
