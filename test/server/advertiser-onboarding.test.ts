// A new advertiser's first use (docs/product.md §Advertiser onboarding) on SQLite and PostgreSQL: what the company wants to
// promote, the checklist from company profile to first launch, the transfer reference (unique, stable, found by the
// operator's deposit form) and the operator's transfer instructions; the notices of the profile's review and of a
// deposit in the advertiser's language; every endpoint tried by the wrong role (403) and by nobody (401).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTransferReference, TRANSFER_REFERENCE } from '../../contract/money.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, deposit, type Account } from './market.ts';

const COMPANY = {
  companyName: 'Lumen Snacks',
  website: 'https://lumen.example',
  contactName: 'Lia Moreno',
  contactEmail: 'lia@lumen.example',
};

describe('transfer references as typed or pasted', () => {
  it('are found in any case, spacing or surrounding text, and nothing else is', () => {
    for (const text of ['CB-7KQ4-M2XD', 'cb-7kq4-m2xd', ' CB 7KQ4 M2XD ', 'CB7KQ4M2XD', 'Payment CB-7KQ4-M2XD thanks'])
      expect(findTransferReference(text), text).toBe('CB-7KQ4-M2XD');
    for (const text of ['', 'Nova Energy', 'CB-7KQ4', 'CB-0O1I-L000'])
      expect(findTransferReference(text), text).toBeNull();
  });
});

