// Tax forms (docs/product.md §Self-serve money): a creator files a W-9 (US persons) or a W-8BEN (everyone else)
// before their first withdrawal (./payouts.ts refuses one without a form on file). Filing again supersedes the form
// on file; every form is kept. The TIN and the personal details are sealed at rest with the payout sealer
// (./sealing.ts); only the TIN's tail is stored readable, and every answer shows it masked. The full TIN leaves the
// server in one place only: the operator's 1099-NEC file written by `npm run admin -- 1099` (never an API answer,
// never a log line).
import type { Kysely, Selectable } from 'kysely';
import type { ValidBody } from '../../contract/index.ts';
import type { TaxForm } from '../../contract/schemas/taxForms.ts';
import { FORM_1099_THRESHOLD_CENTS, maskTin, tinLast4, type TinType } from '../../contract/taxForms.ts';
import type { Database, TaxFormsTable } from '../db/types.ts';
import { csvRow } from '../http/csv.ts';
import { HttpError } from '../http/errors.ts';
import { moneyProblems } from './problems.ts';
import type { Sealer } from './sealing.ts';

export type TaxFormInput = ValidBody<'submitTaxForm'>;

/** What is sealed: the form as filed (the TIN included). */
type SealedDetails = TaxFormInput;

type Row = Selectable<TaxFormsTable>;

const US = 'United States';

function toTaxForm(row: Row, treaty: TaxForm['treaty']): TaxForm {
  return {
    id: String(row.id),
    kind: row.kind,
    legalName: row.legal_name,
    tinType: row.tin_type,
    tinMasked: maskTin(row.tin_type, row.tin_last4),
    country: row.country === 'US' ? US : row.country,
    treaty,
    signedName: row.signed_name,
    signedAt: row.signed_at,
  };
}

