// The ledger (docs/product.md §Money) on SQLite and PostgreSQL: double entries only, idempotent keys, no overdraft under
// concurrency, and `npm run ledger -- check` finding every kind of breach.
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/types.ts';
import {
  balanceOf,
  checkLedger,
  EXTERNAL,
  InsufficientFunds,
  InvalidTransfer,
  postTransfer,
  type AccountRef,
  type TransferInput,
} from '../../server/money/ledger.ts';
import { BACKENDS, compiledCommand, makeBackend, startApp, type Backend, type Client } from './helpers.ts';

let seq = 0;
const creator = (): AccountRef => ({ kind: 'creator_available', ownerId: `creator-${++seq}-${Date.now()}` });
const inPayout = (account: AccountRef): AccountRef => ({ kind: 'creator_in_payout', ownerId: account.ownerId });

describe.each(BACKENDS)('the ledger on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let db: Kysely<Database>;
  const transfer = (input: TransferInput) => db.transaction().execute((trx) => postTransfer(trx, input));
  const fund = (account: AccountRef, cents: number) =>
    transfer({
      kind: 'correction',
      memo: 'test funds',
      legs: [
        { account: EXTERNAL, amountCents: -cents },
        { account, amountCents: cents },
      ],
    });
  const runCheck = () =>
    spawnSync(process.execPath, compiledCommand('ledger', ['check']), {
      env: { ...process.env, DATABASE_URL: '', ...backend.env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    db = api.castbridge.db;
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('posts double entries: balances move, the outside world goes negative, the check is clean', async () => {
    const account = creator();
    await fund(account, 10_000);
    await transfer({
      kind: 'payout_hold',
      memo: 'hold',
      legs: [
        { account, amountCents: -6_000 },
        { account: inPayout(account), amountCents: 6_000 },
      ],
    });
    expect(await balanceOf(db, account)).toBe(4_000);
    expect(await balanceOf(db, inPayout(account))).toBe(6_000);
    expect(await balanceOf(db, EXTERNAL)).toBeLessThanOrEqual(-10_000);
    expect((await checkLedger(db)).breaches).toEqual([]);
  });

  it('refuses what is not a double entry in whole cents', async () => {
    const account = creator();
    await expect(
      transfer({ kind: 'correction', memo: 'one leg', legs: [{ account, amountCents: 100 }] }),
    ).rejects.toThrow(InvalidTransfer);
    await expect(
      transfer({
        kind: 'correction',
        memo: 'unbalanced',
        legs: [
          { account: EXTERNAL, amountCents: -100 },
          { account, amountCents: 99 },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      transfer({
        kind: 'correction',
        memo: 'fractions',
        legs: [
          { account: EXTERNAL, amountCents: -0.5 },
          { account, amountCents: 0.5 },
        ],
      }),
    ).rejects.toThrow(/whole number/);
    expect(await balanceOf(db, account)).toBe(0);
  });

  it('refuses an overdraft inside the transaction and writes nothing of it', async () => {
    const account = creator();
    await fund(account, 5_000);
    const before = await db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = transfer({
      kind: 'payout_hold',
      memo: 'too much',
      legs: [
        { account, amountCents: -5_001 },
        { account: inPayout(account), amountCents: 5_001 },
      ],
    });
    await expect(refused).rejects.toThrow(InsufficientFunds);
    await expect(refused).rejects.toMatchObject({ balanceCents: 5_000, amountCents: -5_001 });
    const after = await db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await balanceOf(db, account)).toBe(5_000);
    expect(await balanceOf(db, inPayout(account))).toBe(0);
  });

  it('a key makes a transfer happen once', async () => {
    const account = creator();
    const key = `earning:${account.ownerId}`;
    const first = await transfer({
      kind: 'earning',
      key,
      memo: 'once',
      legs: [
        { account: EXTERNAL, amountCents: -2_500 },
        { account, amountCents: 2_500 },
      ],
    });
    const again = await transfer({
      kind: 'earning',
      key,
      memo: 'once',
      legs: [
        { account: EXTERNAL, amountCents: -2_500 },
        { account, amountCents: 2_500 },
      ],
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ transferId: first.transferId, created: false });
    expect(await balanceOf(db, account)).toBe(2_500);
  });

  it('100 concurrent holds of $10 against $300: exactly 30 succeed, nothing is lost or overdrawn', async () => {
    const account = creator();
    await fund(account, 30_000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        transfer({
          kind: 'payout_hold',
          memo: 'race',
          legs: [
            { account, amountCents: -1_000 },
            { account: inPayout(account), amountCents: 1_000 },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures.every((r) => r.reason instanceof InsufficientFunds)).toBe(true);
    expect(await balanceOf(db, account)).toBe(0);
    expect(await balanceOf(db, inPayout(account))).toBe(30_000);
    expect((await checkLedger(db)).breaches).toEqual([]);
  });

  it('`npm run ledger -- check` exits 0 on a sound ledger and 1 on each kind of breach', async () => {
    const clean = runCheck();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/^Ledger clean \(.+\): \d+ accounts, \d+ transfers, \d+ entries\.\n$/);

    const account = creator();
    const { transferId } = await fund(account, 1_000);
    const id = Number(
      (
        await db
          .selectFrom('ledger_accounts')
          .select('id')
          .where('owner_id', '=', account.ownerId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    // Tampering the way no code path does: an entry changed, a balance forced negative, a one-legged transfer.
    await db
      .updateTable('ledger_entries')
      .set({ amount_cents: 999 })
      .where('transfer_id', '=', transferId)
      .where('account_id', '=', id)
      .execute();
    await db.updateTable('ledger_accounts').set({ balance_cents: -1 }).where('id', '=', id).execute();
    await sql`insert into ledger_transfers (kind, memo, created_at) values ('correction', 'empty', ${new Date().toISOString()})`.execute(
      db,
    );
    const broken = runCheck();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^Ledger BROKEN/);
    expect(broken.stdout).toMatch(new RegExp(`transfer ${transferId}: 2 entries summing to -1 cents`));
    expect(broken.stdout).toMatch(/: 0 entries summing to 0 cents/);
    expect(broken.stdout).toMatch(
      new RegExp(`account ${id} \\(creator_available ${account.ownerId}\\): balance -1 cents, its entries sum to 999`),
    );
    expect(broken.stdout).toMatch(
      new RegExp(`account ${id} \\(creator_available ${account.ownerId}\\): negative balance -1 cents`),
    );
    const usage = spawnSync(process.execPath, compiledCommand('ledger'), {
      env: { ...process.env, ...backend.env },
      encoding: 'utf8',
    });
    expect(usage.status).toBe(2);
  });
});
