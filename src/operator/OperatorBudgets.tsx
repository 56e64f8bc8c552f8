// The operator console's Platform budgets tab (docs/product.md §Platform limits): each Twitch and YouTube credential's
// budget, shared by every instance: a meter of what is spent of the window, what is left, when it resets, a plain line
// when the platform refused, and the calls waiting for it or put off until the reset, in words. The shared budgets
// and any that needs attention are cards; creators' quiet Twitch channels (there can be hundreds) a table. Each is
// named by whose it is (a creator's channel, Castbridge's app, chat account or YouTube project) and what it is used
// for, never by a token. Times on the
// console's UTC clock (src/common/format.ts). A chunk of its own: it loads when the tab is opened.
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import type { BudgetPriority, PlatformBudget } from '@/contract/schemas/budgets';
import {
  selectBudgetCards,
  selectBudgetsLoadError,
  selectBudgetsLoading,
  selectBudgetsReading,
  selectBudgetsRefreshError,
  selectNoBudgets,
  selectQuietBudgets,
} from '@/machines/operator/adminBudgets.select';
import { inspect } from '@/src/app/inspect';
import { formatCount, formatDateTime, formatTime } from '@/src/common/format';
import { LoadState } from '@/src/common/LoadState';
import { useAdminBudgetsLogic, type AdminBudgetsLogic } from '@/src/operator/adminBudgets';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Table } from '@/src/ui/Table';
import * as b from './OperatorBudgets.css';
import * as s from './OperatorConsole.css';

const PLATFORM = { twitch: 'Twitch', youtube: 'YouTube' } as const;

/** Who asked, as operators read it: the order waiting calls are served in. */
const PRIORITY: Record<BudgetPriority, string> = {
  verify: 'delivery verification, served first',
  chat: 'live chat, served first',
  connect: 'connecting accounts',
  analytics: 'analytics, after chat and verification',
  backfill: 'catching up, served last',
};

/** A Twitch user token's account id (`user:<id>`). */
const twitchUser = (budget: PlatformBudget) => budget.credential.replace(/^user:/, '');

/** Whose budget it is, in words: a channel or one of Castbridge's own accounts, never a token. */
export function budgetName(budget: PlatformBudget): string {
  switch (budget.owner) {
    case 'project':
      return 'YouTube: the project’s daily quota';
    case 'app':
      return 'Twitch: Castbridge’s app';
    case 'chat-account':
      return 'Twitch: Castbridge’s chat account';
    case 'connecting':
      return 'Twitch: accounts being connected';
    case 'channel':
      return `Twitch: ${channelName(budget)}`;
    case 'disconnected':
      return `Twitch: ${channelName(budget)}`;
  }
}

/** A creator's Twitch channel by its login; one no longer connected by its Twitch account id. */
function channelName(budget: PlatformBudget): string {
  return budget.login
    ? `${budget.login}’s channel`
    : `a channel no longer connected (Twitch account ${twitchUser(budget)})`;
}

