import { useActorRef } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { inspect } from '@/src/app/inspect';
import { earningsFigures, payoutHistory, type EarningsPeriod } from '@/src/sampleData';
import { withdrawLogic, type WithdrawLogic } from '@/src/services/withdraw';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { Table } from '@/src/ui/Table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as shared from '@/src/views/dashboard/shared.css';
import * as s from './Earnings.css';
import type { WithdrawRef } from './WithdrawDialogs';

// The dialogs' code (Dialog, RadioGroup, Field) arrives just after the screen rather than before it. A Withdraw
// pressed in between is not lost: the statechart is already `open`, and the modal shows once its code is in.
const WithdrawDialogs = lazy(() => import('./WithdrawDialogs').then((m) => ({ default: m.WithdrawDialogs })));

const periods: { value: EarningsPeriod; label: string }[] = [
  { value: 'allOver', label: 'All Over' },
  { value: 'thisYear', label: 'This Year' },
  { value: 'thisMonth', label: 'This Month' },
];

const columns = [
  { key: 'amount', header: 'Amount' },
  { key: 'date', header: 'Date' },
  { key: 'method', header: 'Method' },
  { key: 'status', header: 'Status' },
  { key: 'reference', header: 'Reference Number' },
];

const rows = payoutHistory.map((row) => ({
  amount: row.Amount,
  date: row.Date,
  method: row.Method,
  status: <Chip tone={row.Status === 'Paid' ? 'success' : 'warning'}>{row.Status}</Chip>,
  reference: row.ReferenceNumber,
}));

function Period({ period, withdraw }: { period: EarningsPeriod; withdraw: WithdrawRef }) {
  const figures = earningsFigures[period];
  return (
    <div className={s.period}>
      <div className={shared.grid}>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>Total Earning</h2>
          <p className={s.figureValue}>{figures.totalEarning}</p>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>Earning Balance</h2>
          <div className={s.balanceRow}>
            <p className={s.figureValue}>{figures.earningBalance}</p>
            <Button variant="light" onClick={() => withdraw.send({ type: 'withdraw.open' })}>
              <Icon name="dollar" size={18} />
              Withdraw
            </Button>
          </div>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>
            <Icon name="extension" size={20} />
            Earning Through OBS Extension
          </h2>
          <p className={s.figureValue}>{figures.obsExtension}</p>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>
            <Icon name="offers" size={20} />
            Earning Through Sponserships
          </h2>
          <p className={s.figureValue}>{figures.sponsorships}</p>
        </Card>
      </div>
      <section aria-labelledby={`${period}-history`}>
        <h2 id={`${period}-history`} className={shared.sectionTitle}>
          Payout History
        </h2>
        <Card padding="sm">
          <Table caption="Payout History" columns={columns} rows={rows} rowKey={(row) => String(row.reference)} />
        </Card>
      </section>
    </div>
  );
}

/** Earnings (SPEC §2): hard-coded figures per period, Payout History, and the Withdraw flow. */
export function EarningsScreen({ logic = withdrawLogic }: { logic?: WithdrawLogic }) {
  const withdraw = useActorRef(logic, { inspect });
  return (
    <>
      <ScreenHeading title="Earnings" />
      <TabsRoot defaultValue="allOver">
        <TabsList aria-label="Period">
          {periods.map((p) => (
            <TabsTrigger key={p.value} value={p.value}>
              {p.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {periods.map((p) => (
          <TabsContent key={p.value} value={p.value}>
            <Period period={p.value} withdraw={withdraw} />
          </TabsContent>
        ))}
      </TabsRoot>
      <Suspense fallback={null}>
        <WithdrawDialogs actorRef={withdraw} />
      </Suspense>
    </>
  );
}
