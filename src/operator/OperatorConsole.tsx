import { useMachine } from '@xstate/react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { Campaign } from '@/contract';
import {
  selectApprovalBusy,
  selectApprovalError,
  selectApprovalFailed,
  selectApprovalFilter,
  selectApprovalNotice,
  selectCanChangeFilter,
  selectApprovalLoading,
  selectApprovalReady,
  selectApprovalTarget,
  selectPending,
  selectReason,
  selectReasonError,
  selectRejecting,
  selectRejectSending,
} from '@/machines/operator/adminApproval.select';
import type { ApprovalFilter, PendingAdvertiser } from '@/machines/operator/adminApproval.machine';
import type { RecordsKind } from '@/machines/operator/adminRecords.machine';
import {
  selectQuery,
  selectRecordsError,
  selectRecordsFailed,
  selectRecordsLoading,
  selectRecordsReady,
  selectRows,
} from '@/machines/operator/adminRecords.select';
import { inspect } from '@/src/app/inspect';
import { formatDate, formatMoney } from '@/src/common/format';
import { useAdminApprovalLogic, type AdminApprovalLogic } from '@/src/operator/adminApproval';
import type { AdminFundsLogic } from '@/src/operator/adminFunds';
import type { TransferInstructionsLogic } from '@/src/operator/transferInstructions';
import type { AdminPayoutsLogic } from '@/src/operator/adminPayouts';
import { useAdminRecordsLogic, type AdminRecordsLogic } from '@/src/operator/adminRecords';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import { Table } from '@/src/ui/Table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './OperatorConsole.css';

// The money tabs (docs/product.md §Money) are a chunk of their own, loaded when one is opened.
const FundsPanel = lazy(() => import('./OperatorMoney').then((m) => ({ default: m.FundsPanel })));
const PayoutsPanel = lazy(() => import('./OperatorMoney').then((m) => ({ default: m.PayoutsPanel })));

export interface OperatorConsoleLogic {
  approval?: AdminApprovalLogic;
  records?: AdminRecordsLogic;
  funds?: AdminFundsLogic;
  payouts?: AdminPayoutsLogic;
  instructions?: TransferInstructionsLogic;
}

/** The operator console (docs/product.md §Marketplace): advertisers waiting for approval, funds and payouts (docs/product.md §Money), campaigns, users and support tickets. */
export function OperatorConsoleScreen({ logic = {} }: { logic?: OperatorConsoleLogic }) {
  return (
    <div className={s.page}>
      <ScreenHeading title="Operator Console" />
      <TabsRoot defaultValue="advertisers">
        <TabsList aria-label="Operator console">
          <TabsTrigger value="advertisers">Advertisers</TabsTrigger>
          <TabsTrigger value="funds">Funds</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
          <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="tickets">Support Tickets</TabsTrigger>
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
        <TabsContent value="campaigns" className={s.panel}>
          <Records kind="campaigns" logic={logic.records} />
        </TabsContent>
        <TabsContent value="users" className={s.panel}>
          <Records kind="users" logic={logic.records} />
        </TabsContent>
        <TabsContent value="tickets" className={s.panel}>
          <Records kind="tickets" logic={logic.records} />
        </TabsContent>
      </TabsRoot>
    </div>
  );
}

function Problem({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function Approvals({ logic }: { logic?: AdminApprovalLogic }) {
  const [snapshot, send] = useMachine(useAdminApprovalLogic(logic), { inspect });
  const advertisers = selectPending(snapshot);
  const busy = selectApprovalBusy(snapshot);
  const target = selectApprovalTarget(snapshot);
  const rejecting = selectRejecting(snapshot);
  const formId = useId();
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
      <Dialog
        open={rejecting}
        onOpenChange={(open) => {
          if (!open) send({ type: 'reason.cancel' });
        }}
        title={`Reject ${subject?.companyName ?? 'advertiser'}`}
        description="The advertiser reads this reason and can correct the profile and send it again."
        width="narrow"
        footer={
          <>
            <Button
              variant="secondary"
              disabled={selectRejectSending(snapshot)}
              onClick={() => send({ type: 'reason.cancel' })}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              variant="danger"
              disabled={selectRejectSending(snapshot)}
              aria-busy={selectRejectSending(snapshot) || undefined}
            >
              Reject
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'reason.submit' });
          }}
        >
          <Field
            label="Reason"
            name="reason"
            multiline
            rows={4}
            value={selectReason(snapshot)}
            error={selectReasonError(snapshot) ?? undefined}
            onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
          />
        </form>
      </Dialog>
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

