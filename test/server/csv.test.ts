// CSV exports cannot run formulas (OWASP CSV Injection; server/http/csv.ts, docs/user-guide.md): every payload the
// probe listed, in every text cell a chatter controls (login, display name, message), comes out of every export (a
// day, a stream, a search, a chatter) quoted with a leading single quote; a plain negative number stays a number;
// quotes are doubled and every cell is quoted. On SQLite and PostgreSQL.
// Every CSV the product writes goes through that one writer (issue 44): the endpoints answering `text/csv` (the
// contract's docs say which) and the admin CLI's 1099-NEC file are scanned, with the payloads in every text cell a
// user controls (a W-9's names and address, the account's e-mail, a campaign's title), and no cell of any of them
// could run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointDocs } from '../../contract/endpoints.ts';
import type { ChannelKey, ChatLine } from '../../server/archive/store.ts';
import { csvCell, csvRow } from '../../server/http/csv.ts';
import {
  creatorAvailable,
  creatorInPayout,
  EXTERNAL,
  postTransfer,
  type AccountRef,
} from '../../server/money/ledger.ts';
import { form1099Csv, type Form1099Row } from '../../server/money/tax-forms.ts';
import { privmsg } from './chat-lines.ts';
import { BACKENDS, compiledCommand, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, W9_FORM, type Account } from './market.ts';

/** Cells a spreadsheet would run (or split into one it would run). */
const PAYLOADS = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  ' =1+1',
  '   @SUM(A1)',
  '\u3000=1+1',
  '\u00a0+1',
  '\uFF1D1+1',
  '\uFF0B1+1',
  '\uFF0D1+1',
  '\uFF20SUM(1+1)',
  ' \uFF1D1+1',
  ';=1+1',
  ',=1+1',
  'a;=1+1',
  'b,=1+1',
  'c; @SUM(1)',
  '|calc',
  ' |calc',
  "cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","click")',
  '\t',
  '\r',
];
/** The legal name the probe filed (issue 44), which the 1099-NEC CSV wrote out verbatim. */
const PROBE_NAME = "Alex;=cmd|' /C calc'!A0";
/** Cells that stay as they are. */
const PLAIN = ['hello', '-12', '-12.50', '12', 'a-b', 'user@example.com', 'a = b', '', '"quoted"'];

/** RFC 4180 rows → cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/**
 * Whether a spreadsheet could run `cell` (written here apart from server/http/csv.ts, so the writer is not checked
 * against itself): a formula character first (white space does not hide it), a tab or carriage return first, a
 * separator followed by a formula character, or a | anywhere. A plain negative number is a number.
 */
function couldRun(cell: string): boolean {
  if (/^-\d+(\.\d+)?$/.test(cell)) return false;
  const trigger = '[=+\\-@\uFF1D\uFF0B\uFF0D\uFF20]';
  return (
    /^[\t\r]/.test(cell) ||
    new RegExp(`^\\s*(${trigger}|\\|)`).test(cell) ||
    new RegExp(`[;,]\\s*${trigger}`).test(cell) ||
    cell.includes('|')
  );
}

/** A whole CSV answer or file: every cell quoted (RFC 4180, CRLF rows), and none a spreadsheet could run. */
function expectInert(text: string, what: string): string[][] {
  expect(text, what).toMatch(/^("([^"]|"")*"(,"([^"]|"")*")*\r\n)+$/);
  const rows = parseCsv(text);
  for (const row of rows)
    for (const cell of row)
      expect(cell.startsWith("'") || !couldRun(cell), `${what}: ${JSON.stringify(cell)}`).toBe(true);
  return rows;
}

describe('one CSV cell', () => {
  it.each(PAYLOADS)('%j is quoted with a leading single quote', (payload) => {
    expect(csvCell(payload)).toBe(`"'${payload.replace(/"/g, '""')}"`);
  });
  it.each(PLAIN)('%j stays as it is, quoted', (plain) => {
    expect(csvCell(plain)).toBe(`"${plain.replace(/"/g, '""')}"`);
  });
  it('numbers, booleans and null are quoted as they are; a row ends with CRLF', () => {
    expect(csvRow([-5, 0, true, null, 'x'])).toBe('"-5","0","true","","x"\r\n');
  });
});

