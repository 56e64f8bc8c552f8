import { useMachine } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import {
  selectApprovalBusy,
  selectApprovalError,
  selectApprovalFailed,
  selectApprovalFilter,
  selectApprovalNotice,
  selectCanChangeFilter,
  selectApprovalLoading,
  selectApprovalReady,
  selectCanRetryApproval,
  selectApprovalTarget,
  selectPending,
  selectReason,
  selectReasonError,
  selectRejecting,
  selectRejectSending,
} from '@/machines/operator/adminApproval.select';
import type { ApprovalFilter, PendingAdvertiser } from '@/machines/operator/adminApproval.machine';
import { inspect } from '@/src/app/inspect';
import { formatsIn, type Formats } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { useAdminApprovalLogic, type AdminApprovalLogic } from '@/src/operator/adminApproval';
import type { AdminFundsLogic } from '@/src/operator/adminFunds';
import type { TransferInstructionsLogic } from '@/src/operator/transferInstructions';
import type { AdminPayoutsLogic } from '@/src/operator/adminPayouts';
import type { AdminRefundsLogic } from '@/src/operator/adminRefunds';
import type { AdminRecordsLogic } from '@/src/operator/adminRecords';
import type { AdminBudgetsLogic } from '@/src/operator/adminBudgets';
import type { ReviewQueueLogic } from '@/src/operator/reviewQueue';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './OperatorConsole.css';
import { operatorMessages } from './catalogue';
import { Problem } from './Problem';
import { refusalText, type OperatorWords } from './refusal';

// The money tabs (docs/product.md §Money) are a chunk of their own, loaded when one is opened.
const FundsPanel = lazy(() => import('./OperatorMoney').then((m) => ({ default: m.FundsPanel })));
const PayoutsPanel = lazy(() => import('./OperatorMoney').then((m) => ({ default: m.PayoutsPanel })));
// Card disputes and refunds of wired money (docs/product.md §Self-serve money), a chunk of their own.
const RefundsPanel = lazy(() => import('./OperatorRefunds').then((m) => ({ default: m.RefundsPanel })));
// The reason asked when rejecting an advertiser is one too, loaded with the first Reject.
const RejectReason = lazy(() => import('./RejectReason').then((m) => ({ default: m.RejectReason })));
// So are the record lists (campaigns, users, support tickets): the console opens on the approvals.
const RecordsPanel = lazy(() => import('./OperatorRecords').then((m) => ({ default: m.RecordsPanel })));
// And the held and disputed earnings (docs/product.md §Verified delivery), with their Resolve dialog.
const ReviewsPanel = lazy(() => import('./ReviewQueue').then((m) => ({ default: m.ReviewsPanel })));
// And the platforms' budgets (docs/product.md §Platform limits), read while their tab is open.
const BudgetsPanel = lazy(() => import('./OperatorBudgets').then((m) => ({ default: m.BudgetsPanel })));

export interface OperatorConsoleLogic {
  approval?: AdminApprovalLogic;
  records?: AdminRecordsLogic;
  funds?: AdminFundsLogic;
  payouts?: AdminPayoutsLogic;
  refunds?: AdminRefundsLogic;
  instructions?: TransferInstructionsLogic;
  reviews?: ReviewQueueLogic;
  budgets?: AdminBudgetsLogic;
}