type Row = Record<string, ReactNode>;

const COLUMNS: Record<
  RecordsKind,
  {
    caption: string;
    empty: string;
    columns: { key: string; header: string; align?: 'right' }[];
    row: (record: never) => Row;
    key: (record: never) => string;
  }
> = {
  campaigns: {
    caption: 'Campaigns',
    empty: 'No campaigns yet.',
    columns: [
      { key: 'title', header: 'Campaign' },
      { key: 'advertiser', header: 'Advertiser' },
      { key: 'status', header: 'Status' },
      { key: 'pay', header: 'Pay', align: 'right' },
      { key: 'spots', header: 'Spots', align: 'right' },
      { key: 'accepted', header: 'Accepted', align: 'right' },
    ],
    row: (c: Campaign & { advertiser: string }) => ({
      title: c.title,
      advertiser: c.advertiser,
      status: c.status,
      pay: formatMoney(c.payCents),
      spots: c.spots,
      accepted: c.offers.accepted + c.offers.active + c.offers.completed + c.offers.paid,
    }),
    key: (c: Campaign) => c.id,
  },
  users: {
    caption: 'Users',
    empty: 'No users match.',
    columns: [
      { key: 'email', header: 'E-mail' },
      { key: 'name', header: 'Name' },
      { key: 'role', header: 'Role' },
      { key: 'since', header: 'Since' },
    ],
    row: (u: { email: string; name: string | null; role: string; createdAt: string }) => ({
      email: u.email,
      name: u.name ?? '—',
      role: u.role,
      since: formatDate(u.createdAt),
    }),
    key: (u: { id: string }) => u.id,
  },
  tickets: {
    caption: 'Support tickets',
    empty: 'No support tickets.',
    columns: [
      { key: 'when', header: 'Received' },
      { key: 'from', header: 'From' },
      { key: 'subject', header: 'Subject' },
      { key: 'message', header: 'Message' },
    ],
    row: (t: { createdAt: string; name: string; email: string; subject: string; message: string }) => ({
      when: formatDate(t.createdAt),
      from: `${t.name} <${t.email}>`,
      subject: t.subject,
      message: t.message,
    }),
    key: (t: { id: string }) => t.id,
  },
};

function Records({ kind, logic }: { kind: RecordsKind; logic?: AdminRecordsLogic }) {
  const [snapshot, send] = useMachine(useAdminRecordsLogic(logic), { input: { kind }, inspect });
  const table = COLUMNS[kind];
  const rows = selectRows(snapshot) as never[];
  return (
    <>
      {kind === 'users' ? (
        <form
          className={s.search}
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            // The box is uncontrolled: the machine holds the query that was searched, not every keystroke.
            send({ type: 'records.search', query: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
          }}
        >
          <Field
            className={s.grow}
            label="Search users"
            name="q"
            type="search"
            defaultValue={selectQuery(snapshot)}
            hint="E-mail or name."
          />
          <Button type="submit" variant="dashboard">
            Search
          </Button>
        </form>
      ) : null}
      {selectRecordsLoading(snapshot) ? <Spinner label={`Loading ${table.caption.toLowerCase()}`} /> : null}
      {selectRecordsFailed(snapshot) ? (
        <Problem
          title={`The ${table.caption.toLowerCase()} could not be loaded`}
          message={selectRecordsError(snapshot)}
          onRetry={() => send({ type: 'records.retry' })}
        />
      ) : null}
      {selectRecordsReady(snapshot) ? (
        <Table
          caption={selectQuery(snapshot) ? `${table.caption} matching “${selectQuery(snapshot)}”` : table.caption}
          columns={table.columns}
          rows={rows.map((record) => table.row(record))}
          rowKey={(_, index) => table.key(rows[index]!)}
          emptyMessage={table.empty}
        />
      ) : null}
    </>
  );
}