describe('every CSV the product writes', () => {
  it('is one the scans below cover: the endpoints that answer text/csv are the archive export, the report and the 1099', () => {
    const csvEndpoints = Object.entries(endpointDocs)
      .filter(([, doc]) => 'answer' in doc && typeof doc.answer === 'string' && doc.answer.includes('text/csv'))
      .map(([name]) => name)
      .sort();
    // archiveExport: 'CSV exports on …' below; campaignReportCsv and export1099 (and the admin CLI's file): '… and the
    // 1099-NEC on …' below. A new CSV endpoint is added to those scans.
    expect(csvEndpoints).toEqual(['archiveExport', 'campaignReportCsv', 'export1099']);
  });

  it("the 1099-NEC CSV makes every payload inert in every text cell, as the app's writer does", () => {
    const row = (payload: string, i: number): Form1099Row => ({
      creatorId: `creator-${i}`,
      email: payload,
      legalName: payload,
      businessName: payload,
      tinType: 'ssn',
      tin: '•••-••-7890',
      address: { line1: payload, line2: payload, city: payload, state: payload, postalCode: payload },
      paidCents: 70_000,
    });
    const payloads = [...PAYLOADS, PROBE_NAME];
    const text = form1099Csv(2026, payloads.map(row));
    const [head, ...body] = expectInert(text, '1099');
    expect(head).toEqual([
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
    ]);
    expect(body).toHaveLength(payloads.length);
    body.forEach((cells, i) => {
      const inert = `'${payloads[i]!}`;
      expect(cells, JSON.stringify(payloads[i])).toEqual([
        '2026',
        ...Array<string>(2).fill(inert),
        'SSN',
        '•••-••-7890',
        ...Array<string>(6).fill(inert),
        '700.00',
        `creator-${i}`,
      ]);
    });
    // The probe's legal name, as the file holds it.
    expect(text).toContain(`,"'Alex;=cmd|' /C calc'!A0",`);
  });
});

describe.each(BACKENDS)('CSV exports on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let creator: Account;
  let key: ChannelKey;
  const started = Date.parse('2026-04-02T18:00:00Z');

  /** Every payload as a login, a display name and a message (found by the word "probe"), and what each cell must read. */
  const inert = (value: string) => `'${value}`;
  const cases = [
    ...PAYLOADS.map((payload) => ({ login: payload, displayName: payload, text: `${payload} probe`, inert: true })),
    // "-12 probe" is no plain number: the message is inert though the name is not.
    ...PLAIN.map((plain) => ({ login: plain, displayName: plain, text: `${plain} probe`, inert: false })),
    // A chatter with a real login, for the chatter filter.
    { login: 'plain_chatter', displayName: '\uFF1D1+1', text: '|calc probe', inert: false },
  ];
  const lines: ChatLine[] = cases.map((c, i) => ({
    ...privmsg(`csv-${i}`, started + 60_000 + i * 1_000, `9${i}`, c.login, c.text),
    displayName: c.displayName,
  }));
  const expected = new Map(
    cases.map((c, i) => [
      `csv-${i}`,
      {
        login: c.inert ? inert(c.login) : c.login,
        displayName: c.inert || c.login === 'plain_chatter' ? inert(c.displayName) : c.displayName,
        text: c.inert || /^[-|]/.test(c.text) ? inert(c.text) : c.text,
      },
    ]),
  );

  const exported = async (query: string) => {
    const answer = await api.request('GET', `/api/archive/export?format=csv&${query}`, { token: creator.token });
    expect(answer.status, answer.text).toBe(200);
    return parseCsv(answer.text);
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    creator = await account(api, 'creator');
    key = { userId: creator.id, platform: 'twitch', channelId: '7001', channel: 'csv_probe' };
    const { archive } = api.castbridge.services;
    await archive.streamLive(key, { streamId: 'csv-s1', title: 'Probe', startedAt: started }, started);
    await archive.write(key, { messages: lines, moderation: [], skipped: 0, seenAt: started + 120_000 });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('a day, a stream, a search and a chatter: every payload inert in every cell, plain cells unchanged', async () => {
    const streams = await api.request('GET', '/api/archive/days?platform=twitch', { token: creator.token });
    expect(streams.status, streams.text).toBe(200);
    const streamId = (streams.body.streams as { id: number }[])[0]!.id;
    const exports = {
      day: await exported('platform=twitch&date=2026-04-02'),
      stream: await exported(`stream=${streamId}`),
      search: await exported('q=probe'),
    };
    for (const [what, rows] of Object.entries(exports)) {
      const [head, ...body] = rows;
      expect(head, what).toEqual([
        'sent_at',
        'platform',
        'channel',
        'msg_id',
        'user_id',
        'login',
        'display_name',
        'color',
        'badges',
        'bits',
        'kind',
        'moderated',
        'text',
      ]);
      expect(body, what).toHaveLength(lines.length);
      for (const row of body) {
        const want = expected.get(row[3]!)!;
        expect({ login: row[5], displayName: row[6], text: row[12] }, `${what} ${row[3]}`).toEqual(want);
      }
    }
    // A chatter's messages, by the chatter filter.
    const chatter = await exported('user=plain_chatter');
    expect(chatter.slice(1).map((row) => [row[5], row[6], row[12]])).toEqual([
      ['plain_chatter', "'\uFF1D1+1", "'|calc probe"],
    ]);
    // Every cell of every row is quoted.
    const raw = await api.request('GET', '/api/archive/export?format=csv&q=probe', { token: creator.token });
    for (const row of raw.text.split('\r\n').filter((r) => r && !/[\t\r]/.test(r)))
      expect(row).toMatch(/^"([^"]|"")*"(,"([^"]|"")*")*$/);
    expect(raw.text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")');
    // And the independent scan: no cell of any export could run.
    for (const query of ['platform=twitch&date=2026-04-02', `stream=${streamId}`, 'q=probe', 'user=plain_chatter']) {
      const answer = await api.request('GET', `/api/archive/export?format=csv&${query}`, { token: creator.token });
      expectInert(answer.text, `archive ${query}`);
    }
  });
});

