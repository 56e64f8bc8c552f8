// Numbered documents (docs/product.md §Self-serve money) on SQLite and PostgreSQL: a receipt for each deposit the
// operator records and a statement for each payout paid, issued in the transaction that decides them; numbers
// sequential per series with no gap nor repeat when issued at once; one document per subject however often it is
// issued; yearly statements issued on the first listing after a year the creator earned in; each PDF the same bytes
// on every download, showing the number, the amounts and the owner, never a TIN nor a full account number; another
// user's document 404, operators 403, nobody 401. The ledger's invariants hold after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  advertiserBalance,
  campaignReserve,
  checkLedger,
  creatorAvailable,
  EXTERNAL,
  PLATFORM_FEES,
  postTransfer,
} from '../../server/money/ledger.ts';
import { issueDocument } from '../../server/money/documents.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { pdfStreams } from './pdf.ts';
import { account, approvedAdvertiser, deposit, fileTaxForm, W9_FORM, type Account } from './market.ts';

type Listed = { id: string; kind: string; number: string; title: string; amountCents: number; issuedAt: string };

/** The text a pdf-lib PDF shows: its content streams inflated, each `<hex> Tj` decoded (WinAnsi ≈ latin1). */
export function pdfText(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (const content of pdfStreams(bytes)) {
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      lines.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

describe.each(BACKENDS)('documents on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  const year = new Date().getUTCFullYear();

  const list = async (who: Account, language?: string) => {
    const answer = await api.request('GET', '/api/documents', {
      token: who.token,
      ...(language ? { headers: { 'accept-language': language } } : {}),
    });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body as { documents: Listed[] }).documents;
  };
  const download = async (who: Account | null, id: string, language?: string) => {
    const response = await api.castbridge.app.request(`/api/documents/${id}`, {
      headers: {
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...(language ? { 'accept-language': language } : {}),
      },
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const numbersOf = async (series: string) =>
    (await api.castbridge.db.selectFrom('documents').select('number').where('number', 'like', `${series}-%`).execute())
      .map((row) => Number(row.number.slice(series.length + 1)))
      .sort((a, b) => a - b);

  /** Gives `creator` `cents` of withdrawable earnings through the ledger, as a completion would, at `at`. */
  async function earn(creator: Account, cents: number, feeCents: number, at: string) {
    const advertiser = await account(api, 'advertiser');
    const campaign = `doc-campaign-${crypto.randomUUID()}`;
    await api.castbridge.db.transaction().execute(async (trx) => {
      await postTransfer(trx, {
        kind: 'deposit',
        memo: 'test',
        at,
        legs: [
          { account: EXTERNAL, amountCents: -cents },
          { account: advertiserBalance(advertiser.id), amountCents: cents },
        ],
      });
      await postTransfer(trx, {
        kind: 'reserve',
        memo: 'test',
        at,
        legs: [
          { account: advertiserBalance(advertiser.id), amountCents: -cents },
          { account: campaignReserve(campaign), amountCents: cents },
        ],
      });
      await postTransfer(trx, {
        kind: 'earning',
        memo: 'test',
        at,
        legs: [
          { account: campaignReserve(campaign), amountCents: -cents },
          { account: creatorAvailable(creator.id), amountCents: cents - feeCents },
          { account: PLATFORM_FEES, amountCents: feeCents },
        ],
      });
    });
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
    await api?.close();
    await backend?.cleanup();
  });

  it('a receipt is issued to the company, and to an e-mail once when the person gave no name (issue 48 item 19)', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    const { email } = await api.castbridge.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', advertiser.id)
      .executeTakeFirstOrThrow();
    await deposit(api, operator, advertiser, 50_000, 'WIRE-DOC-NONAME');
    const [receipt] = await list(advertiser);
    const text = pdfText((await download(advertiser, receipt!.id)).bytes);
    const issuedTo = text.slice(text.indexOf('Issued to'));
    expect(issuedTo.indexOf('Nova Energy')).toBeGreaterThan(0);
    expect(issuedTo.indexOf(email)).toBeGreaterThan(issuedTo.indexOf('Nova Energy'));
    expect(text.split(email).length - 1).toBe(1);
  });

  it('a recorded deposit issues its receipt: listed, the same PDF twice, with the number and amounts; others 404', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    await api.castbridge.db
      .updateTable('users')
      .set({ first_name: 'Nora', last_name: 'Vance' })
      .where('id', '=', advertiser.id)
      .execute();
    await deposit(api, operator, advertiser, 123_456, 'WIRE-DOC-1');
    const [receipt, ...rest] = await list(advertiser);
    expect(rest).toEqual([]);
    expect(receipt).toMatchObject({
      kind: 'deposit_receipt',
      title: 'Deposit receipt',
      amountCents: 123_456,
      number: expect.stringMatching(new RegExp(`^R-${year}-\\d{6}$`)),
    });

    const first = await download(advertiser, receipt!.id);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/pdf');
    expect(first.response.headers.get('content-disposition')).toBe(`attachment; filename="${receipt!.number}.pdf"`);
    expect(Buffer.from(first.bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const second = await download(advertiser, receipt!.id);
    expect(Buffer.compare(Buffer.from(first.bytes), Buffer.from(second.bytes))).toBe(0);
    const text = pdfText(first.bytes);
    for (const shown of ['Castbridge', 'Deposit receipt', receipt!.number, '$1,234.56', 'WIRE-DOC-1', 'Nora Vance'])
      expect(text).toContain(shown);

    expect(text).toContain('Nova Energy');

    // Another advertiser, a creator: not found; an operator: not theirs to ask (403); nobody: 401.
    const other = await account(api, 'advertiser');
    const creator = await account(api, 'creator');
    for (const who of [other, creator]) expect((await download(who, receipt!.id)).response.status).toBe(404);
    expect((await download(other, 'no-such-document')).response.status).toBe(404);
    expect((await download(operator, receipt!.id)).response.status).toBe(403);
    expect((await download(null, receipt!.id)).response.status).toBe(401);
    expect(await list(other)).toEqual([]);
    expect((await api.request('GET', '/api/documents', { token: operator.token })).status).toBe(403);
  });

  it('numbers are sequential per series, with no gap nor repeat, when many are issued at once', async () => {
    const advertisers = await Promise.all(Array.from({ length: 6 }, () => approvedAdvertiser(api, operator, 0)));
    await Promise.all(
      advertisers.flatMap((advertiser, i) =>
        Array.from({ length: 5 }, (_, j) => deposit(api, operator, advertiser, 1_000 + i * 10 + j, `WIRE-${i}-${j}`)),
      ),
    );
    const numbers = await numbersOf(`R-${year}`);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const counter = await api.castbridge.db
      .selectFrom('document_counters')
      .select('last')
      .where('series', '=', `R-${year}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.last)).toBe(numbers.length);
    for (const advertiser of advertisers) expect(await list(advertiser)).toHaveLength(5);
  });

  it('issuing the same subject again, or at once, answers the one document and takes no number', async () => {
    const advertiser = await approvedAdvertiser(api, operator, 0);
    await deposit(api, operator, advertiser, 5_000, 'WIRE-ONCE');
    const [receipt] = await list(advertiser);
    const transfer = await api.castbridge.db
      .selectFrom('documents')
      .select('subject_id')
      .where('id', '=', receipt!.id)
      .executeTakeFirstOrThrow();
    const before = await numbersOf(`R-${year}`);
    const again = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.castbridge.db
          .transaction()
          .execute((trx) => issueDocument(trx, { kind: 'deposit_receipt', subjectId: transfer.subject_id })),
      ),
    );
    expect(new Set(again.map((issued) => issued.id))).toEqual(new Set([receipt!.id]));
    expect(await numbersOf(`R-${year}`)).toEqual(before);
    expect(await list(advertiser)).toHaveLength(1);

    // A document for a subject of another kind's, or someone else's, is refused (a programming error).
    await expect(
      api.castbridge.db
        .transaction()
        .execute((trx) => issueDocument(trx, { kind: 'deposit_receipt', subjectId: 'not-a-transfer' })),
    ).rejects.toThrow();
    await expect(
      api.castbridge.db.transaction().execute((trx) =>
        issueDocument(trx, {
          kind: 'deposit_receipt',
          subjectId: transfer.subject_id,
          ownerId: operator.id,
        }).then(async () => {
          // The existing document is answered before any check; a new subject is checked.
          await issueDocument(trx, {
            kind: 'annual_statement',
            subjectId: `${advertiser.id}:2001`,
            ownerId: operator.id,
          });
        }),
      ),
    ).rejects.toThrow(/belongs to/);
    expect(await numbersOf('Y-2001')).toEqual([]);
  });

  it('a payout paid issues its statement: the masked destination, never the account number nor the TIN', async () => {
    const creator = await account(api, 'creator', { first_name: 'Ana', last_name: 'Lee' });
    await earn(creator, 25_000, 2_500, new Date().toISOString());
    const added = await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' },
    });
    expect(added.status, added.text).toBe(201);
    await fileTaxForm(api, creator);
    const requested = await api.request('POST', '/api/payouts', {
      token: creator.token,
      headers: { 'idempotency-key': `doc-payout-${Date.now()}` },
      json: { amount_cents: 12_345 },
    });
    expect(requested.status, requested.text).toBe(201);
    const payout = requested.body.payout as { id: string; reference: string };
    await api.castbridge.services.jobs.drain();
    expect(await list(creator)).toEqual([]);
    const paid = await api.request('POST', `/api/admin/payouts/${payout.id}/paid`, {
      token: operator.token,
      json: { reference: 'WIRE-OUT-7' },
    });
    expect(paid.status, paid.text).toBe(200);
    const [statement, ...rest] = await list(creator);
    expect(rest).toEqual([]);
    expect(statement).toMatchObject({
      kind: 'payout_statement',
      title: 'Payout statement',
      amountCents: 12_345,
      number: expect.stringMatching(new RegExp(`^S-${year}-\\d{6}$`)),
    });
    const { bytes } = await download(creator, statement!.id);
    const text = pdfText(bytes);
    for (const shown of [statement!.number, '$123.45', payout.reference, 'Ana Lee', '6789'])
      expect(text).toContain(shown);
    const raw = Buffer.from(bytes).toString('latin1');
    for (const secret of ['000123456789', '011000015', W9_FORM.tin, W9_FORM.tin.replace(/-/g, '')]) {
      expect(text).not.toContain(secret);
      expect(raw).not.toContain(secret);
    }
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from((await download(creator, statement!.id)).bytes))).toBe(0);
  });

  it("a year's statement is issued on the first listing after it ends, once, with the year's figures", async () => {
    const creator = await account(api, 'creator', { first_name: 'Kai', last_name: 'Moss' });
    const lastYear = year - 1;
    await earn(creator, 10_000, 1_000, `${lastYear}-03-04T10:00:00.000Z`);
    await earn(creator, 5_050, 505, `${lastYear}-11-30T10:00:00.000Z`);
    await earn(creator, 7_000, 700, `${year - 3}-06-01T10:00:00.000Z`);
    // This year's earnings have no statement yet.
    await earn(creator, 9_999, 999, new Date().toISOString());
    const listings = await Promise.all([list(creator), list(creator), list(creator)]);
    for (const listed of listings)
      expect(listed.map((doc) => doc.kind)).toEqual(['annual_statement', 'annual_statement']);
    const statements = await list(creator);
    expect(statements).toHaveLength(2);
    const byNumber = new Map(statements.map((doc) => [doc.number.slice(0, 6), doc]));
    const latest = byNumber.get(`Y-${lastYear}`)!;
    expect(latest).toMatchObject({ title: 'Annual earnings statement', amountCents: 13_545 });
    expect(byNumber.get(`Y-${year - 3}`)).toMatchObject({ amountCents: 6_300 });
    expect(await numbersOf(`Y-${year - 2}`)).toEqual([]);
    // Three listings at once issued each statement once, and took no number in vain.
    expect(await numbersOf(`Y-${lastYear}`)).toEqual([1]);
    const counter = await api.castbridge.db
      .selectFrom('document_counters')
      .select('last')
      .where('series', '=', `Y-${lastYear}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.last)).toBe(1);
    const text = pdfText((await download(creator, latest.id)).bytes);
    for (const shown of [latest.number, String(lastYear), '$150.50', '-$15.05', '$135.45', 'Kai Moss'])
      expect(text).toContain(shown);
    // In the reader's language (docs/architecture.md §Languages): the title in the list, the PDF's words, its dates
    // and its sums, still in US dollars and saying so; the same bytes for the same language, other bytes for another.
    expect((await list(creator, 'es-MX')).find((doc) => doc.id === latest.id)).toMatchObject({
      title: 'Estado de ganancias anual',
      amountCents: 13_545,
    });
    const spanish = await download(creator, latest.id, 'es-MX');
    expect(spanish.response.headers.get('vary')).toContain('Accept-Language');
    // Read as running text: a footer longer in Spanish is wrapped to the margins.
    const texto = pdfText(spanish.bytes).replace(/\n/g, ' ');
    for (const shown of [
      'Estado de ganancias anual',
      `Núm. ${latest.number}`,
      // (The dash between is WinAnsi's, which this reading of the PDF does not decode.)
      '1 de enero',
      `31 de diciembre de ${lastYear}`,
      'Ganancias brutas',
      'USD\u00a0150.50',
      '-USD\u00a015.05',
      'Ganancias netas',
      'USD\u00a0135.45',
      'Kai Moss',
      'Montos en dólares estadounidenses.',
      // Spanish's own letters are in the PDF's encoding: written, not replaced by "?".
      '¿Dudas sobre este documento?',
    ])
      expect(texto).toContain(shown);
    expect(texto).not.toContain('Gross earnings');
    const again = (await download(creator, latest.id, 'es-MX')).bytes;
    expect(Buffer.compare(Buffer.from(spanish.bytes), Buffer.from(again))).toBe(0);
    // Without Accept-Language, the account's own language decides.
    await api.castbridge.db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', creator.id).execute();
    expect(pdfText((await download(creator, latest.id)).bytes)).toContain('Estado de ganancias anual');
    // "*" (any language, as the signed-in pages ask: src/api/client.ts) is the account's too.
    expect(pdfText((await download(creator, latest.id, '*')).bytes)).toContain('Estado de ganancias anual');
    expect((await list(creator, '*')).find((doc) => doc.id === latest.id)?.title).toBe('Estado de ganancias anual');
    // Advertisers get none.
    const advertiser = await approvedAdvertiser(api, operator, 0);
    expect(await list(advertiser)).toEqual([]);
  });
});

describe('the demo seed issues its documents', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it("Nova's deposit receipt, the creator's paid payouts' statements and last year's statement", async () => {
    const { seedDemo, DEMO_EMAILS } = await import('../../demo/seed/demo.ts');
    await seedDemo(api.castbridge);
    const { db, services } = api.castbridge;
    const tokenOf = async (email: string) => {
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return { id: user.id, token: await services.tokens.issue(user.id, 0) };
    };
    const list = async (who: Account) =>
      ((await api.request('GET', '/api/documents', { token: who.token })).body as { documents: Listed[] }).documents;
    const nova = await list(await tokenOf(DEMO_EMAILS.advertiser));
    expect(nova.map((doc) => doc.kind)).toEqual(['deposit_receipt']);
    const creator = await list(await tokenOf(DEMO_EMAILS.creator));
    const kinds = creator.map((doc) => doc.kind);
    expect(kinds.filter((kind) => kind === 'payout_statement').length).toBeGreaterThanOrEqual(1);
    expect(kinds).toContain('annual_statement');
    expect((await checkLedger(db)).breaches).toEqual([]);
  });
});
