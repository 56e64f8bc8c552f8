// The operator console's record lists (docs/product.md §Marketplace): campaigns, users and support tickets, a chunk
// of their own loaded when one of their tabs is opened (src/operator/OperatorConsole.tsx).
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import type { Campaign } from '@/contract';
import { TAX_FORM_NAMES } from '@/contract/taxForms';
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
import { useAdminRecordsLogic, type AdminRecordsLogic } from '@/src/operator/adminRecords';
import { useExport1099Logic, type Export1099Logic } from '@/src/operator/export1099';
import {
  selectExportError,
  selectExporting,
  selectExportSaved,
  selectExportYear,
  selectExportYearError,
} from '@/machines/operator/export1099.select';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { Spinner } from '@/src/ui/Spinner';
import { Table } from '@/src/ui/Table';
import * as s from './OperatorConsole.css';
import { Problem } from './Problem';

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
      { key: 'taxForm', header: 'Tax form' },
      { key: 'since', header: 'Since' },
    ],
    row: (u: {
      email: string;
      name: string | null;
      role: string;
      createdAt: string;
      taxForm?: 'w9' | 'w8ben' | null;
    }) => ({
      email: u.email,
      name: u.name ?? '—',
      role: u.role,
      // Whether a creator can be paid (docs/product.md §Self-serve money): their form on file, never its TIN.
      taxForm: u.role !== 'creator' ? '—' : u.taxForm ? `${TAX_FORM_NAMES[u.taxForm]} on file` : 'None on file',
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

export function RecordsPanel({
  kind,
  logic,
  export1099,
}: {
  kind: RecordsKind;
  logic?: AdminRecordsLogic;
  export1099?: Export1099Logic;
}) {
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
      {kind === 'users' ? <Export1099Panel logic={export1099} /> : null}
    </>
  );
}

/** The year's 1099-NEC data for US creators paid at least $600 (docs/product.md §Self-serve money): TINs masked. */
function Export1099Panel({ logic }: { logic?: Export1099Logic }) {
  const [snapshot, send] = useMachine(useExport1099Logic(logic), {
    input: { year: String(new Date().getUTCFullYear() - 1) },
    inspect,
  });
  const busy = selectExporting(snapshot);
  const error = selectExportError(snapshot);
  const saved = selectExportSaved(snapshot);
  return (
    <section aria-labelledby="export-1099">
      <h2 id="export-1099">1099-NEC export</h2>
      <p>
        US creators (Form W-9 on file) paid at least $600 in a calendar year, from the payouts paid that year. TINs are
        masked here; the file for filing, with full TINs, comes from <code>npm run admin -- 1099</code>.
      </p>
      <form
        className={s.search}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'export.start' });
        }}
        noValidate
      >
        <Field
          className={s.grow}
          label="Tax year"
          name="year"
          inputMode="numeric"
          value={selectExportYear(snapshot)}
          error={selectExportYearError(snapshot) ?? undefined}
          disabled={busy}
          onChange={(event) => send({ type: 'year.change', value: event.target.value })}
        />
        <Button type="submit" variant="dashboard" disabled={busy} aria-busy={busy || undefined}>
          Download CSV
        </Button>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {saved ? <p role="status">The 1099-NEC data for {saved} was downloaded.</p> : null}
    </section>
  );
}
