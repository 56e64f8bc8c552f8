// The operator console's Platform budgets tab (docs/product.md §Platform limits): each Twitch and YouTube credential's
// budget, shared by every instance: a meter of what is spent of the window, what is left, when it resets, a plain line
// when the platform refused, and the calls waiting for it or put off until the reset, in words. The shared budgets
// and any that needs attention are cards; creators' quiet Twitch channels (there can be hundreds) a table. Each is
// named by whose it is (a creator's channel, Castbridge's app, chat account or YouTube project) and what it is used
// for, never by a token. In the console's language (the operator catalogue): counts, days and times the language's way,
// on the console's UTC clock (src/common/format.ts). The governor's purposes, its reasons for waiting and the
// platforms' refusals come as codes (contract/budgets.ts), each worded by the catalogue; what a platform answered (`429`,
// `quotaExceeded`) reads as it gave it. A chunk of its own: it loads when the tab is opened.
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import type { BudgetPurpose, BudgetRefusal } from '@/contract/budgets';
import type { PlatformBudget } from '@/contract/schemas/budgets';
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
import { formatsIn, type Formats } from '@/src/common/format';
import { LoadState } from '@/src/common/LoadState';
import { useMessages } from '@/src/i18n/i18n';
import { useAdminBudgetsLogic, type AdminBudgetsLogic } from '@/src/operator/adminBudgets';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Table } from '@/src/ui/Table';
import { operatorMessages } from './catalogue';
import * as b from './OperatorBudgets.css';
import * as s from './OperatorConsole.css';
import { refusalText, type OperatorWords } from './refusal';

const PLATFORM = { twitch: 'Twitch', youtube: 'YouTube' } as const;

/** A Twitch user token's account id (`user:<id>`). */
const twitchUser = (budget: PlatformBudget) => budget.credential.replace(/^user:/, '');

/** The words of the tab: the operator catalogue's `t` and the formatters of its language. */
interface Words {
  t: OperatorWords;
  f: Formats;
}

/** Whose budget it is, in words: a channel or one of Castbridge's own accounts, never a token. */
export function budgetName({ t }: Words, budget: PlatformBudget): string {
  switch (budget.owner) {
    case 'project':
      return t('budgets.nameProject');
    case 'app':
      return t('budgets.nameApp');
    case 'chat-account':
      return t('budgets.nameChatAccount');
    case 'connecting':
      return t('budgets.nameConnecting');
    case 'channel':
    case 'disconnected':
      return t('budgets.nameChannel', { channel: channelName({ t }, budget) });
  }
}

/** A creator's Twitch channel by its login; one no longer connected by its Twitch account id. */
function channelName({ t }: Pick<Words, 't'>, budget: PlatformBudget): string {
  return budget.login
    ? t('budgets.channel', { login: budget.login })
    : t('budgets.channelGone', { account: twitchUser(budget) });
}

/** A purpose's code (`analytics_collection`), in words (one a newer server adds reads as its code until worded). */
const purposeName = ({ t }: Words, purpose: BudgetPurpose) => t('budgets.purpose', { purpose });
/** The same as the start of a sentence. */
const purposeText = (words: Words, purpose: BudgetPurpose) => {
  const name = purposeName(words, purpose);
  return name.charAt(0).toLocaleUpperCase(words.f.locale) + name.slice(1);
};