/** The operator console (docs/product.md §Marketplace): advertisers waiting for approval, funds and payouts (docs/product.md §Money), held and disputed earnings (§Verified delivery), campaigns, users and support tickets, the platforms' budgets (§Platform limits). */
export function OperatorConsoleScreen({ logic = {} }: { logic?: OperatorConsoleLogic }) {
  const { t } = useMessages(operatorMessages);
  return (
    <div className={s.page}>
      <ScreenHeading title={t('console.title')} />
      <TabsRoot defaultValue="advertisers">
        <TabsList aria-label={t('console.tabs')} wrap>
          <TabsTrigger value="advertisers">{t('console.tabAdvertisers')}</TabsTrigger>
          <TabsTrigger value="funds">{t('console.tabFunds')}</TabsTrigger>
          <TabsTrigger value="payouts">{t('console.tabPayouts')}</TabsTrigger>
          <TabsTrigger value="refunds">{t('console.tabRefunds')}</TabsTrigger>
          <TabsTrigger value="reviews">{t('console.tabReviews')}</TabsTrigger>
          <TabsTrigger value="campaigns">{t('console.tabCampaigns')}</TabsTrigger>
          <TabsTrigger value="users">{t('console.tabUsers')}</TabsTrigger>
          <TabsTrigger value="tickets">{t('console.tabTickets')}</TabsTrigger>
          <TabsTrigger value="budgets">{t('console.tabBudgets')}</TabsTrigger>
        </TabsList>
        <TabsContent value="advertisers" className={s.panel}>
          <Approvals logic={logic.approval} />
        </TabsContent>
        <TabsContent value="funds" className={s.panel}>
          <Suspense fallback={<Spinner label={t('console.loadingFunds')} />}>
            <FundsPanel logic={logic.funds} instructionsLogic={logic.instructions} />
          </Suspense>
        </TabsContent>
        <TabsContent value="payouts" className={s.panel}>
          <Suspense fallback={<Spinner label={t('console.loadingPayouts')} />}>
            <PayoutsPanel logic={logic.payouts} />
          </Suspense>
        </TabsContent>
        <TabsContent value="refunds" className={s.panel}>
          <Suspense fallback={<Spinner label={t('console.loadingRefunds')} />}>
            <RefundsPanel logic={logic.refunds} />
          </Suspense>
        </TabsContent>
        <TabsContent value="reviews" className={s.panel}>
          <Suspense fallback={<Spinner label={t('console.loadingReviews')} />}>
            <ReviewsPanel logic={logic.reviews} />
          </Suspense>
        </TabsContent>
        <TabsContent value="campaigns" className={s.panel}>
          <Suspense fallback={<Spinner label={t('records.campaignsLoading')} />}>
            <RecordsPanel kind="campaigns" logic={logic.records} />
          </Suspense>
        </TabsContent>
        <TabsContent value="users" className={s.panel}>
          <Suspense fallback={<Spinner label={t('records.usersLoading')} />}>
            <RecordsPanel kind="users" logic={logic.records} />
          </Suspense>
        </TabsContent>
        <TabsContent value="tickets" className={s.panel}>
          <Suspense fallback={<Spinner label={t('records.ticketsLoading')} />}>
            <RecordsPanel kind="tickets" logic={logic.records} />
          </Suspense>
        </TabsContent>
        <TabsContent value="budgets" className={s.panel}>
          <Suspense fallback={<Spinner label={t('console.loadingBudgets')} />}>
            <BudgetsPanel logic={logic.budgets} />
          </Suspense>
        </TabsContent>
      </TabsRoot>
    </div>
  );
}

