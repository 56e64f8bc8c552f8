// Payout methods (docs/product.md §Money) on SQLite and PostgreSQL: ABA routing numbers checked by their checksum, details sealed at
// rest and answered masked, one method per kind (connecting again replaces), one default, and every endpoint tried
// by the wrong role (403), the wrong creator (404) and nobody (401).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAbaRoutingNumber } from '../../contract/money.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { BACKENDS, makeBackend, startApp, tempDir, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';

const BANK = { kind: 'bank', holderName: 'Ana Lee', routingNumber: '0110-0001 5', accountNumber: '000123456789' };
type Method = { id: string; kind: string; display: string; holderName: string | null; isDefault: boolean };

describe('ABA routing numbers', () => {
  it('accept nine digits with a valid checksum only', () => {
    for (const valid of ['011000015', '021000021', '121000358', '026009593'])
      expect(isAbaRoutingNumber(valid), valid).toBe(true);
    for (const invalid of ['011000016', '12345678', '0110000150', '01100001a', ''])
      expect(isAbaRoutingNumber(invalid), invalid).toBe(false);
  });
});

describe('sealing', () => {
  it('round-trips, uses a fresh nonce each time, and refuses a tampered or foreign value', () => {
    const dir = tempDir('castbridge-seal-');
    try {
      const key = loadPayoutKey(null, dir);
      expect(loadPayoutKey(null, dir).equals(key)).toBe(true);
      expect(fs.statSync(path.join(dir, 'payout-key')).mode & 0o777).toBe(0o600);
      const sealer = createSealer(key);
      const sealed = sealer.seal({ accountNumber: '000123456789' });
      expect(sealed).not.toContain('123456789');
      expect(sealer.seal({ accountNumber: '000123456789' })).not.toBe(sealed);
      expect(sealer.unseal(sealed)).toEqual({ accountNumber: '000123456789' });
      const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
      expect(() => sealer.unseal(flipped)).toThrow();
      expect(() => createSealer(loadPayoutKey('ab'.repeat(32), dir)).unseal(sealed)).toThrow();
      expect(() => loadPayoutKey('too-short', dir)).toThrow(/32 bytes/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(BACKENDS)('payout methods on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  const methodsOf = async (who: Account) => {
    const answer = await api.request('GET', '/api/payout-methods', { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.methods as Method[];
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('connects a bank account: checked, sealed at rest, answered masked, the first method is the default', async () => {
    const creator = await account(api, 'creator');
    expect(await methodsOf(creator)).toEqual([]);
    const bad = await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { ...BANK, routingNumber: '011000016' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/routingNumber: is not a valid ABA routing number/);
    expect(
      (
        await api.request('POST', '/api/payout-methods', {
          token: creator.token,
          json: { ...BANK, accountNumber: '12' },
        })
      ).body.message,
    ).toMatch(/accountNumber: must be 4 to 17 digits/);
    expect(
      (await api.request('POST', '/api/payout-methods', { token: creator.token, json: { kind: 'iban' } })).status,
    ).toBe(400);

    const made = await api.request('POST', '/api/payout-methods', { token: creator.token, json: BANK });
    expect(made.status, made.text).toBe(201);
    expect(made.body.methods).toMatchObject([
      { kind: 'bank', display: '•••• 6789', holderName: 'Ana Lee', isDefault: true },
    ]);
    expect(made.text).not.toContain('123456789');
    expect(made.text).not.toContain('011000015');

    const row = await api.castbridge.db
      .selectFrom('payout_methods')
      .selectAll()
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain('123456789');
    expect(row.sealed).not.toContain('011000015');
    expect(await api.castbridge.services.payoutMethods.details(creator.id, row.id)).toEqual({
      kind: 'bank',
      routingNumber: '011000015',
      accountNumber: '000123456789',
    });
  });

  it('one method per kind (connecting again replaces it), one default, removing the default promotes the other', async () => {
    const creator = await account(api, 'creator');
    await api.request('POST', '/api/payout-methods', { token: creator.token, json: BANK });
    const both = await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { kind: 'paypal', email: 'Ana@Example.com' },
    });
    expect(both.body.methods).toMatchObject([
      { kind: 'bank', isDefault: true },
      { kind: 'paypal', display: 'ana@example.com', holderName: null, isDefault: false },
    ]);
    const replaced = await api.request('POST', '/api/payout-methods', {
      token: creator.token,
      json: { kind: 'paypal', email: 'ana.lee@example.com', makeDefault: true },
    });
    const methods = replaced.body.methods as Method[];
    expect(methods).toHaveLength(2);
    expect(methods).toMatchObject([
      { kind: 'paypal', display: 'ana.lee@example.com', isDefault: true },
      { kind: 'bank', isDefault: false },
    ]);
    const left = await api.request('DELETE', `/api/payout-methods/${methods[0]!.id}`, { token: creator.token });
    expect(left.body.methods).toMatchObject([{ kind: 'bank', isDefault: true }]);
    const none = await api.request('DELETE', `/api/payout-methods/${methods[1]!.id}`, { token: creator.token });
    expect(none.body.methods).toEqual([]);
    expect(
      (await api.request('DELETE', `/api/payout-methods/${methods[1]!.id}`, { token: creator.token })).status,
    ).toBe(404);
  });

  it('refuses advertisers and operators (403), another creator (404) and anonymous callers (401)', async () => {
    const owner = await account(api, 'creator');
    const other = await account(api, 'creator');
    const [method] = (await api.request('POST', '/api/payout-methods', { token: owner.token, json: BANK })).body
      .methods as Method[];
    expect((await api.request('DELETE', `/api/payout-methods/${method!.id}`, { token: other.token })).status).toBe(404);
    expect(await methodsOf(other)).toEqual([]);
    for (const role of ['advertiser', 'operator'] as const) {
      const who = await account(api, role);
      expect((await api.request('GET', '/api/payout-methods', { token: who.token })).status).toBe(403);
      expect((await api.request('POST', '/api/payout-methods', { token: who.token, json: BANK })).status).toBe(403);
      expect((await api.request('DELETE', `/api/payout-methods/${method!.id}`, { token: who.token })).status).toBe(403);
    }
    expect((await api.request('GET', '/api/payout-methods')).status).toBe(401);
    expect((await api.request('POST', '/api/payout-methods', { json: BANK })).status).toBe(401);
    expect((await api.request('DELETE', `/api/payout-methods/${method!.id}`)).status).toBe(401);
    expect(await methodsOf(owner)).toHaveLength(1);
  });
});
