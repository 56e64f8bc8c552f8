// Money survives a crash (docs/product.md §Money), on SQLite and PostgreSQL: a real server process (the compiled
// server/main.ts, as `npm run serve` runs it) is SIGKILLed in the middle of 400 completions (POST /api/offers/:id/confirm-delivery) and
// 400 payouts (POST /api/payouts with an Idempotency-Key) sent by 20 concurrent clients. After a restart on the
// same data `npm run ledger -- check` is clean and every answer the clients saw acknowledged is in the database;
// then the clients finish their work against the restarted server, retrying each unanswered payout with its same
// Idempotency-Key, and no creator ends up with a second payout.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { campaignReserve, creatorAvailable, creatorInPayout, type AccountRef } from '../../server/money/ledger.ts';
import {
  BACKENDS,
  compiledCommand,
  makeBackend,
  spawnServer,
  startApp,
  type Backend,
  type RunningServer,
} from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, W9_FORM, type Account } from './market.ts';
import { taxFormInput } from '../../contract/schemas/taxForms.ts';

// 400 creators: the crash meets at most the 20 clients' requests in flight whatever the total, with 320 answered
// before it and 480 left for the restarted server. 1,000 proved no more and, beside the rest of npm test, made this
// file the suite's slowest (964 s on 2026-12-02, one of its two cases timing out).
const CREATORS = 400;
const PAY_CENTS = 10_000;
const PAYOUT_CENTS = 6_000;
const WORKERS = 20;
/** SIGKILL once this share of the 800 requests has been answered. */
const KILL_AT = 0.4;
const ALREADY_COMPLETED = 'This offer is already completed';

interface Work {
  creatorId: string;
  token: string;
  offerId: string;
  /** The payout's Idempotency-Key, chosen once: a retry sends the same one. */
  key: string;
  /** none: never sent; sent: sent, no answer seen (the server died); done: answered 200 (or, on a retry, 409 already completed). */
  completion: 'none' | 'sent' | 'done';
  payout: 'none' | 'sent' | 'done';
  payoutId?: string;
  /** The completion was answered 200 before the crash (not a retry's 409). */
  completionAckedBeforeCrash?: boolean;
  payoutAckedBeforeCrash?: boolean;
}

const backends: Backend[] = [];
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const backend of backends) await backend.cleanup();
});