function Approvals({ logic }: { logic?: AdminApprovalLogic }) {
  const [snapshot, send] = useMachine(useAdminApprovalLogic(logic), { inspect });
  const advertisers = selectPending(snapshot);
  const busy = selectApprovalBusy(snapshot);
  const target = selectApprovalTarget(snapshot);
  const rejecting = selectRejecting(snapshot);
  // The reason dialog is loaded when a first Reject is pressed, then kept mounted (its closing animation and focus
  // return run as usual).
  const [rejectOpened, setRejectOpened] = useState(false);
  if (rejecting && !rejectOpened) setRejectOpened(true);
  const subject = advertisers.find((a) => a.userId === target);
  const filter = selectApprovalFilter(snapshot);
  const notice = selectApprovalNotice(snapshot);
  const { t, locale } = useMessages(operatorMessages);
  const { date } = formatsIn(locale);
  const error = refusalText(t, selectApprovalError(snapshot));
  if (selectApprovalLoading(snapshot)) return <Spinner label={t('approvals.loading')} />;
  if (selectApprovalFailed(snapshot)) {
    return (
      <Problem title={t('approvals.loadFailed')} message={error} onRetry={() => send({ type: 'approval.retry' })} />
    );
  }
  const reloading = selectApprovalBusy(snapshot) && advertisers.length === 0;
  return (
    <>
      <RadioGroup
        label={t('approvals.show')}
        name="approval-filter"
        orientation="horizontal"
        value={filter}
        disabled={!selectCanChangeFilter(snapshot)}
        onValueChange={(value) => send({ type: 'filter.change', filter: value as ApprovalFilter })}
        options={[
          { value: 'pending', label: t('approvals.pending') },
          { value: 'decided', label: t('approvals.decided') },
        ]}
      />
      {/* Always present, so that a decision's confirmation is announced (docs/user-guide.md §Operator console). */}
      <div aria-live="polite" className={s.notices}>
        {notice ? (
          <Alert tone="success">
            <p className={s.notice}>
              {notice.verdict === 'approved'
                ? t('approvals.approvedNotice', { company: notice.companyName })
                : t('approvals.rejectedNotice', { company: notice.companyName })}{' '}
              {filter === 'pending' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => send({ type: 'filter.change', filter: 'decided' })}
                >
                  {t('approvals.showDecided')}
                </Button>
              ) : null}
            </p>
          </Alert>
        ) : null}
      </div>
      {error ? (
        <Alert tone="error" title={filter === 'pending' ? t('approvals.notReviewed') : t('approvals.notLoaded')}>
          <p>{error}</p>
          {/* The list as it stands now: after a refused decision someone may have decided already. */}
          {selectCanRetryApproval(snapshot) ? (
            <Button variant="secondary" size="sm" onClick={() => send({ type: 'approval.retry' })}>
              {t('problem.retry')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {reloading ? <Spinner label={t('approvals.loading')} /> : null}
      {filter === 'decided' ? (
        <Decided advertisers={advertisers} ready={selectApprovalReady(snapshot) && !reloading} />
      ) : null}
      {filter === 'pending' && !reloading && selectApprovalReady(snapshot) && advertisers.length === 0 ? (
        <Card>
          <p className={s.empty}>{t('approvals.empty')}</p>
        </Card>
      ) : null}
      <ul className={s.list} aria-label={t('approvals.list')} hidden={filter !== 'pending'}>
        {(filter === 'pending' ? advertisers : []).map((advertiser) => {
          const headingId = `advertiser-${advertiser.userId}`;
          return (
            <Card as="li" key={advertiser.userId} className={s.row} aria-labelledby={headingId}>
              <h2 id={headingId} className={s.name}>
                {advertiser.companyName}
              </h2>
              <p className={s.muted}>{advertiser.website}</p>
              <p className={s.muted}>
                {t('approvals.details', {
                  contact: advertiser.contactName,
                  contactEmail: advertiser.contactEmail,
                  email: advertiser.email,
                  date: date(advertiser.createdAt),
                })}
              </p>
              {/* docs/product.md §Advertiser onboarding: what the company said it wants to promote, for the review. */}
              {advertiser.promotes ? (
                <p className={s.muted}>{t('approvals.promotes', { promotes: advertiser.promotes })}</p>
              ) : null}
              <div className={s.actions}>
                <Button
                  variant="dashboard"
                  size="sm"
                  disabled={busy || rejecting}
                  aria-busy={target === advertiser.userId && busy ? true : undefined}
                  aria-describedby={headingId}
                  onClick={() => send({ type: 'approval.approve', userId: advertiser.userId })}
                >
                  {t('approvals.approve')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy || rejecting}
                  aria-describedby={headingId}
                  onClick={() => send({ type: 'approval.reject', userId: advertiser.userId })}
                >
                  {t('approvals.reject')}
                </Button>
              </div>
            </Card>
          );
        })}
      </ul>
      {rejectOpened ? (
        <Suspense fallback={null}>
          <RejectReason
            open={rejecting}
            company={subject?.companyName ?? t('approvals.someAdvertiser')}
            reason={selectReason(snapshot)}
            error={selectReasonError(snapshot)}
            sending={selectRejectSending(snapshot)}
            onChange={(value) => send({ type: 'reason.change', value })}
            onSubmit={() => send({ type: 'reason.submit' })}
            onCancel={() => send({ type: 'reason.cancel' })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The decided advertisers, the latest decision first: found again after the status message. */
function Decided({ advertisers, ready }: { advertisers: PendingAdvertiser[]; ready: boolean }) {
  const { t, locale } = useMessages(operatorMessages);
  const { date } = formatsIn(locale);
  if (!ready) return null;
  if (advertisers.length === 0) {
    return (
      <Card>
        <p className={s.empty}>{t('decided.empty')}</p>
      </Card>
    );
  }
  return (
    <ul className={s.list} aria-label={t('decided.list')}>
      {advertisers.map((advertiser) => (
        <Card as="li" key={advertiser.userId} className={s.row} aria-labelledby={`decided-${advertiser.userId}`}>
          <h2 id={`decided-${advertiser.userId}`} className={s.name}>
            {advertiser.companyName}
          </h2>
          <p className={s.muted}>
            {advertiser.website} · {advertiser.contactName} · {advertiser.contactEmail}
          </p>
          <p className={s.destination}>{verdictText(t, date, advertiser)}</p>
        </Card>
      ))}
    </ul>
  );
}

/** "Approved on Nov 20, 2026", "Rejected on Nov 20, 2026: the reason the operator gave". */
function verdictText(t: OperatorWords, date: Formats['date'], advertiser: PendingAdvertiser): string {
  const on = advertiser.reviewedAt ? date(advertiser.reviewedAt) : null;
  const verdict =
    advertiser.status === 'approved'
      ? on
        ? t('decided.approvedOn', { date: on })
        : t('decided.approved')
      : on
        ? t('decided.rejectedOn', { date: on })
        : t('decided.rejected');
  return advertiser.status === 'rejected' && advertiser.rejectionReason
    ? t('decided.withReason', { verdict, reason: advertiser.rejectionReason })
    : verdict;
}
