// The operator console's record lists (docs/product.md §Marketplace): campaigns, users and support tickets, a chunk
// of their own loaded when one of their tabs is opened (src/operator/OperatorConsole.tsx).
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import type { Campaign } from '@/contract';
import { FORM_1099_THRESHOLD_CENTS, TAX_FORM_NAMES } from '@/contract/taxForms';
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
import { formatsIn, type Formats } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
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
import { operatorMessages } from './catalogue';
import { Problem } from './Problem';
import { refusalText, type OperatorWords } from './refusal';

type Row = Record<string, ReactNode>;

interface RecordsTable {
  caption: string;
  empty: string;
  loading: string;
  failed: string;
  columns: { key: string; header: string; align?: 'right' }[];
  row: (record: never) => Row;
  key: (record: never) => string;
}

/** Each tab's table in the screen's words, its money and days in the screen's formats. */
function tableOf(kind: RecordsKind, t: OperatorWords, { money, date }: Formats): RecordsTable {
  switch (kind) {
    case 'campaigns':
      return {
        caption: t('records.campaigns'),
        empty: t('records.campaignsEmpty'),
        loading: t('records.campaignsLoading'),
        failed: t('records.campaignsFailed'),
        columns: [
          { key: 'title', header: t('records.campaign') },
          { key: 'advertiser', header: t('records.advertiser') },
          { key: 'status', header: t('records.status') },
          { key: 'pay', header: t('records.pay'), align: 'right' },
          { key: 'spots', header: t('records.spots'), align: 'right' },
          { key: 'accepted', header: t('records.accepted'), align: 'right' },
        ],
        row: (c: Campaign & { advertiser: string }) => ({
          title: c.title,
          advertiser: c.advertiser,
          status: t('records.campaignStatus', { status: c.status }),
          pay: money(c.payCents),
          spots: c.spots,
          accepted: c.offers.accepted + c.offers.active + c.offers.completed + c.offers.paid,
        }),
        key: (c: Campaign) => c.id,
      };
    case 'users':
      return {
        caption: t('records.users'),
        empty: t('records.usersEmpty'),
        loading: t('records.usersLoading'),
        failed: t('records.usersFailed'),
        columns: [
          { key: 'email', header: t('records.email') },
          { key: 'name', header: t('records.name') },
          { key: 'role', header: t('records.role') },
          { key: 'taxForm', header: t('records.taxForm') },
          { key: 'since', header: t('records.since') },
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
          role: t('records.roleName', { role: u.role }),
          // Whether a creator can be paid (docs/product.md §Self-serve money): their form on file, never its TIN.
          taxForm:
            u.role !== 'creator'
              ? '—'
              : u.taxForm
                ? t('records.taxFormOnFile', { form: TAX_FORM_NAMES[u.taxForm] })
                : t('records.noTaxForm'),
          since: date(u.createdAt),
        }),
        key: (u: { id: string }) => u.id,
      };
    case 'tickets':
      return {
        caption: t('records.tickets'),
        empty: t('records.ticketsEmpty'),
        loading: t('records.ticketsLoading'),
        failed: t('records.ticketsFailed'),
        columns: [
          { key: 'when', header: t('records.received') },
          { key: 'from', header: t('records.from') },
          { key: 'subject', header: t('records.subject') },
          { key: 'message', header: t('records.message') },
        ],
        row: (ticket: { createdAt: string; name: string; email: string; subject: string; message: string }) => ({
          when: date(ticket.createdAt),
          from: `${ticket.name} <${ticket.email}>`,
          subject: ticket.subject,
          message: ticket.message,
        }),
        key: (ticket: { id: string }) => ticket.id,
      };
  }
}

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
  const rows = selectRows(snapshot) as never[];
  const { t, locale } = useMessages(operatorMessages);
  const table = tableOf(kind, t, formatsIn(locale));
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
            label={t('records.search')}
            name="q"
            type="search"
            defaultValue={selectQuery(snapshot)}
            hint={t('records.searchHint')}
          />
          <Button type="submit" variant="dashboard">
            {t('records.searchButton')}
          </Button>
        </form>
      ) : null}
      {selectRecordsLoading(snapshot) ? <Spinner label={table.loading} /> : null}
      {selectRecordsFailed(snapshot) ? (
        <Problem
          title={table.failed}
          message={refusalText(t, selectRecordsError(snapshot))}
          onRetry={() => send({ type: 'records.retry' })}
        />
      ) : null}
      {selectRecordsReady(snapshot) ? (
        <Table
          caption={selectQuery(snapshot) ? t('records.usersMatching', { query: selectQuery(snapshot) }) : table.caption}
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
  const yearError = selectExportYearError(snapshot);
  const { t, locale } = useMessages(operatorMessages);
  return (
    <section aria-labelledby="export-1099">
      <h2 id="export-1099">{t('export.title')}</h2>
      <p>
        {withTags(t('export.explain', { min: formatsIn(locale).money(FORM_1099_THRESHOLD_CENTS) }), {
          code: (text) => <code>{text}</code>,
        })}
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
          label={t('export.year')}
          name="year"
          inputMode="numeric"
          value={selectExportYear(snapshot)}
          error={yearError ? t('export.yearRange', { min: yearError.min, max: yearError.max }) : undefined}
          disabled={busy}
          onChange={(event) => send({ type: 'year.change', value: event.target.value })}
        />
        <Button type="submit" variant="dashboard" disabled={busy} aria-busy={busy || undefined}>
          {t('export.download')}
        </Button>
      </form>
      {error ? <Alert tone="error">{refusalText(t, error)}</Alert> : null}
      {saved ? <p role="status">{t('export.saved', { year: saved })}</p> : null}
    </section>
  );
}