describe.each(BACKENDS)('advertiser onboarding on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;

  const get = async <T>(url: string, who: Account) => {
    const answer = await api.request('GET', url, { token: who.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  };
  const checklistOf = (who: Account) => get<Record<string, unknown>>('/api/advertiser/checklist', who);
  const fundingOf = (who: Account) =>
    get<{ reference: string; instructions: string | null }>('/api/advertiser/funding', who);

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('the checklist follows a new advertiser from company profile to first launch', async () => {
    const advertiser = await account(api, 'advertiser');
    expect(await checklistOf(advertiser)).toEqual({
      profile: 'missing',
      fundsCents: 0,
      campaigns: 0,
      draftId: null,
      launched: false,
    });
    const sent = await api.request('PUT', '/api/advertiser/profile', {
      token: advertiser.token,
      json: { ...COMPANY, promotes: 'Healthy snacks for long streams' },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.profile).toMatchObject({ promotes: 'Healthy snacks for long streams', status: 'pending' });
    expect(await checklistOf(advertiser)).toMatchObject({ profile: 'pending' });
    // Sent again without it (the company profile's form of old), what it promotes stays.
    const again = await api.request('PUT', '/api/advertiser/profile', { token: advertiser.token, json: COMPANY });
    expect(again.body.profile).toMatchObject({ promotes: 'Healthy snacks for long streams' });

    const approved = await api.request('POST', `/api/admin/advertisers/${advertiser.id}/approve`, {
      token: operator.token,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await checklistOf(advertiser)).toMatchObject({ profile: 'approved', fundsCents: 0 });

    await deposit(api, operator, advertiser, 100_000);
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ payCents: 10_000, spots: 2 }),
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    expect(await checklistOf(advertiser)).toEqual({
      profile: 'approved',
      fundsCents: 100_000,
      campaigns: 1,
      draftId: campaignId,
      launched: false,
    });

    const launched = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
    expect(launched.status, launched.text).toBe(200);
    // The reservation still counts as the advertiser's funds.
    expect(await checklistOf(advertiser)).toEqual({
      profile: 'approved',
      fundsCents: 100_000,
      campaigns: 1,
      draftId: null,
      launched: true,
    });
  });

  it('a company profile is reviewed once: another verdict, or an advertiser that does not exist, is refused with its code, in the language asked', async () => {
    const advertiser = await account(api, 'advertiser');
    expect(
      (await api.request('PUT', '/api/advertiser/profile', { token: advertiser.token, json: COMPANY })).status,
    ).toBe(200);
    const review = (id: string, verdict: 'approve' | 'reject', language: string) =>
      api.request('POST', `/api/admin/advertisers/${id}/${verdict}`, {
        token: operator.token,
        headers: { 'accept-language': language },
        ...(verdict === 'reject' ? { json: { reason: 'The website does not load' } } : {}),
      });
    const approved = await review(advertiser.id, 'approve', 'es-MX');
    expect(approved.status, approved.text).toBe(200);

    const again = await review(advertiser.id, 'reject', 'es-MX');
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({
      code: 'operator.advertiser_already_reviewed',
      message: 'Este anunciante ya fue aprobado',
    });
    const english = await review(advertiser.id, 'approve', 'en');
    expect(english.status, english.text).toBe(409);
    expect(english.body).toMatchObject({
      code: 'operator.advertiser_already_reviewed',
      message: 'This advertiser is already approved',
    });

    // A creator has no company profile to review.
    const creator = await account(api, 'creator');
    const unknown = await review(creator.id, 'approve', 'es-MX');
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'operator.advertiser_unknown', message: 'Ese anunciante no existe' });
    expect((await review(creator.id, 'reject', 'en')).body).toMatchObject({
      code: 'operator.advertiser_unknown',
      message: 'No such advertiser',
    });
  });

  it('an advertiser who reads Spanish is told in Spanish: the company profile not approved (the reason as written), then approved, and a deposit recorded', async () => {
    const advertiser = await account(api, 'advertiser');
    expect(
      (await api.request('PUT', '/api/settings', { token: advertiser.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    const latest = async () =>
      (await get<{ notifications: Record<string, unknown>[] }>('/api/notifications', advertiser)).notifications[0];
    const send = async () =>
      expect(
        (await api.request('PUT', '/api/advertiser/profile', { token: advertiser.token, json: COMPANY })).status,
      ).toBe(200);
    await send();
    const rejected = await api.request('POST', `/api/admin/advertisers/${advertiser.id}/reject`, {
      token: operator.token,
      json: { reason: 'The website does not load' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await latest()).toMatchObject({
      type: 'advertiser.rejected',
      title: 'Perfil de empresa no aprobado',
      text: 'Castbridge no pudo aprobar el perfil de tu empresa: The website does not load. Actualízalo y vuelve a enviarlo.',
      link: '/company-profile',
      locale: 'es-MX',
    });
    await send();
    const approved = await api.request('POST', `/api/admin/advertisers/${advertiser.id}/approve`, {
      token: operator.token,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await latest()).toMatchObject({
      type: 'advertiser.approved',
      title: 'Empresa aprobada',
      text: 'Castbridge aprobó el perfil de tu empresa: ya puedes lanzar campañas.',
      locale: 'es-MX',
    });
    await deposit(api, operator, advertiser, 250_050, 'Wire 2026-12-01');
    expect(await latest()).toMatchObject({
      type: 'funds.deposited',
      title: 'Fondos agregados',
      text: 'Castbridge registró tu depósito de USD\u00a02,500.50 (Wire 2026-12-01).',
      locale: 'es-MX',
    });
    // An English advertiser still reads the words it always did.
    const english = await approvedAdvertiser(api, operator, 2_550);
    const theirs = (await get<{ notifications: Record<string, unknown>[] }>('/api/notifications', english))
      .notifications;
    expect(theirs.map((n) => [n.title, n.text, n.locale])).toEqual([
      ['Funds added', 'Castbridge recorded your deposit of $25.50 (WIRE-TEST).', 'en'],
      ['Company approved', 'Castbridge approved your company profile: you can launch campaigns now.', 'en'],
    ]);
  });

  it('each advertiser has its own transfer reference, the same at every read, listed to the operator', async () => {
    const first = await approvedAdvertiser(api, operator, 0);
    const second = await approvedAdvertiser(api, operator, 0);
    const [a, b] = await Promise.all([fundingOf(first), fundingOf(second)]);
    expect(a.reference).toMatch(TRANSFER_REFERENCE);
    expect(b.reference).toMatch(TRANSFER_REFERENCE);
    expect(a.reference).not.toBe(b.reference);
    // Stable: read again, and read at the same time by several requests.
    const reads = await Promise.all([1, 2, 3].map(() => fundingOf(first)));
    expect(reads.map((read) => read.reference)).toEqual([a.reference, a.reference, a.reference]);
    // A new advertiser's first reads at once agree too.
    const fresh = await account(api, 'advertiser');
    const racing = await Promise.all([1, 2, 3, 4].map(() => fundingOf(fresh)));
    expect(new Set(racing.map((read) => read.reference)).size).toBe(1);

    const listed = await get<{ advertisers: { userId: string; fundingReference: string }[] }>(
      '/api/admin/advertisers?status=approved',
      operator,
    );
    expect(listed.advertisers.find((row) => row.userId === first.id)?.fundingReference).toBe(a.reference);
    expect(listed.advertisers.find((row) => row.userId === second.id)?.fundingReference).toBe(b.reference);
  });

  it('the operator publishes transfer instructions that every advertiser reads; empty withdraws them', async () => {
    const advertiser = await account(api, 'advertiser');
    const text = 'Example Bank · Castbridge Ltd · IBAN GB33 BUKB 2020 1555 5555 55 · BIC BUKBGB22';
    const put = await api.request('PUT', '/api/admin/transfer-instructions', {
      token: operator.token,
      json: { instructions: `  ${text}  ` },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ instructions: text, updatedAt: expect.any(String) });
    expect(await get('/api/admin/transfer-instructions', operator)).toMatchObject({ instructions: text });
    expect((await fundingOf(advertiser)).instructions).toBe(text);

    const cleared = await api.request('PUT', '/api/admin/transfer-instructions', {
      token: operator.token,
      json: { instructions: '' },
    });
    expect(cleared.body).toMatchObject({ instructions: null });
    expect((await fundingOf(advertiser)).instructions).toBeNull();

    for (const bad of [{ instructions: 'x'.repeat(2_001) }, {}, { instructions: 5 }]) {
      const answer = await api.request('PUT', '/api/admin/transfer-instructions', {
        token: operator.token,
        json: bad,
      });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });

  it('the wrong user: the checklist and funding are the advertiser’s (403), the instructions the operator’s (403), nobody 401', async () => {
    const advertiser = await account(api, 'advertiser');
    const creator = await account(api, 'creator');
    for (const who of [creator, operator]) {
      for (const url of ['/api/advertiser/checklist', '/api/advertiser/funding']) {
        const answer = await api.request('GET', url, { token: who.token });
        expect(answer.status, `${url} ${answer.text}`).toBe(403);
        expect(answer.body.message).toEqual(expect.any(String));
      }
    }
    for (const who of [creator, advertiser]) {
      expect((await api.request('GET', '/api/admin/transfer-instructions', { token: who.token })).status).toBe(403);
      const put = await api.request('PUT', '/api/admin/transfer-instructions', {
        token: who.token,
        json: { instructions: 'Send it to me' },
      });
      expect(put.status).toBe(403);
    }
    expect((await api.request('GET', '/api/admin/transfer-instructions', { token: operator.token })).body).not.toEqual(
      expect.objectContaining({ instructions: 'Send it to me' }),
    );
    for (const [method, url] of [
      ['GET', '/api/advertiser/checklist'],
      ['GET', '/api/advertiser/funding'],
      ['GET', '/api/admin/transfer-instructions'],
      ['PUT', '/api/admin/transfer-instructions'],
    ] as const)
      expect(
        (await api.request(method, url, { json: method === 'PUT' ? { instructions: '' } : undefined })).status,
      ).toBe(401);
  });
});