/** What the budget was spent for, as a list a person reads (`chat bot and EventSub chat subscriptions`). */
function usedFor(words: Words, budget: PlatformBudget): string | null {
  const names = budget.purposes.map((purpose) => purposeName(words, purpose));
  if (names.length === 0) return null;
  return names.length === 1
    ? names[0]!
    : words.t('budgets.and', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/** A Twitch window ends within the minute: to the second. YouTube's at midnight Pacific: the day and time. */
const resetText = ({ t, f }: Words, budget: PlatformBudget) =>
  budget.window === 'minute'
    ? t('budgets.timeUtc', { time: f.time(budget.resetAt, { seconds: true }) })
    : t('budgets.resetDay', { dateTime: f.dateTime(budget.resetAt) });
/** "until 14:02:40 UTC", "until Nov 27, 2026, 08:00 UTC". */
const untilText = ({ t, f }: Words, budget: PlatformBudget, at: string) =>
  budget.window === 'minute'
    ? t('budgets.untilTime', { time: f.time(at, { seconds: true }) })
    : t('budgets.untilDate', { dateTime: f.dateTime(at) });

/** Why the platform refused, in words ("Twitch answered 429"): its answer as it gave it. */
function platformRefusalText({ t }: Words, budget: PlatformBudget, refusal: BudgetRefusal): string {
  switch (refusal.code) {
    case 'limit_reached':
      return t('budgets.answered', { platform: PLATFORM[budget.provider], answer: refusal.answer });
  }
}

/** Why calls wait, in words: the budget spent (or kept for higher priorities), or the platform's refusal and why. */
function waitReasonText(words: Words, budget: PlatformBudget, entry: PlatformBudget['waiting'][number]): string {
  const platform = PLATFORM[budget.provider];
  switch (entry.reason) {
    case 'spent':
      return words.t('budgets.waitSpent');
    case 'refused':
      return entry.refusedReason
        ? words.t('budgets.waitRefused', { platform, reason: platformRefusalText(words, budget, entry.refusedReason) })
        : words.t('budgets.waitRefusedUnsaid', { platform });
  }
}

/** How full the window is, with the share kept for clock drift counting as spent once nothing is left. */
const fillOf = (budget: PlatformBudget) =>
  budget.refusedUntil !== null || budget.remaining === 0
    ? 'out'
    : budget.remaining < budget.capacity * 0.2
      ? 'low'
      : 'ok';

function status({ t }: Words, budget: PlatformBudget): { label: string; tone: ChipTone } {
  const label = (state: 'refused' | 'spent' | 'waiting' | 'available') =>
    t('budgets.status', { status: state, platform: PLATFORM[budget.provider] });
  if (budget.refusedUntil !== null) return { label: label('refused'), tone: 'danger' };
  if (budget.remaining === 0) return { label: label('spent'), tone: 'warning' };
  if (budget.waiting.length > 0) return { label: label('waiting'), tone: 'warning' };
  return { label: label('available'), tone: 'success' };
}

/** Spent of the window's capacity, as a meter (its value and its words for assistive technology). */
function Meter({ words, budget, label }: { words: Words; budget: PlatformBudget; label: string }) {
  const spent = Math.min(budget.spent, budget.capacity);
  const share = budget.capacity > 0 ? (spent / budget.capacity) * 100 : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={budget.capacity}
      aria-valuenow={spent}
      aria-valuetext={words.t('budgets.spentOfUnits', {
        provider: budget.provider,
        spent: budget.spent,
        capacity: budget.capacity,
      })}
      className={b.meter}
    >
      <div className={b.fill[fillOf(budget)]} style={{ width: `${share}%` }} />
    </div>
  );
}

/** "every minute", "every 2 minutes", "every 45 seconds". */
const everyText = ({ t }: Words, seconds: number) =>
  seconds % 60 === 0
    ? t('budgets.every', { unit: 'minute', count: seconds / 60 })
    : t('budgets.every', { unit: 'second', count: seconds });

/**
 * What verification reads through this budget and how often: at its goal, or lowered evenly (issue 46) — said so,
 * never a channel skipped.
 */
function resolutionText(words: Words, entry: PlatformBudget['resolution'][number]): string {
  const values = {
    purpose: purposeText(words, entry.purpose),
    items: entry.items,
    every: everyText(words, entry.everySeconds),
  };
  return entry.everySeconds > entry.goalSeconds
    ? words.t('budgets.resolutionLowered', { ...values, goal: everyText(words, entry.goalSeconds) })
    : words.t('budgets.resolutionOk', values);
}

function BudgetCard({ budget }: { budget: PlatformBudget }) {
  const id = useId();
  const { t, locale } = useMessages(operatorMessages);
  const words: Words = { t, f: formatsIn(locale) };
  const { f } = words;
  const headingId = `budget-${id}`;
  const chip = status(words, budget);
  const spentIn = t('budgets.spentIn', { window: budget.window });
  const used = usedFor(words, budget);
  return (
    <Card as="li" className={s.row} aria-labelledby={headingId}>
      <div className={b.heading}>
        <h2 id={headingId} className={s.name}>
          {budgetName(words, budget)}
        </h2>
        <Chip tone={chip.tone}>{chip.label}</Chip>
      </div>
      {used ? <p className={s.muted}>{t('budgets.usedFor', { purposes: used })}</p> : null}
      <Meter words={words} budget={budget} label={spentIn} />
      <dl className={b.figures}>
        <div className={b.figure}>
          <dt className={b.term}>{spentIn}</dt>
          <dd className={b.value}>
            {t('budgets.spentOf', { provider: budget.provider, spent: budget.spent, capacity: budget.capacity })}
          </dd>
        </div>
        <div className={b.figure}>
          <dt className={b.term}>{t('budgets.left')}</dt>
          <dd className={b.value}>{t('budgets.leftOf', { provider: budget.provider, remaining: budget.remaining })}</dd>
        </div>
        <div className={b.figure}>
          <dt className={b.term}>{t('budgets.resetsAt')}</dt>
          <dd className={b.value}>{resetText(words, budget)}</dd>
        </div>
      </dl>
      {budget.refusedUntil !== null ? (
        <p className={b.refusal}>
          {budget.refusedReason
            ? t('budgets.refusedWhy', {
                platform: PLATFORM[budget.provider],
                provider: budget.provider,
                until: untilText(words, budget, budget.refusedUntil),
                reason: platformRefusalText(words, budget, budget.refusedReason),
              })
            : t('budgets.refused', {
                platform: PLATFORM[budget.provider],
                provider: budget.provider,
                until: untilText(words, budget, budget.refusedUntil),
              })}
        </p>
      ) : null}
      <section aria-labelledby={`${headingId}-waiting`} className={s.row}>
        <h3 id={`${headingId}-waiting`} className={b.subheading}>
          {t('budgets.waiting')}
        </h3>
        {budget.waiting.length === 0 ? (
          <p className={s.muted}>{t('budgets.nothingWaiting')}</p>
        ) : (
          <ul className={b.items}>
            {budget.waiting.map((entry) => (
              <li key={entry.purpose}>
                {t('budgets.waitingItem', {
                  purpose: purposeText(words, entry.purpose),
                  count: entry.count,
                  time: f.time(entry.since),
                  reason: waitReasonText(words, budget, entry),
                })}{' '}
                <span className={s.muted}>{t('budgets.priority', { priority: entry.priority })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {budget.resolution.length > 0 ? (
        <section aria-labelledby={`${headingId}-resolution`} className={s.row}>
          <h3 id={`${headingId}-resolution`} className={b.subheading}>
            {t('budgets.resolution')}
          </h3>
          <ul className={b.items}>
            {budget.resolution.map((entry) => (
              <li key={entry.purpose}>{resolutionText(words, entry)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {budget.deferred.length > 0 ? (
        <section aria-labelledby={`${headingId}-deferred`} className={s.row}>
          <h3 id={`${headingId}-deferred`} className={b.subheading}>
            {t('budgets.deferred')}
          </h3>
          <ul className={b.items}>
            {budget.deferred.map((entry) => (
              <li key={entry.purpose}>
                {t('budgets.deferredItem', {
                  purpose: purposeText(words, entry.purpose),
                  count: entry.count,
                  until: untilText(words, budget, entry.until),
                })}{' '}
                <span className={s.muted}>{t('budgets.priority', { priority: entry.priority })}</span>
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
  const { t, locale } = useMessages(operatorMessages);
  const words: Words = { t, f: formatsIn(locale) };
  if (loading || loadError !== null)
    return (
      <LoadState
        loading={loading}
        error={refusalText(t, loadError)}
        what={t('budgets.loading')}
        onRetry={() => send({ type: 'budgets.retry' })}
      />
    );
  const reading = selectBudgetsReading(snapshot);
  const refreshError = refusalText(t, selectBudgetsRefreshError(snapshot));
  const cards = selectBudgetCards(snapshot);
  const quiet = selectQuietBudgets(snapshot);
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>{t('budgets.explain')}</p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reading}
          aria-busy={reading || undefined}
          onClick={() => send({ type: 'budgets.reload' })}
        >
          {t('money.refresh')}
        </Button>
      </div>
      {refreshError ? (
        <Alert tone="error" title={t('budgets.notReadAgain')}>
          <p>{t('budgets.lastRead', { error: refreshError })}</p>
        </Alert>
      ) : null}
      {selectNoBudgets(snapshot) ? (
        <Card>
          <p className={s.empty}>{t('budgets.none')}</p>
        </Card>
      ) : cards.length > 0 ? (
        <ul className={s.list} aria-label={t('budgets.list')}>
          {cards.map((budget) => (
            <BudgetCard key={`${budget.provider}:${budget.credential}`} budget={budget} />
          ))}
        </ul>
      ) : null}
      {quiet.length > 0 ? (
        <Table
          caption={t('budgets.quiet')}
          captionVisible
          columns={[
            { key: 'channel', header: t('budgets.channelHeader'), wrap: true },
            { key: 'used', header: t('budgets.usedForHeader'), wrap: true },
            { key: 'spent', header: t('budgets.spentHeader'), align: 'right', wrap: true },
            { key: 'left', header: t('budgets.left'), align: 'right' },
            { key: 'reset', header: t('budgets.resetsAt'), wrap: true },
          ]}
          rows={quiet.map((budget) => ({
            channel: budget.login ?? channelName(words, budget),
            used: usedFor(words, budget) ?? '—',
            spent: t('budgets.spentOfCount', { spent: budget.spent, capacity: budget.capacity }),
            left: words.f.count(budget.remaining),
            reset: resetText(words, budget),
          }))}
          rowKey={(_, index) => quiet[index]!.credential}
        />
      ) : null}
    </>
  );
}
