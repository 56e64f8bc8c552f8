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
import { formatDate } from '@/src/common/format';
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
import { Problem } from './Problem';

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
  return (
    <div className={s.page}>
      <ScreenHeading title="Operator Console" />
      <TabsRoot defaultValue="advertisers">
        <TabsList aria-label="Operator console" wrap>
          <TabsTrigger value="advertisers">Advertisers</TabsTrigger>
          <TabsTrigger value="funds">Funds</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
          <TabsTrigger value="refunds">Refunds and disputes</TabsTrigger>
          <TabsTrigger value="reviews">Reviews</TabsTrigger>
          <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="tickets">Support Tickets</TabsTrigger>
          <TabsTrigger value="budgets">Platform budgets</TabsTrigger>
        </TabsList>
        <TabsContent value="advertisers" className={s.panel}>
          <Approvals logic={logic.approval} />
        </TabsContent>
        <TabsContent value="funds" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading funds" />}>
            <FundsPanel logic={logic.funds} instructionsLogic={logic.instructions} />
          </Suspense>
        </TabsContent>
        <TabsContent value="payouts" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading payouts" />}>
            <PayoutsPanel logic={logic.payouts} />
          </Suspense>
        </TabsContent>
        <TabsContent value="refunds" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading refunds and disputes" />}>
            <RefundsPanel logic={logic.refunds} />
          </Suspense>
        </TabsContent>
        <TabsContent value="reviews" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading reviews" />}>
            <ReviewsPanel logic={logic.reviews} />
          </Suspense>
        </TabsContent>
        <TabsContent value="campaigns" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading campaigns" />}>
            <RecordsPanel kind="campaigns" logic={logic.records} />
          </Suspense>
        </TabsContent>
        <TabsContent value="users" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading users" />}>
            <RecordsPanel kind="users" logic={logic.records} />
          </Suspense>
        </TabsContent>
        <TabsContent value="tickets" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading support tickets" />}>
            <RecordsPanel kind="tickets" logic={logic.records} />
          </Suspense>
        </TabsContent>
        <TabsContent value="budgets" className={s.panel}>
          <Suspense fallback={<Spinner label="Loading platform budgets" />}>
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
  if (selectApprovalLoading(snapshot)) return <Spinner label="Loading advertisers" />;
  if (selectApprovalFailed(snapshot)) {
    return (
      <Problem
        title="The advertisers could not be loaded"
        message={selectApprovalError(snapshot)}
        onRetry={() => send({ type: 'approval.retry' })}
      />
    );
  }
  const reloading = selectApprovalBusy(snapshot) && advertisers.length === 0;
  return (
    <>
      <RadioGroup
        label="Show"
        name="approval-filter"
        orientation="horizontal"
        value={filter}
        disabled={!selectCanChangeFilter(snapshot)}
        onValueChange={(value) => send({ type: 'filter.change', filter: value as ApprovalFilter })}
        options={[
          { value: 'pending', label: 'Waiting for approval' },
          { value: 'decided', label: 'Decided' },
        ]}
      />
      {/* Always present, so that a decision's confirmation is announced (docs/user-guide.md §Operator console). */}
      <div aria-live="polite" className={s.notices}>
        {notice ? (
          <Alert tone="success">
            <p className={s.notice}>
              {notice.verdict === 'approved'
                ? `Approved ${notice.companyName}: they can launch campaigns now.`
                : `Rejected ${notice.companyName}: they read your reason and can send their profile again.`}{' '}
              {filter === 'pending' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => send({ type: 'filter.change', filter: 'decided' })}
                >
                  Show decided
                </Button>
              ) : null}
            </p>
          </Alert>
        ) : null}
      </div>
      {selectApprovalError(snapshot) ? (
        <Alert tone="error" title={filter === 'pending' ? 'Not reviewed' : 'Not loaded'}>
          <p>{selectApprovalError(snapshot)}</p>
          {/* The list as it stands now: after a refused decision someone may have decided already. */}
          {selectCanRetryApproval(snapshot) ? (
            <Button variant="secondary" size="sm" onClick={() => send({ type: 'approval.retry' })}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {reloading ? <Spinner label="Loading advertisers" /> : null}
      {filter === 'decided' ? (
        <Decided advertisers={advertisers} ready={selectApprovalReady(snapshot) && !reloading} />
      ) : null}
      {filter === 'pending' && !reloading && selectApprovalReady(snapshot) && advertisers.length === 0 ? (
        <Card>
          <p className={s.empty}>No advertisers waiting for approval.</p>
        </Card>
      ) : null}
      <ul className={s.list} aria-label="Advertisers waiting for approval" hidden={filter !== 'pending'}>
        {(filter === 'pending' ? advertisers : []).map((advertiser) => (
          <Card as="li" key={advertiser.userId} className={s.row} aria-labelledby={`advertiser-${advertiser.userId}`}>
            <h2 id={`advertiser-${advertiser.userId}`} className={s.name}>
              {advertiser.companyName}
            </h2>
            <p className={s.muted}>{advertiser.website}</p>
            <p className={s.muted}>
              {advertiser.contactName} · {advertiser.contactEmail} · account {advertiser.email} · since{' '}
              {formatDate(advertiser.createdAt)}
            </p>
            {/* docs/product.md §Advertiser onboarding: what the company said it wants to promote, for the review. */}
            {advertiser.promotes ? <p className={s.muted}>Promotes: {advertiser.promotes}</p> : null}
            <div className={s.actions}>
              <Button
                variant="dashboard"
                size="sm"
                disabled={busy || rejecting}
                aria-busy={target === advertiser.userId && busy ? true : undefined}
                aria-describedby={`advertiser-${advertiser.userId}`}
                onClick={() => send({ type: 'approval.approve', userId: advertiser.userId })}
              >
                Approve
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy || rejecting}
                aria-describedby={`advertiser-${advertiser.userId}`}
                onClick={() => send({ type: 'approval.reject', userId: advertiser.userId })}
              >
                Reject
              </Button>
            </div>
          </Card>
        ))}
      </ul>
      {rejectOpened ? (
        <Suspense fallback={null}>
          <RejectReason
            open={rejecting}
            company={subject?.companyName ?? 'advertiser'}
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
  if (!ready) return null;
  if (advertisers.length === 0) {
    return (
      <Card>
        <p className={s.empty}>No advertiser decided yet.</p>
      </Card>
    );
  }
  return (
    <ul className={s.list} aria-label="Decided advertisers">
      {advertisers.map((advertiser) => (
        <Card as="li" key={advertiser.userId} className={s.row} aria-labelledby={`decided-${advertiser.userId}`}>
          <h2 id={`decided-${advertiser.userId}`} className={s.name}>
            {advertiser.companyName}
          </h2>
          <p className={s.muted}>
            {advertiser.website} · {advertiser.contactName} · {advertiser.contactEmail}
          </p>
          <p className={s.destination}>
            {advertiser.status === 'approved' ? 'Approved' : 'Rejected'}
            {advertiser.reviewedAt ? ` on ${formatDate(advertiser.reviewedAt)}` : ''}
            {advertiser.status === 'rejected' && advertiser.rejectionReason ? `: ${advertiser.rejectionReason}` : ''}
          </p>
        </Card>
      ))}
    </ul>
  );
}
