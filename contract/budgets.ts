// The platforms' budgets (docs/product.md §Platform limits) in codes, as plain data: what a budget is asked for and
// why calls wait for it. The governor (server/connections/governor.ts) and its callers name these codes, the budgets
// answer carries them (./schemas/budgets.ts), and the operator console words each one in its language
// (src/operator/messages, `budgets.*`). What a platform said in its own words (a status, a reason) stays data.

/**
 * What a call through the governor is for (its CallSpec's `purpose`), one per kind of caller: delivery verification's
 * polls and Twitch's pushed stream events for it (`live_push`), the chat bot, EventSub's chat subscriptions, the chat
 * archive's YouTube chat and Twitch stream sessions, reading an account's identity as it connects, and analytics.
 */
export const BUDGET_PURPOSES = [
  'analytics_collection',
  'archive_chat',
  'archive_stream_sessions',
  'chat_bot',
  'delivery_verification',
  'eventsub',
  'identity_at_connect',
  'live_push',
] as const;
export type BudgetPurpose = (typeof BUDGET_PURPOSES)[number];

export const isBudgetPurpose = (value: string): value is BudgetPurpose =>
  (BUDGET_PURPOSES as readonly string[]).includes(value);

/**
 * Why calls wait for a budget: `spent` (this window's budget is spent, or what is left is kept for higher
 * priorities), `refused` (the platform refused calls until its reset).
 */
export const BUDGET_WAIT_REASONS = ['spent', 'refused'] as const;
export type BudgetWaitReason = (typeof BUDGET_WAIT_REASONS)[number];

/**
 * Why a platform refused a budget's calls: `limit_reached`, it answered that the credential's limit is reached — with
 * its answer in its own words (`429`, Twitch's status; `quotaExceeded` or `dailyLimitExceeded`, YouTube's reason).
 */
export const BUDGET_REFUSALS = ['limit_reached'] as const;
export type BudgetRefusalCode = (typeof BUDGET_REFUSALS)[number];

export interface BudgetRefusal {
  code: BudgetRefusalCode;
  /** The platform's answer as it gave it. */
  answer: string;
}