async function post(
  url: string,
  token: string,
  init: { key?: string; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.key) headers['idempotency-key'] = init.key;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: 'POST',
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

/** Runs `task` over `items` with `concurrency` workers. */
async function pool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** `npm run ledger -- check` on the backend's data, as the operator runs it. */
function ledgerCheck(backend: Backend) {
  return spawnSync(process.execPath, compiledCommand('ledger', ['check']), {
    env: { ...process.env, DATABASE_URL: '', ...backend.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// Alone it takes 1–2 minutes; inside the full `npm test` (three server files at a time beside two journey streams) it
// took more than 4 on a busy machine, 2026-12-01: its limit is 10.
describe.each(BACKENDS)('money across a SIGKILL on %s', (backendName) => {
  it('kill -9 in the middle of 400 completions and payouts: after restart the ledger is clean and every acknowledged request exists', async () => {
    const backend = await makeBackend(backendName);
    backends.push(backend);
    // The spawned server and the in-process app must agree on the JWT secret and the payout-sealing key: both
    // are generated once into DATA_DIR (JWT_SECRET and PAYOUT_KEY empty), by whichever opens it first.
    const shared = { SEED_DEMO: '0', JWT_SECRET: '', PAYOUT_KEY: '', PAYOUT_PROVIDER: 'manual', FEE_BPS: '0' };
    const serverEnv = { DATABASE_URL: '', ...backend.env, ...shared, RATE_LIMIT_SCALE: '1000' };

    // ------------------------------------------------------------------ the world, written in process (fast)
    const api = await startApp(backend, shared);
    let advertiser: Account;
    let campaignId: string;
    const work: Work[] = [];
    try {
      const { db, services } = api.castbridge;
      const operator = await account(api, 'operator');
      advertiser = await approvedAdvertiser(api, operator, CREATORS * PAY_CENTS + 123_456);
      await db.updateTable('users').set({ notify_email: 0 }).where('id', '=', advertiser.id).execute();
      // Aimed at a country no creator of this test lives in: matching invites nobody, the offers are ours.
      const created = await api.request('POST', '/api/campaigns', {
        token: advertiser.token,
        json: campaignInput({
          payCents: PAY_CENTS,
          spots: CREATORS,
          targeting: { ...campaignInput().targeting, countries: ['Tuvalu'] },
        }),
      });
      expect(created.status, created.text).toBe(201);
      campaignId = (created.body.campaign as { id: string }).id;
      const launched = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
      expect(launched.status, launched.text).toBe(200);
      await services.jobs.drain();

      const stamp = new Date().toISOString();
      for (let start = 0; start < CREATORS; start += 250) {
        const batch = Array.from({ length: Math.min(250, CREATORS - start) }, (_, k) => ({
          creatorId: crypto.randomUUID(),
          offerId: crypto.randomUUID(),
          i: start + k,
        }));
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values(
              batch.map(({ creatorId, i }) => ({
                id: creatorId,
                email: `durable-creator${i}-${creatorId.slice(0, 8)}@example.com`,
                password_hash: null,
                firebase_uid: null,
                type_account: 'Influencer' as const,
                role: 'creator' as const,
                notify_email: 0,
                first_name: `Creator${i}`,
                language: 'English',
                country: 'Canada',
                created_at: stamp,
                updated_at: stamp,
              })),
            )
            .execute();
          await trx
            .insertInto('offers')
            .values(
              batch.map(({ creatorId, offerId }) => ({
                id: offerId,
                campaign_id: campaignId,
                creator_id: creatorId,
                status: 'accepted' as const,
                reasons: '[]',
                score: 1,
                decline_reason: null,
                created_at: stamp,
                updated_at: stamp,
              })),
            )
            .execute();
        });
        for (const { creatorId, offerId } of batch) {
          work.push({
            creatorId,
            offerId,
            token: await services.tokens.issue(creatorId, 0),
            key: `durable-${crypto.randomUUID()}`,
            completion: 'none',
            payout: 'none',
          });
        }
      }
      // As if every creator had accepted through POST /api/offers/:id/accept.
      await db.updateTable('campaigns').set({ accepted_count: CREATORS }).where('id', '=', campaignId).execute();
      await pool(work, 10, async (item) => {
        await services.payoutMethods.add(item.creatorId, {
          kind: 'paypal',
          email: `payee-${item.creatorId.slice(0, 8)}@example.com`,
        });
        // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
        await services.taxForms.submit(item.creatorId, taxFormInput.parse(W9_FORM));
      });
    } finally {
      await api.close();
    }

    // ------------------------------------------------------------------ the crash
    const first = await spawnServer(serverEnv);
    servers.push(first);
    const total = CREATORS * 2;
    let answered = 0;
    let killing: Promise<void> | null = null;
    let inFlight = 0;
    let inFlightAtKill = 0;
    const unexpected: string[] = [];

    /** Does what is left of each creator's work: confirm delivery, then withdraw; stops at the crash. */
    const drive = async (base: string, options: { killAfter?: number; server?: RunningServer; retry: boolean }) => {
      const noteAnswer = () => {
        answered += 1;
        if (options.killAfter !== undefined && !killing && answered >= options.killAfter) {
          inFlightAtKill = inFlight;
          killing = options.server!.kill(); // SIGKILL while the other workers' requests are in flight
        }
      };
      const send = async <T>(request: () => Promise<T>): Promise<T> => {
        inFlight += 1;
        try {
          return await request();
        } finally {
          inFlight -= 1;
        }
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (!killing && next < work.length) {
            const item = work[next++]!;
            try {
              if (item.completion !== 'done') {
                item.completion = 'sent';
                const answer = await send(() =>
                  post(`${base}/api/offers/${item.offerId}/confirm-delivery`, advertiser.token),
                );
                // On a retry, the crash may have committed the completion without its answer reaching us.
                if (
                  answer.status === 200 ||
                  (options.retry && answer.status === 409 && answer.body.message === ALREADY_COMPLETED)
                ) {
                  item.completion = 'done';
                  if (answer.status === 200 && !options.retry) item.completionAckedBeforeCrash = true;
                  noteAnswer();
                } else {
                  unexpected.push(`confirm-delivery ${item.offerId}: ${answer.status} ${JSON.stringify(answer.body)}`);
                  continue;
                }
              }
              if (killing) return;
              if (item.payout !== 'done') {
                item.payout = 'sent';
                const answer = await send(() =>
                  post(`${base}/api/payouts`, item.token, { key: item.key, json: { amount_cents: PAYOUT_CENTS } }),
                );
                if (answer.status === 201) {
                  item.payout = 'done';
                  item.payoutId = (answer.body.payout as { id: string }).id;
                  if (!options.retry) item.payoutAckedBeforeCrash = true;
                  noteAnswer();
                } else {
                  unexpected.push(`payout ${item.creatorId}: ${answer.status} ${JSON.stringify(answer.body)}`);
                }
              }
            } catch (error) {
              // After the kill a request dies with its connection; before it, nothing may fail.
              if (!killing) unexpected.push(`request failed before the kill: ${(error as Error).message}`);
              return;
            }
          }
        }),
      );
    };

    await drive(first.url, { killAfter: Math.round(total * KILL_AT), server: first, retry: false });
    expect(unexpected).toEqual([]);
    expect(killing, 'the server was killed').not.toBeNull();
    await killing;
    expect(() => process.kill(first.child.pid!, 0)).toThrow(); // the server process itself is gone

    const ackedCompletions = work.filter((item) => item.completionAckedBeforeCrash);
    const ackedPayouts = work.filter((item) => item.payoutAckedBeforeCrash);
    const unanswered = work.filter((item) => item.completion === 'sent' || item.payout === 'sent');
    // The crash hit the middle of the work, with requests on the wire.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(ackedCompletions.length).toBeGreaterThanOrEqual(Math.round((total * KILL_AT) / 2) - WORKERS);
    expect(ackedCompletions.length).toBeLessThan(CREATORS);
    expect(unanswered.length).toBeGreaterThan(0);

    if (backendName === 'sqlite') {
      // The file is consistent before any server touches it again.
      const file = new SQLite(path.join(backend.dataDir, 'castbridge.sqlite'));
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        file.close();
      }
    }

    // ------------------------------------------------------------------ after the restart
    const second = await spawnServer(serverEnv);
    servers.push(second);
    const handle = openDatabase(loadConfig({ ...backend.env }));
    try {
      const { db } = handle;
      const clean = ledgerCheck(backend);
      expect(clean.status, `${clean.stdout}${clean.stderr}`).toBe(0);
      expect(clean.stdout).toMatch(/^Ledger clean/);

      // Every completion the advertiser saw answered is completed, and its earning was posted.
      const ackedOfferIds = ackedCompletions.map((item) => item.offerId);
      const completed = await db
        .selectFrom('offers')
        .select(['id', 'status', 'earned_cents'])
        .where('id', 'in', ackedOfferIds)
        .execute();
      expect(completed).toHaveLength(ackedOfferIds.length);
      for (const offer of completed) expect(offer, offer.id).toMatchObject({ status: 'completed' });
      const earnings = await db
        .selectFrom('ledger_transfers')
        .select('key')
        .where('kind', '=', 'earning')
        .where(
          'key',
          'in',
          ackedOfferIds.map((id) => `earning:${id}`),
        )
        .execute();
      expect(earnings).toHaveLength(ackedOfferIds.length);

      // Every payout a creator saw answered is in their Payout History (and holds its amount in the ledger).
      await pool(ackedPayouts, 10, async (item) => {
        const response = await fetch(`${second.url}/api/payouts`, {
          headers: { authorization: `Bearer ${item.token}` },
        });
        expect(response.status).toBe(200);
        const { payouts } = (await response.json()) as { payouts: { id: string; amountCents: number }[] };
        expect(payouts.map((p) => [p.id, p.amountCents])).toEqual([[item.payoutId, PAYOUT_CENTS]]);
      });
      if (ackedPayouts.length > 0) {
        const holds = await db
          .selectFrom('ledger_transfers')
          .select('key')
          .where('kind', '=', 'payout_hold')
          .where(
            'key',
            'in',
            ackedPayouts.map((item) => `payout:${item.payoutId}`),
          )
          .execute();
        expect(holds).toHaveLength(ackedPayouts.length);
      }

      // ---------------------------------------------------------------- the clients finish their work
      answered = 0;
      killing = null;
      await drive(second.url, { retry: true });
      expect(unexpected).toEqual([]);
      expect(work.every((item) => item.completion === 'done' && item.payout === 'done')).toBe(true);
      // A payout answered before the crash, asked again with its key, is the same payout.
      for (const item of ackedPayouts.slice(0, 20)) {
        const again = await post(`${second.url}/api/payouts`, item.token, {
          key: item.key,
          json: { amount_cents: PAYOUT_CENTS },
        });
        expect(again.status).toBe(201);
        expect((again.body.payout as { id: string }).id).toBe(item.payoutId);
      }

      // Each offer completed once, each creator paid out once (retried keys made no second payout).
      const offers = await db
        .selectFrom('offers')
        .select(['id', 'status'])
        .where('campaign_id', '=', campaignId)
        .execute();
      expect(offers).toHaveLength(CREATORS);
      expect(offers.filter((offer) => offer.status !== 'completed')).toEqual([]);
      const payouts = await db
        .selectFrom('payouts')
        .select(['id', 'creator_id', 'amount_cents', 'idempotency_key'])
        .execute();
      expect(payouts).toHaveLength(CREATORS);
      const byCreator = new Map(payouts.map((row) => [row.creator_id, row]));
      expect(byCreator.size).toBe(CREATORS);
      for (const item of work) {
        const row = byCreator.get(item.creatorId);
        expect(row, item.creatorId).toMatchObject({ id: item.payoutId, idempotency_key: item.key });
        expect(Number(row!.amount_cents)).toBe(PAYOUT_CENTS);
      }
      const count = async (kind: 'earning' | 'payout_hold') =>
        Number(
          (
            await db
              .selectFrom('ledger_transfers')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('kind', '=', kind)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('earning')).toBe(CREATORS);
      expect(await count('payout_hold')).toBe(CREATORS);

      // The money adds up: the reservation paid every creator, each keeps what they did not withdraw.
      const balance = async (ref: AccountRef) =>
        Number(
          (
            await db
              .selectFrom('ledger_accounts')
              .select('balance_cents')
              .where('kind', '=', ref.kind)
              .where('owner_id', '=', ref.ownerId)
              .executeTakeFirst()
          )?.balance_cents ?? 0,
        );
      expect(await balance(campaignReserve(campaignId))).toBe(0);
      for (const item of work.slice(0, 50)) {
        expect(await balance(creatorAvailable(item.creatorId))).toBe(PAY_CENTS - PAYOUT_CENTS);
        expect(await balance(creatorInPayout(item.creatorId))).toBe(PAYOUT_CENTS);
      }
      const sums = await db
        .selectFrom('ledger_accounts')
        .select(['kind', (eb) => eb.fn.sum<number | string>('balance_cents').as('total')])
        .where('kind', 'in', ['creator_available', 'creator_in_payout'])
        .groupBy('kind')
        .execute();
      expect(Object.fromEntries(sums.map((row) => [row.kind, Number(row.total)]))).toEqual({
        creator_available: CREATORS * (PAY_CENTS - PAYOUT_CENTS),
        creator_in_payout: CREATORS * PAYOUT_CENTS,
      });
    } finally {
      await handle.db.destroy();
    }
    expect(await second.stop()).toBe(0);

    const final = ledgerCheck(backend);
    expect(final.status, `${final.stdout}${final.stderr}`).toBe(0);
    expect(final.stdout).toMatch(/^Ledger clean/);
  }, 600_000);
});
