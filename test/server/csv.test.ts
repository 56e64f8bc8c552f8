// CSV exports cannot run formulas (OWASP CSV Injection; server/http/csv.ts, docs/user-guide.md): every payload the
// probe listed, in every text cell a chatter controls (login, display name, message), comes out of every export (a
// day, a stream, a search, a chatter) quoted with a leading single quote; a plain negative number stays a number;
// quotes are doubled and every cell is quoted. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelKey, ChatLine } from '../../server/archive/store.ts';
import { csvCell, csvRow } from '../../server/http/csv.ts';
import { privmsg } from './chat-lines.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';

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
  });
});