describe.each(BACKENDS)('the report and the 1099-NEC on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  const year = new Date().getUTCFullYear();
  /** The payloads a W-9 keeps (it trims its fields, and a name cannot be empty). */
  const kept = [...PAYLOADS, PROBE_NAME].map((payload) => payload.trim()).filter((payload) => payload !== '');
  /** Each creator's W-9 carries five payloads: legal name, business name, both address lines, city. */
  const creators: { account: Account; fields: string[]; email: string }[] = [];

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    for (let i = 0; i < kept.length; i += 5) {
      const fields = Array.from({ length: 5 }, (_, j) => kept[(i + j) % kept.length]!);
      const email = `=1+${i}@example.com`;
      const creator = await account(api, 'creator', { email });
      const filed = await api.request('PUT', '/api/tax-form', {
        token: creator.token,
        json: {
          ...W9_FORM,
          legalName: fields[0],
          businessName: fields[1],
          address: { ...W9_FORM.address, line1: fields[2], line2: fields[3], city: fields[4] },
        },
      });
      expect(filed.status, filed.text).toBe(200);
      // $700 paid this year: a payout held and paid, as the ledger records it.
      await api.castbridge.db.transaction().execute(async (trx) => {
        const legs = (from: AccountRef, to: AccountRef) => [
          { account: from, amountCents: -70_000 },
          { account: to, amountCents: 70_000 },
        ];
        await postTransfer(trx, {
          kind: 'correction',
          memo: 'csv earnings',
          legs: legs(EXTERNAL, creatorAvailable(creator.id)),
        });
        await postTransfer(trx, {
          kind: 'payout_hold',
          memo: 'csv payout',
          legs: legs(creatorAvailable(creator.id), creatorInPayout(creator.id)),
        });
        await postTransfer(trx, {
          kind: 'payout_paid',
          memo: 'csv payout paid',
          legs: legs(creatorInPayout(creator.id), EXTERNAL),
        });
      });
      creators.push({ account: creator, fields, email });
    }
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  /** Each of our creators' rows: the payloads inert in the five text cells and the e-mail, the TIN as given. */
  const expectPayloadsInert = (rows: string[][], tin: RegExp) => {
    const byCreator = new Map(rows.map((row) => [row[12], row]));
    for (const { account: creator, fields, email } of creators) {
      const row = byCreator.get(creator.id);
      expect(row, creator.id).toBeDefined();
      const [, legalName, businessName, , tinCell, line1, line2, city, , , emailCell] = row!;
      expect([legalName, businessName, line1, line2, city, emailCell]).toEqual(
        [...fields, email].map((value) => `'${value}`),
      );
      expect(tinCell).toMatch(tin);
    }
  };

  it("the operator's 1099-NEC export: every payload inert, every cell quoted", async () => {
    const answer = await api.request('GET', `/api/admin/tax/1099-nec?year=${year}`, { token: operator.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expectPayloadsInert(expectInert(answer.text, 'export1099'), /^•••-••-7890$/);
    expect(answer.text).toContain(`"'Alex;=cmd|' /C calc'!A0"`);
  });

  it("the admin CLI's 1099-NEC file: every payload inert, every cell quoted, the full TINs", () => {
    const out = path.join(backend.dataDir, `csv-1099-${year}.csv`);
    const cli = spawnSync(process.execPath, compiledCommand('admin', ['1099', '--year', String(year), '--out', out]), {
      env: { ...process.env, DATABASE_URL: '', ...backend.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.status, `${cli.stdout}${cli.stderr}`).toBe(0);
    const written = fs.readFileSync(out, 'utf8');
    expectPayloadsInert(expectInert(written, 'admin 1099'), /^521-44-7890$/);
  });

  it("the brand's report: every cell quoted, none that could run, whatever the campaign is called", async () => {
    const advertiser = await approvedAdvertiser(api, operator);
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ brand: '@SUM(1+1)', title: "=cmd|' /C calc'!A0" }),
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.campaign as { id: string }).id;
    const answer = await api.request('GET', `/api/campaigns/${id}/report/csv`, { token: advertiser.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = expectInert(answer.text, 'campaignReportCsv');
    expect(rows.at(-1)?.[0]).toBe('total');
  });
});
