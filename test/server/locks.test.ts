// The PostgreSQL leases behind exclusive work (docs/product.md §Several instances): one holder at a time; a holder whose lock connection stops
// answering gives its leases up within seconds (so an instance cut off from the database stops ingesting), and a
// holder whose session ends loses them to the next instance at once.
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocks, type Locks } from '../../server/cluster/locks.ts';
import { findPostgres, memoryLogger } from './helpers.ts';

describe('PostgreSQL leases', () => {
  let url: string;
  let admin: pg.Client;
  const opened: Locks[] = [];
  const namespace = `locks-test-${process.pid}-${Date.now()}`;
  const locks = async (owner: string) => {
    const made = await postgresLocks({ connectionString: url, namespace, owner, logger: memoryLogger() });
    opened.push(made);
    return made;
  };
  /** The backend process of an instance's lock connection. */
  const backendOf = async (owner: string) => {
    const rows = await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
      `castbridge-locks-${owner}`,
    ]);
    expect(rows.rows).toHaveLength(1);
    return rows.rows[0]!.pid;
  };

  beforeAll(async () => {
    url = await findPostgres();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const made of opened) await made.close().catch(() => {});
    await admin?.end();
  });

  it('one holder at a time; released, the next one takes it', async () => {
    const [a, b] = [await locks('a-1'), await locks('b-1')];
    const lease = await a.acquire('channel:one');
    expect(lease).not.toBeNull();
    expect(await b.acquire('channel:one')).toBeNull();
    expect(await lease!.renew()).toBe(true);
    await lease!.release();
    expect(await b.acquire('channel:one')).not.toBeNull();
  });

  it('many leases asked for at once: each granted once, one query at a time on the lock connection', async () => {
    const a = await locks('a-many');
    const b = await locks('b-many');
    // pg warns (DeprecationWarning) when a query is sent on a client while another runs: the lock connection queues
    // its own, so a burst of acquisitions (a chat ingester per channel at boot) sends them one after the other.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const names = Array.from({ length: 20 }, (_, i) => `channel:many-${i}`);
      const leases = await Promise.all(names.map((name) => a.acquire(name)));
      expect(leases.every((lease) => lease !== null)).toBe(true);
      const theirs = await Promise.all(names.map((name) => b.acquire(name)));
      expect(theirs.every((lease) => lease === null)).toBe(true);
      expect(await Promise.all(leases.map((lease) => lease!.renew()))).toEqual(names.map(() => true));
      await Promise.all(leases.map((lease) => lease!.release()));
      expect((await Promise.all(names.map((name) => b.acquire(name)))).every((lease) => lease !== null)).toBe(true);
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a session ended on the server loses its leases: renew says so, another instance takes them at once', async () => {
    const [a, b] = [await locks('a-2'), await locks('b-2')];
    const lease = (await a.acquire('channel:two'))!;
    expect(await b.acquire('channel:two')).toBeNull();
    await admin.query('select pg_terminate_backend($1)', [await backendOf('a-2')]);
    await expect.poll(() => lease.renew(), { timeout: 5_000 }).toBe(false);
    expect(await b.acquire('channel:two')).not.toBeNull();
  });

  it(
    'a lock connection that stops answering is given up within seconds with its leases, and a new one is opened',
    { timeout: 30_000 },
    async () => {
      const a = await locks('a-3');
      const lease = (await a.acquire('channel:three'))!;
      const pid = await backendOf('a-3');
      // The backend frozen: the socket stays open, nothing answers (a host cut off, a database hung).
      execFileSync('kill', ['-STOP', String(pid)]);
      try {
        const started = Date.now();
        expect(await lease.renew()).toBe(false);
        expect(Date.now() - started).toBeLessThan(8_000);
      } finally {
        execFileSync('kill', ['-CONT', String(pid)]);
      }
      // The next acquire opens a new connection (the old session is ended and its lock goes with it).
      await expect
        .poll(async () => (await a.acquire('channel:three')) !== null, { timeout: 10_000, interval: 250 })
        .toBe(true);
    },
  );
});