/** What the budget was spent for, as a list a person reads (`chat bot and EventSub chat subscriptions`). */
function usedFor(budget: PlatformBudget): string | null {
  const names = budget.purposes.map((purpose) => (purpose === 'eventsub' ? 'EventSub chat subscriptions' : purpose));
  if (names.length === 0) return null;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const unitsOf = (budget: PlatformBudget) => (budget.provider === 'twitch' ? 'points' : 'units');
/** A purpose as the governor names it (`analytics collection`), as the start of a sentence. */
const purposeText = (purpose: string) =>
  purpose === 'eventsub' ? 'EventSub chat subscriptions' : purpose.charAt(0).toUpperCase() + purpose.slice(1);
/** A Twitch window ends within the minute: to the second. YouTube's at midnight Pacific: the day and time. */
const resetText = (budget: PlatformBudget) =>
  budget.window === 'minute'
    ? `${formatTime(budget.resetAt, { seconds: true })} UTC`
    : `${formatDateTime(budget.resetAt)} (midnight Pacific)`;
const untilText = (budget: PlatformBudget, at: string) =>
  budget.window === 'minute' ? `${formatTime(at, { seconds: true })} UTC` : formatDateTime(at);
/** How full the window is, with the share kept for clock drift counting as spent once nothing is left. */
const fillOf = (budget: PlatformBudget) =>
  budget.refusedUntil !== null || budget.remaining === 0
    ? 'out'
    : budget.remaining < budget.capacity * 0.2
      ? 'low'
      : 'ok';

function status(budget: PlatformBudget): { label: string; tone: ChipTone } {
  if (budget.refusedUntil !== null) return { label: `Refused by ${PLATFORM[budget.provider]}`, tone: 'danger' };
  if (budget.remaining === 0) return { label: 'Spent until the reset', tone: 'warning' };
  if (budget.waiting.length > 0) return { label: 'Calls waiting', tone: 'warning' };
  return { label: 'Available', tone: 'success' };
}

/** Spent of the window's capacity, as a meter (its value and its words for assistive technology). */
function Meter({ budget, label }: { budget: PlatformBudget; label: string }) {
  const spent = Math.min(budget.spent, budget.capacity);
  const share = budget.capacity > 0 ? (spent / budget.capacity) * 100 : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={budget.capacity}
      aria-valuenow={spent}
      aria-valuetext={`${formatCount(budget.spent)} of ${formatCount(budget.capacity)} ${unitsOf(budget)} spent`}
      className={b.meter}
    >
      <div className={b.fill[fillOf(budget)]} style={{ width: `${share}%` }} />
    </div>
  );
}

const everyText = (seconds: number) =>
  seconds % 60 === 0
    ? seconds === 60
      ? 'every minute'
      : `every ${formatCount(seconds / 60)} minutes`
    : `every ${formatCount(seconds)} seconds`;

/**
 * What verification reads through this budget and how often: at its goal, or lowered evenly (issue 46) — said so,
 * never a channel skipped.
 */
function resolutionText(entry: PlatformBudget['resolution'][number]): string {
  const what = `${purposeText(entry.purpose)}: ${formatCount(entry.items)} live or starting ${entry.items === 1 ? 'broadcast' : 'broadcasts'} read ${everyText(entry.everySeconds)}`;
  return entry.everySeconds > entry.goalSeconds
    ? `${what}, lowered for all of them from ${everyText(entry.goalSeconds)} to keep within this budget.`
    : `${what}, as it should.`;
}