/** The creator's current form (not superseded), inside `executor`. */
const currentRow = (executor: Kysely<Database>, userId: string) =>
  executor
    .selectFrom('tax_forms')
    .selectAll()
    .where('user_id', '=', userId)
    .where('superseded_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** Whether the creator has a form on file (a withdrawal needs one). */
export async function hasTaxForm(executor: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('tax_forms')
    .select('id')
    .where('user_id', '=', userId)
    .where('superseded_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The kind of each user's current form (the operator's users list); users without one are absent. */
export async function taxFormKinds(
  executor: Kysely<Database>,
  userIds: string[],
): Promise<Map<string, TaxForm['kind']>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('tax_forms')
    .select(['user_id', 'kind'])
    .where('user_id', 'in', userIds)
    .where('superseded_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.kind]));
}

/** One row of the year's 1099-NEC data. `tin` is masked unless the CLI asks for the full one. */
export interface Form1099Row {
  creatorId: string;
  email: string;
  legalName: string;
  businessName: string | null;
  tinType: TinType;
  tin: string;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string };
  /** Box 1, nonemployee compensation: the payouts paid in the year, in cents. */
  paidCents: number;
}

/** What each creator was paid in calendar year `year`: the ledger's payout_paid transfers out of in-payout. */
export async function paidInYear(executor: Kysely<Database>, year: number): Promise<Map<string, number>> {
  const rows = await executor
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['a.owner_id as creatorId', (eb) => eb.fn.sum<string | number>('e.amount_cents').as('cents')])
    .where('t.kind', '=', 'payout_paid')
    .where('a.kind', '=', 'creator_in_payout')
    .where('t.created_at', '>=', `${year}-01-01`)
    .where('t.created_at', '<', `${year + 1}-01-01`)
    .groupBy('a.owner_id')
    .execute();
  // payout_paid takes the amount out of in-payout: the legs are negative.
  return new Map(rows.map((row) => [row.creatorId, -Number(row.cents)]));
}

/**
 * The most forms a creator may file in one UTC day (issue 44: 30 filings in a row were all accepted). Filing again
 * corrects a mistake; more than this in a day is a script, and each filing is a sealed record kept for good.
 */
export const TAX_FORM_FILINGS_PER_DAY = 5;

const DAY_MS = 86_400_000;

/** The 429 for a creator who filed `TAX_FORM_FILINGS_PER_DAY` forms today (UTC): when they can file again. */
function tooManyFilings(now: number): HttpError {
  const next = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  const seconds = Math.max(1, Math.ceil((next - now) / 1000));
  const hours = Math.ceil(seconds / 3600);
  const when = new Date(next).toISOString().slice(0, 10);
  return new HttpError(
    429,
    moneyProblems.tax_form_daily_limit.with({ limit: TAX_FORM_FILINGS_PER_DAY, day: when, hours: Math.max(1, hours) }),
    { 'Retry-After': String(seconds) },
  );
}

export function createTaxForms(db: Kysely<Database>, sealer: Sealer) {
  async function answer(userId: string, executor: Kysely<Database> = db) {
    const row = await currentRow(executor, userId);
    const superseded = await executor
      .selectFrom('tax_forms')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('superseded_at', 'is not', null)
      .executeTakeFirstOrThrow();
    if (!row) return { form: null, superseded: Number(superseded.n) };
    const details = sealer.unseal<SealedDetails>(row.details_sealed);
    const treaty = details.kind === 'w8ben' ? details.treaty : null;
    return { form: toTaxForm(row, treaty), superseded: Number(superseded.n) };
  }

  return {
    /** GET /api/tax-form: the current form, masked. */
    get: (userId: string) => answer(userId),

    /** PUT /api/tax-form: files a form; the one on file is superseded in the same transaction. */
    async submit(userId: string, input: TaxFormInput) {
      const tinType: TinType = input.kind === 'w9' ? input.tinType : 'foreign';
      const tin = input.kind === 'w9' ? input.tin : (input.foreignTin ?? '');
      const now = Date.now();
      const stamp = new Date(now).toISOString();
      return db.transaction().execute(async (trx) => {
        // The user's row is locked first (a write that changes nothing): two filings at once take turns, so the
        // second supersedes the first and there is never more than one current form, and the day's count below is
        // exact however many arrive at once.
        await trx
          .updateTable('users')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', '=', userId)
          .execute();
        const today = await trx
          .selectFrom('tax_forms')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', userId)
          .where('signed_at', '>=', `${stamp.slice(0, 10)}T00:00:00.000Z`)
          .executeTakeFirstOrThrow();
        if (Number(today.n) >= TAX_FORM_FILINGS_PER_DAY) throw tooManyFilings(now);
        await trx
          .updateTable('tax_forms')
          .set({ superseded_at: stamp })
          .where('user_id', '=', userId)
          .where('superseded_at', 'is', null)
          .execute();
        await trx
          .insertInto('tax_forms')
          .values({
            user_id: userId,
            kind: input.kind,
            legal_name: input.legalName,
            tin_type: tinType,
            tin_last4: tin ? tinLast4(tinType, tin) : '',
            country: input.kind === 'w9' ? 'US' : input.country,
            details_sealed: sealer.seal(input),
            signed_name: input.signedName,
            signed_at: stamp,
          })
          .execute();
        return answer(userId, trx);
      });
    },

    /**
     * The year's 1099-NEC data: US creators (current form a W-9) paid at least $600 in the calendar year. `fullTin`
     * is for the CLI's filing file only; the API's CSV is masked.
     */
    async form1099(year: number, { fullTin }: { fullTin: boolean }): Promise<Form1099Row[]> {
      const paid = await paidInYear(db, year);
      const due = [...paid].filter(([, cents]) => cents >= FORM_1099_THRESHOLD_CENTS).map(([id]) => id);
      if (due.length === 0) return [];
      const rows = await db
        .selectFrom('tax_forms')
        .innerJoin('users', 'users.id', 'tax_forms.user_id')
        .selectAll('tax_forms')
        .select('users.email as email')
        .where('tax_forms.user_id', 'in', due)
        .where('tax_forms.superseded_at', 'is', null)
        .where('tax_forms.kind', '=', 'w9')
        .execute();
      return rows
        .map((row) => {
          const details = sealer.unseal<SealedDetails>(row.details_sealed);
          if (details.kind !== 'w9') throw new Error(`tax form ${String(row.id)} is sealed as ${details.kind}`);
          return {
            creatorId: row.user_id,
            email: row.email,
            legalName: row.legal_name,
            businessName: details.businessName,
            tinType: row.tin_type,
            tin: fullTin ? formatTin(row.tin_type, details.tin) : maskTin(row.tin_type, row.tin_last4),
            address: { ...details.address },
            paidCents: paid.get(row.user_id)!,
          };
        })
        .sort((a, b) => a.legalName.localeCompare(b.legalName) || a.creatorId.localeCompare(b.creatorId));
    },
  };
}

/** `123-45-6789` or `12-3456789`, as the IRS writes them. */
function formatTin(tinType: TinType, digits: string): string {
  if (tinType === 'ssn') return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  if (tinType === 'ein') return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return digits;
}

const CSV_COLUMNS = [
  'Tax year',
  'Recipient legal name',
  'Business name',
  'TIN type',
  'TIN',
  'Address',
  'Address line 2',
  'City',
  'State',
  'ZIP code',
  'E-mail',
  'Box 1 nonemployee compensation (USD)',
  'Creator ID',
] as const;

/**
 * The 1099-NEC rows as CSV (a header row, then one row per recipient), written by the app's one CSV writer
 * (server/http/csv.ts: every cell quoted, a cell a spreadsheet would run as a formula made inert), like every CSV the
 * product writes.
 */
export function form1099Csv(year: number, rows: Form1099Row[]): string {
  const lines = [csvRow(CSV_COLUMNS)];
  for (const row of rows) {
    lines.push(
      csvRow([
        String(year),
        row.legalName,
        row.businessName ?? '',
        row.tinType.toUpperCase(),
        row.tin,
        row.address.line1,
        row.address.line2 ?? '',
        row.address.city,
        row.address.state,
        row.address.postalCode,
        row.email,
        (row.paidCents / 100).toFixed(2),
        row.creatorId,
      ]),
    );
  }
  return lines.join('');
}

export type TaxForms = ReturnType<typeof createTaxForms>;
