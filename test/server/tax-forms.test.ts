// Tax forms (docs/product.md §Self-serve money) on SQLite and PostgreSQL: SSN and EIN formats, the W-8BEN (foreign TIN
// or the reason for none, a treaty claim), the TIN sealed at rest and masked in every answer — never in any JSON answer
// of a whole journey, never in a log line —, refiling supersedes, at most 5 filings a creator per UTC day (issue 44), a withdrawal refused without a form and allowed with
// one, the operator's users list saying whether a form is on file, the 1099-NEC export adding up to the ledger's
// payouts per creator and year with its $600 threshold (masked in the API, full only in the CLI's file), no TIN in
// the payout statements' PDFs, and every endpoint tried by the wrong role and by nobody. The ledger is checked after
// every test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isEin, isSsn, maskTin } from '../../contract/taxForms.ts';
import { checkLedger, creatorAvailable, creatorInPayout, EXTERNAL, postTransfer } from '../../server/money/ledger.ts';
import { TAX_FORM_FILINGS_PER_DAY } from '../../server/money/tax-forms.ts';
import { BACKENDS, compiledCommand, makeBackend, startApp, type Answer, type Backend, type Client } from './helpers.ts';
import { pdfStreams } from './pdf.ts';
import { account, W9_FORM, type Account } from './market.ts';

describe('TIN formats', () => {
  it('an SSN is nine digits: area not 000, 666 or 9xx; group not 00; serial not 0000', () => {
    for (const valid of ['521-44-7890', '521447890', '001 01 0001', '665-99-9999', '899-01-0001'])
      expect(isSsn(valid), valid).toBe(true);
    for (const invalid of [
      '000-12-3456',
      '666-12-3456',
      '900-12-3456',
      '999-12-3456',
      '123-00-4567',
      '123-45-0000',
      '12345678',
      '1234567890',
      '12a-45-6789',
      '',
    ])
      expect(isSsn(invalid), invalid).toBe(false);
  });

  it('an EIN is nine digits with a prefix the IRS assigns', () => {
    for (const valid of ['12-3456789', '01-2345678', '27-1234567', '98-7654321', '99-1234567', '461234567'])
      expect(isEin(valid), valid).toBe(true);
    for (const invalid of ['00-1234567', '07-1234567', '17-1234567', '28-1234567', '49-1234567', '69-1234567'])
      expect(isEin(invalid), invalid).toBe(false);
    for (const invalid of ['70-1234567', '78-1234567', '89-1234567', '96-1234567', '97-1234567', '12-345678'])
      expect(isEin(invalid), invalid).toBe(false);
  });

  it('masks: •••-••-1234, ••-•••1234, ••••tail', () => {
    expect(maskTin('ssn', '7890')).toBe('•••-••-7890');
    expect(maskTin('ein', '4567')).toBe('••-•••4567');
    expect(maskTin('foreign', 'X789')).toBe('••••X789');
    expect(maskTin('foreign', '')).toBe('Not required');
  });
});

/** A PDF's bytes, its streams inflated and its hex strings decoded: what any reader of it could see. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const parts = [raw, ...pdfStreams(bytes)];
  const all = parts.join('\n');
  const hex = [...all.matchAll(/<([0-9A-Fa-f\s]+)>/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'hex').toString('latin1'),
  );
  return `${all}\n${hex.join('')}\n${hex.join('\n')}`;
}

const SSN_DIGITS = '521447890';
const EIN_FORM = { ...W9_FORM, legalName: 'Lee Media LLC', businessType: 'llc', tinType: 'ein', tin: '46-8123457' };
const FOREIGN_TIN = 'DE-7731-9942-815';
const W8BEN_FORM = {
  kind: 'w8ben',
  legalName: 'Jonas Weber',
  country: 'Germany',
  address: { line1: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115', country: 'Germany' },
  dateOfBirth: '1994-03-17',
  foreignTin: FOREIGN_TIN,
  treaty: { country: 'Germany', article: '7', ratePercent: 0, incomeType: 'Business profits' },
  certified: true,
  signedName: 'Jonas Weber',
};
/** Every way the test's TINs could leak: in full, as digits, and their first five characters. */
const SECRETS = [
  SSN_DIGITS,
  '521-44-7890',
  '52144',
  '468123457',
  '46-8123457',
  FOREIGN_TIN,
  'DE-7731-9942',
  '77319942',
];
/**
 * The secrets `text` holds, each as a run of its own: not inside a longer run of digits, such as the millisecond
 * timestamp in a test account's address (`creator64-1796279152144@example.com` once read as the SSN's first five).
 */