function BudgetCard({ budget }: { budget: PlatformBudget }) {
  const id = useId();
  const headingId = `budget-${id}`;
  const chip = status(budget);
  const units = unitsOf(budget);
  const window = budget.window === 'minute' ? 'this minute' : 'today';
  return (
    <Card as="li" className={s.row} aria-labelledby={headingId}>
      <div className={b.heading}>
        <h2 id={headingId} className={s.name}>
          {budgetName(budget)}
        </h2>
        <Chip tone={chip.tone}>{chip.label}</Chip>
      </div>
      {usedFor(budget) ? <p className={s.muted}>Used for {usedFor(budget)}.</p> : null}
      <Meter budget={budget} label={`Spent ${window}`} />
      <dl className={b.figures}>
        <div className={b.figure}>
          <dt className={b.term}>Spent {window}</dt>
          <dd className={b.value}>
            {formatCount(budget.spent)} of {formatCount(budget.capacity)} {units}
          </dd>
        </div>
        <div className={b.figure}>
          <dt className={b.term}>Left</dt>
          <dd className={b.value}>
            {formatCount(budget.remaining)} {units}
          </dd>
        </div>
        <div className={b.figure}>
          <dt className={b.term}>Resets at</dt>
          <dd className={b.value}>{resetText(budget)}</dd>
        </div>
      </dl>
      {budget.refusedUntil !== null ? (
        <p className={b.refusal}>
          {PLATFORM[budget.provider]} refused calls until {untilText(budget, budget.refusedUntil)}
          {budget.refusedReason ? ` (${budget.refusedReason})` : ''}: someone else spent this{' '}
          {budget.provider === 'twitch' ? 'account' : 'project'}’s budget. Every instance waits for the reset.
        </p>
      ) : null}
      <section aria-labelledby={`${headingId}-waiting`} className={s.row}>
        <h3 id={`${headingId}-waiting`} className={b.subheading}>
          Waiting
        </h3>
        {budget.waiting.length === 0 ? (
          <p className={s.muted}>Nothing waiting.</p>
        ) : (
          <ul className={b.items}>
            {budget.waiting.map((entry) => (
              <li key={entry.purpose}>
                {purposeText(entry.purpose)}: {formatCount(entry.count)} waiting since {formatTime(entry.since)} UTC —{' '}
                {entry.reason}. <span className={s.muted}>Priority: {PRIORITY[entry.priority]}.</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {budget.resolution.length > 0 ? (
        <section aria-labelledby={`${headingId}-resolution`} className={s.row}>
          <h3 id={`${headingId}-resolution`} className={b.subheading}>
            How often it looks
          </h3>
          <ul className={b.items}>
            {budget.resolution.map((entry) => (
              <li key={entry.purpose}>{resolutionText(entry)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {budget.deferred.length > 0 ? (
        <section aria-labelledby={`${headingId}-deferred`} className={s.row}>
          <h3 id={`${headingId}-deferred`} className={b.subheading}>
            Put off until the budget comes back
          </h3>
          <ul className={b.items}>
            {budget.deferred.map((entry) => (
              <li key={entry.purpose}>
                {purposeText(entry.purpose)}: {formatCount(entry.count)} put off until {untilText(budget, entry.until)},
                then tried again. <span className={s.muted}>Priority: {PRIORITY[entry.priority]}.</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}

/** Every platform budget: the shared ones and those needing attention as cards, creators' quiet tokens as a table. */
export function BudgetsPanel({ logic }: { logic?: AdminBudgetsLogic }) {
  const [snapshot, send] = useMachine(useAdminBudgetsLogic(logic), { inspect });
  const loading = selectBudgetsLoading(snapshot);
  const loadError = selectBudgetsLoadError(snapshot);
  if (loading || loadError !== null)
    return (
      <LoadState
        loading={loading}
        error={loadError}
        what="platform budgets"
        onRetry={() => send({ type: 'budgets.retry' })}
      />
    );
  const reading = selectBudgetsReading(snapshot);
  const refreshError = selectBudgetsRefreshError(snapshot);
  const cards = selectBudgetCards(snapshot);
  const quiet = selectQuietBudgets(snapshot);
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>
          Every call to Twitch and YouTube spends one of these budgets, shared by all Castbridge instances: Twitch
          counts points a minute for each account that calls (a creator’s channel, Castbridge’s app, its chat account),
          YouTube units a day for the whole project, reset at midnight Pacific. Calls that find a budget spent wait in
          priority order (delivery verification and live chat first, catching up last) or are put off until the reset.
          Read again every 30 seconds while this tab is open.
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reading}
          aria-busy={reading || undefined}
          onClick={() => send({ type: 'budgets.reload' })}
        >
          Refresh
        </Button>
      </div>
      {refreshError ? (
        <Alert tone="error" title="Not read again">
          <p>{refreshError} The figures below are from the last read.</p>
        </Alert>
      ) : null}
      {selectNoBudgets(snapshot) ? (
        <Card>
          <p className={s.empty}>No platform budget used yet: nothing has called Twitch or YouTube.</p>
        </Card>
      ) : cards.length > 0 ? (
        <ul className={s.list} aria-label="Platform budgets">
          {cards.map((budget) => (
            <BudgetCard key={`${budget.provider}:${budget.credential}`} budget={budget} />
          ))}
        </ul>
      ) : null}
      {quiet.length > 0 ? (
        <Table
          caption="Creators’ Twitch channels with nothing waiting"
          captionVisible
          columns={[
            { key: 'channel', header: 'Channel', wrap: true },
            { key: 'used', header: 'Used for', wrap: true },
            { key: 'spent', header: 'Spent', align: 'right', wrap: true },
            { key: 'left', header: 'Left', align: 'right' },
            { key: 'reset', header: 'Resets at', wrap: true },
          ]}
          rows={quiet.map((budget) => ({
            channel: budget.login ?? channelName(budget),
            used: usedFor(budget) ?? '—',
            spent: `${formatCount(budget.spent)} of ${formatCount(budget.capacity)}`,
            left: formatCount(budget.remaining),
            reset: resetText(budget),
          }))}
          rowKey={(_, index) => quiet[index]!.credential}
        />
      ) : null}
    </>
  );
}