const leaked = (text: string) =>
  SECRETS.filter((secret) => new RegExp(`(?<![0-9])${secret.replace(/[-]/g, '\\-')}(?![0-9])`).test(text));

describe.each(BACKENDS)('tax forms on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  /** Every answer of the suite, to be scanned for TINs. */
  const answers: Answer[] = [];
  let keys = 0;

  const call = async (method: string, url: string, who: Account | null, json?: unknown, headers = {}) => {
    const answer = await api.request(method, url, {
      ...(who ? { token: who.token } : {}),
      ...(json !== undefined ? { json } : {}),
      headers,
    });
    answers.push(answer);
    return answer;
  };
  const file = (who: Account, form: unknown) => call('PUT', '/api/tax-form', who, form);
  const withdraw = (who: Account, amountCents: number) =>
    call(
      'POST',
      '/api/payouts',
      who,
      { amount_cents: amountCents },
      { 'idempotency-key': `tax-${Date.now()}-${++keys}` },
    );

  /** A creator with `cents` available and a PayPal method. */
  async function creatorWith(cents: number): Promise<Account> {
    const creator = await account(api, 'creator');
    await api.castbridge.db.transaction().execute((trx) =>
      postTransfer(trx, {
        kind: 'correction',
        memo: 'test earnings',
        legs: [
          { account: EXTERNAL, amountCents: -cents },
          { account: creatorAvailable(creator.id), amountCents: cents },
        ],
      }),
    );
    const added = await call('POST', '/api/payout-methods', creator, { kind: 'paypal', email: 'ana@example.com' });
    expect(added.status, added.text).toBe(201);
    return creator;
  }

  /** A payout requested and marked paid by the operator (the manual rail): a payout_paid transfer now. */
  async function paidPayout(creator: Account, cents: number): Promise<void> {
    const requested = await withdraw(creator, cents);
    expect(requested.status, requested.text).toBe(201);
    await api.castbridge.services.jobs.drain();
    const id = (requested.body.payout as { id: string }).id;
    const paid = await call('POST', `/api/admin/payouts/${id}/paid`, operator, { reference: `ACH ${keys}` });
    expect(paid.status, paid.text).toBe(200);
  }

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
  });
  afterEach(async () => {
    await api.castbridge.services.jobs.drain();
    expect((await checkLedger(api.castbridge.db)).breaches).toEqual([]);
  });
  afterAll(async () => {
    try {
      // No answer of the whole suite and no log line ever held a TIN.
      expect(answers.length).toBeGreaterThan(20);
      for (const answer of answers) {
        expect(leaked(answer.text), answer.text).toEqual([]);
        for (const [, value] of answer.headers) expect(leaked(value), value).toEqual([]);
      }
      const logged = JSON.stringify(api.logger.lines);
      expect(api.logger.lines.length).toBeGreaterThan(0);
      expect(leaked(logged)).toEqual([]);
    } finally {
      await api?.close();
      await backend?.cleanup();
    }
  });

  it('files a W-9 with an SSN: answered masked, sealed at rest, readable only as its tail', async () => {
    const creator = await account(api, 'creator');
    const none = await call('GET', '/api/tax-form', creator);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ form: null, superseded: 0 });

    const filed = await file(creator, W9_FORM);
    expect(filed.status, filed.text).toBe(200);
    expect(filed.body.form).toMatchObject({
      kind: 'w9',
      legalName: 'Ana Lee',
      tinType: 'ssn',
      tinMasked: '•••-••-7890',
      country: 'United States',
      treaty: null,
      signedName: 'Ana Lee',
    });
    expect((await call('GET', '/api/tax-form', creator)).body).toEqual(filed.body);

    const row = await api.castbridge.db
      .selectFrom('tax_forms')
      .selectAll()
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'w9', tin_type: 'ssn', tin_last4: '7890', country: 'US', superseded_at: null });
    expect(leaked(JSON.stringify(row))).toEqual([]);
    expect(row.details_sealed).toMatch(/^v1\./);
  });

  it('refuses malformed SSNs and EINs with the field named, never echoing the TIN', async () => {
    const creator = await account(api, 'creator');
    for (const tin of ['000-12-3456', '666-44-7890', '912-44-7890', '521-00-7890', '521-44-0000', '52144789', 'abc']) {
      const refused = await file(creator, { ...W9_FORM, tin });
      expect(refused.status, tin).toBe(400);
      expect(refused.body.message).toMatch(/tin.*SSN/);
      expect(refused.text).not.toContain(tin.replace(/-/g, ''));
    }
    for (const tin of ['07-1234567', '89-1234567', '12-345678']) {
      const refused = await file(creator, { ...EIN_FORM, tin });
      expect(refused.status, tin).toBe(400);
      expect(refused.body.message).toMatch(/tin.*EIN/);
    }
    const incomplete = [
      { ...W9_FORM, certified: false },
      { ...W9_FORM, legalName: ' ' },
      { ...W9_FORM, businessType: 'guild' },
      { ...W9_FORM, address: { ...W9_FORM.address, state: 'ZZ' } },
      { ...W9_FORM, address: { ...W9_FORM.address, postalCode: '7870' } },
      { ...W9_FORM, tinType: 'itin' },
      { ...W9_FORM, kind: 'w4' },
    ];
    for (const form of incomplete) expect((await file(creator, form)).status, JSON.stringify(form)).toBe(400);
    expect((await call('GET', '/api/tax-form', creator)).body.form).toBeNull();

    const ein = await file(creator, EIN_FORM);
    expect(ein.status, ein.text).toBe(200);
    expect(ein.body.form).toMatchObject({ kind: 'w9', tinType: 'ein', tinMasked: '••-•••3457' });
  });

  it('files a W-8BEN: a foreign TIN or the reason for none, an optional treaty claim; refiling supersedes', async () => {
    const creator = await account(api, 'creator');
    const filed = await file(creator, W8BEN_FORM);
    expect(filed.status, filed.text).toBe(200);
    expect(filed.body).toEqual({
      form: expect.objectContaining({
        kind: 'w8ben',
        legalName: 'Jonas Weber',
        tinType: 'foreign',
        tinMasked: '••••-815',
        country: 'Germany',
        treaty: { country: 'Germany', article: '7', ratePercent: 0, incomeType: 'Business profits' },
      }),
      superseded: 0,
    });

    const refused = [
      { ...W8BEN_FORM, foreignTin: null },
      { ...W8BEN_FORM, foreignTin: '' },
      { ...W8BEN_FORM, foreignTin: 'X'.repeat(21) },
      { ...W8BEN_FORM, country: 'United States' },
      { ...W8BEN_FORM, country: 'Atlantis' },
      { ...W8BEN_FORM, dateOfBirth: '17/03/1994' },
      { ...W8BEN_FORM, treaty: { ...W8BEN_FORM.treaty, ratePercent: 31 } },
      { ...W8BEN_FORM, treaty: { ...W8BEN_FORM.treaty, incomeType: 'Lottery' } },
    ];
    for (const form of refused) expect((await file(creator, form)).status, JSON.stringify(form)).toBe(400);

    const noTin = await file(creator, {
      ...W8BEN_FORM,
      foreignTin: null,
      foreignTinNotRequiredReason: 'My country does not issue TINs to individuals',
      treaty: null,
    });
    expect(noTin.status, noTin.text).toBe(200);
    expect(noTin.body).toEqual({
      form: expect.objectContaining({ kind: 'w8ben', tinMasked: 'Not required', treaty: null }),
      superseded: 1,
    });
    const again = await file(creator, W9_FORM);
    expect(again.body).toMatchObject({ form: { kind: 'w9', tinMasked: '•••-••-7890' }, superseded: 2 });
    const rows = await api.castbridge.db
      .selectFrom('tax_forms')
      .select(['kind', 'superseded_at'])
      .where('user_id', '=', creator.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.kind, row.superseded_at === null])).toEqual([
      ['w8ben', false],
      ['w8ben', false],
      ['w9', true],
    ]);
  });

  it('refiles at once: never two current forms', async () => {
    const creator = await account(api, 'creator');
    const results = await Promise.all(Array.from({ length: 8 }, () => file(creator, W9_FORM)));
    // Beyond the day's filings (5) the rest are refused, however many arrive at once.
    for (const result of results) expect([200, 409, 429, 503]).toContain(result.status);
    expect(results.filter((result) => result.status === 200).length).toBeLessThanOrEqual(TAX_FORM_FILINGS_PER_DAY);
    const current = await api.castbridge.db
      .selectFrom('tax_forms')
      .select('id')
      .where('user_id', '=', creator.id)
      .where('superseded_at', 'is', null)
      .execute();
    expect(current).toHaveLength(1);
  });

  it('takes 5 filings a creator per UTC day; the next is a 429 that says when they can file again', async () => {
    const creator = await account(api, 'creator');
    for (let i = 1; i <= TAX_FORM_FILINGS_PER_DAY; i += 1) {
      const filed = await file(creator, { ...W9_FORM, legalName: `Ana Lee ${i}` });
      expect(filed.status, filed.text).toBe(200);
    }
    // The probe filed 30 in a row: every one past the fifth is refused, and nothing is written.
    for (let i = 0; i < 3; i += 1) {
      const refused = await file(creator, { ...W9_FORM, legalName: 'Ana Lee again' });
      expect(refused.status, refused.text).toBe(429);
      const midnight = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000;
      const tomorrow = new Date(midnight).toISOString().slice(0, 10);
      expect(refused.body.message).toMatch(
        new RegExp(
          `^You have filed 5 tax forms today, the most in one day\\. You can file again from ${tomorrow} 00:00 UTC \\(in (less than an hour|about \\d+ hours)\\)\\.$`,
        ),
      );
      expect(refused.body.code).toBe('money.tax_form_daily_limit');
      const wait = Number(refused.headers.get('retry-after'));
      expect(Math.abs(Date.now() + wait * 1000 - midnight)).toBeLessThan(5_000);
    }
    // In the creator's language.
    const enEspañol = await call(
      'PUT',
      '/api/tax-form',
      creator,
      { ...W9_FORM, legalName: 'Ana Lee again' },
      {
        'accept-language': 'es-MX',
      },
    );
    expect(enEspañol.body.message).toMatch(
      /^Hoy ya enviaste 5 formularios fiscales, el máximo en un día\. Puedes volver a enviar a partir del \d{4}-\d{2}-\d{2} a las 00:00 UTC \((en menos de una hora|en unas \d+ horas)\)\.$/,
    );
    const onFile = await call('GET', '/api/tax-form', creator);
    expect(onFile.body).toMatchObject({ form: { legalName: `Ana Lee ${TAX_FORM_FILINGS_PER_DAY}` }, superseded: 4 });
    // Another creator is not affected.
    expect((await file(await account(api, 'creator'), W9_FORM)).status).toBe(200);
    // The next UTC day (the day's filings moved to yesterday) the creator files again.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await api.castbridge.db
      .updateTable('tax_forms')
      .set({ signed_at: yesterday })
      .where('user_id', '=', creator.id)
      .execute();
    const again = await file(creator, { ...W9_FORM, legalName: 'Ana Lee next day' });
    expect(again.status, again.text).toBe(200);
  });

  it('refuses a withdrawal without a form on file (409 naming the form), allows it with one', async () => {
    const creator = await creatorWith(20_000);
    const refused = await withdraw(creator, 6_000);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'money.tax_form_missing',
      message:
        'File your tax form (Form W-9 or Form W-8BEN) in Tax Form before withdrawing: Castbridge needs it before your first payout.',
    });
    expect((await call('GET', '/api/earnings', creator)).body).toMatchObject({ availableCents: 20_000 });

    expect((await file(creator, W8BEN_FORM)).status).toBe(200);
    const allowed = await withdraw(creator, 6_000);
    expect(allowed.status, allowed.text).toBe(201);
    expect((await call('GET', '/api/earnings', creator)).body).toMatchObject({
      availableCents: 14_000,
      inPayoutCents: 6_000,
    });
  });

  it('shows operators whether each creator has a form on file, never its TIN', async () => {
    const filed = await account(api, 'creator', { first_name: 'Taxfiled' });
    const notFiled = await account(api, 'creator', { first_name: 'Taxless' });
    await file(filed, EIN_FORM);
    const listed = await call('GET', '/api/admin/users', operator);
    expect(listed.status).toBe(200);
    const users = listed.body.users as { id: string; role: string; taxForm: string | null }[];
    expect(users.find((user) => user.id === filed.id)?.taxForm).toBe('w9');
    expect(users.find((user) => user.id === notFiled.id)?.taxForm).toBeNull();
    expect(users.find((user) => user.id === operator.id)?.taxForm).toBeNull();
  });

  // Several creators, their forms and payouts, and the CLI run three times: past the 60 s default in a full npm test
  // on a slower machine (2026-12-01). A net against a hang, not a bound.
  it('exports the 1099-NEC data: W-9 creators paid ≥ $600 in the year, adding up to the ledger, TINs masked', async () => {
    const year = new Date().getUTCFullYear();
    // Above the threshold over two payouts, and a payout of last year that does not count this year.
    const over = await creatorWith(200_000);
    await file(over, W9_FORM);
    await paidPayout(over, 40_000);
    await paidPayout(over, 30_000);
    const lastYear = new Date(Date.UTC(year - 1, 11, 31, 23, 59, 59)).toISOString();
    await api.castbridge.db.transaction().execute(async (trx) => {
      await postTransfer(trx, {
        kind: 'payout_hold',
        memo: 'last year',
        at: lastYear,
        legs: [
          { account: creatorAvailable(over.id), amountCents: -90_000 },
          { account: creatorInPayout(over.id), amountCents: 90_000 },
        ],
      });
      await postTransfer(trx, {
        kind: 'payout_paid',
        memo: 'last year paid',
        at: lastYear,
        legs: [
          { account: creatorInPayout(over.id), amountCents: -90_000 },
          { account: EXTERNAL, amountCents: 90_000 },
        ],
      });
    });
    // Exactly the threshold (an EIN), just under it, a W-8BEN above it, and a payout still on its way (not paid).
    const exactly = await creatorWith(100_000);
    await file(exactly, EIN_FORM);
    await paidPayout(exactly, 60_000);
    const under = await creatorWith(100_000);
    await file(under, W9_FORM);
    await paidPayout(under, 59_999);
    const foreign = await creatorWith(200_000);
    await file(foreign, W8BEN_FORM);
    await paidPayout(foreign, 150_000);
    const waiting = await creatorWith(100_000);
    await file(waiting, W9_FORM);
    expect((await withdraw(waiting, 90_000)).status).toBe(201);

    const csvOf = async (y: number) => {
      const answer = await call('GET', `/api/admin/tax/1099-nec?year=${y}`, operator);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(answer.headers.get('content-disposition')).toContain(`1099-nec-${y}`);
      // Every cell quoted (server/http/csv.ts); none of these holds a quote, a comma or a line break.
      const cells = (line: string) => line.slice(1, -1).split('","');
      const [head, ...lines] = answer.text.trimEnd().split('\r\n');
      const columns = cells(head!);
      return lines.map((line) => Object.fromEntries(cells(line).map((value, i) => [columns[i]!, value])));
    };
    const mine = (rows: Record<string, string>[]) =>
      rows.filter((row) => [over, exactly, under, foreign, waiting].some((c) => c.id === row['Creator ID']));
    const rows = mine(await csvOf(year));
    expect(rows.map((row) => [row['Creator ID'], row['Box 1 nonemployee compensation (USD)'], row.TIN])).toEqual(
      expect.arrayContaining([
        [over.id, '700.00', '•••-••-7890'],
        [exactly.id, '600.00', '••-•••3457'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row['Creator ID'] === over.id)).toMatchObject({
      'Recipient legal name': 'Ana Lee',
      'TIN type': 'SSN',
      City: 'Austin',
      State: 'TX',
      'ZIP code': '78701',
      'Tax year': String(year),
    });
    // It adds up to the ledger: the creators' paid payouts of the year, as Payout History lists them.
    for (const row of rows) {
      const creator = [over, exactly].find((c) => c.id === row['Creator ID'])!;
      const payouts = (await call('GET', '/api/payouts', creator)).body.payouts as {
        amountCents: number;
        status: string;
        paidAt: string | null;
      }[];
      const paid = payouts.filter((p) => p.status === 'paid' && p.paidAt?.startsWith(String(year)));
      expect(Number(row['Box 1 nonemployee compensation (USD)']) * 100).toBe(
        paid.reduce((sum, p) => sum + p.amountCents, 0),
      );
    }
    // The payout statements (PDF documents) carry no TIN: their text, inflated and decoded, is scanned.
    const listed = await call('GET', '/api/documents', over);
    expect(listed.status, listed.text).toBe(200);
    const documents = listed.body.documents as { id: string; number: string }[];
    expect(documents.length).toBeGreaterThanOrEqual(2);
    for (const document of documents) {
      const pdf = await api.castbridge.app.request(`/api/documents/${document.id}`, {
        headers: { authorization: `Bearer ${over.token}` },
      });
      expect(pdf.status).toBe(200);
      const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
      expect(text).toContain(document.number);
      expect(leaked(text)).toEqual([]);
    }

    // Last year: the one payout of last year, alone above the threshold.
    const previous = mine(await csvOf(year - 1));
    expect(previous.map((row) => [row['Creator ID'], row['Box 1 nonemployee compensation (USD)']])).toEqual([
      [over.id, '900.00'],
    ]);
    expect(mine(await csvOf(year + 1))).toEqual([]);
    expect((await call('GET', '/api/admin/tax/1099-nec?year=soon', operator)).status).toBe(400);
    expect((await call('GET', '/api/admin/tax/1099-nec', operator)).status).toBe(400);

    // The CLI writes the full TINs for filing, to a new file only, and prints none.
    const out = path.join(backend.dataDir, `1099-${year}.csv`);
    const run = () =>
      spawnSync(process.execPath, compiledCommand('admin', ['1099', '--year', String(year), '--out', out]), {
        env: { ...process.env, DATABASE_URL: '', ...backend.env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const cli = run();
    expect(cli.status, `${cli.stdout}${cli.stderr}`).toBe(0);
    expect(leaked(`${cli.stdout}${cli.stderr}`)).toEqual([]);
    expect(cli.stdout).toMatch(new RegExp(`1099-NEC ${year}: \\d+ recipients?`));
    const written = fs.readFileSync(out, 'utf8');
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(written).toContain(`${over.id}`);
    expect(written).toContain(',"521-44-7890",');
    expect(written).toContain(',"46-8123457",');
    expect(written).not.toContain(foreign.id);
    expect(written).not.toContain(under.id);
    const again = run();
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  }, 180_000);

  it('answers every endpoint to its role only, and nobody without a token', async () => {
    const creator = await account(api, 'creator');
    const advertiser = await account(api, 'advertiser');
    for (const who of [advertiser, operator]) {
      expect((await call('GET', '/api/tax-form', who)).status).toBe(403);
      expect((await file(who, W9_FORM)).status).toBe(403);
    }
    for (const who of [creator, advertiser]) {
      expect((await call('GET', `/api/admin/tax/1099-nec?year=2026`, who)).status).toBe(403);
    }
    expect((await call('GET', '/api/tax-form', null)).status).toBe(401);
    expect((await file({ id: '', token: '' }, W9_FORM)).status).toBe(401);
    expect((await call('GET', '/api/admin/tax/1099-nec?year=2026', null)).status).toBe(401);
    // One creator never reads another's form: each reads their own.
    await file(creator, W9_FORM);
    const other = await account(api, 'creator');
    expect((await call('GET', '/api/tax-form', other)).body.form).toBeNull();
  });
});
