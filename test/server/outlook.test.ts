// Fair matching explained (server/marketplace/outlook.ts, docs/product.md "Fair matching explained"): on SQLite and
// PostgreSQL, what GET /api/offers/outlook tells a creator with no new offers — a profile matching cannot use, no
// connected channel, no running campaign, what the running campaigns ask for (the first filter each fails, counted),
// campaigns that match but are full, every campaign already answered — and that a connected channel counts for
// matching (its platform, not only the profile's words). Only creators ask. Worded in the reader's language (Accept-Language,
// else the account's): Spanish for a Mexican creator, the English as it always was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OffersOutlook } from '../../contract/schemas/marketplace.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, connectChannel, englishCreator, type Account } from './market.ts';

describe.each(BACKENDS)('why no offers came, on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let operator: Account;
  let advertiser: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    operator = await account(api, 'operator');
    advertiser = await approvedAdvertiser(api, operator);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const outlook = async (who: Account, headers: Record<string, string> = {}) => {
    const answer = await api.request('GET', '/api/offers/outlook', { token: who.token, headers });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('vary')).toContain('Accept-Language');
    return answer.body as unknown as OffersOutlook;
  };
  const inSpanish = { 'accept-language': 'es-MX,es;q=0.9' };
  const kinds = (value: OffersOutlook) => value.steps.map((step) => step.kind);

  async function launch(overrides: Parameters<typeof campaignInput>[0] = {}): Promise<string> {
    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput(overrides),
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.campaign as { id: string }).id;
    const launched = await api.request('POST', `/api/campaigns/${id}/launch`, { token: advertiser.token });
    expect(launched.status, launched.text).toBe(200);
    await api.castbridge.services.jobs.drain();
    return id;
  }

  it('only creators ask; signed out is 401', async () => {
    expect((await api.request('GET', '/api/offers/outlook', { token: advertiser.token })).status).toBe(403);
    expect((await api.request('GET', '/api/offers/outlook', { token: operator.token })).status).toBe(403);
    expect((await api.request('GET', '/api/offers/outlook')).status).toBe(401);
  });

  it('a new creator: the profile, a channel and the media kit, and that nothing runs yet once the profile is there', async () => {
    const fresh = await account(api, 'creator');
    const first = await outlook(fresh);
    expect(kinds(first)).toEqual(['profile', 'channel', 'media-kit']);
    expect(first.steps[0]!.text).toMatch(/broadcasting language/);
    expect(first.steps[0]!.text).toMatch(/country and type of content too/);
    expect(first.steps[0]!.link).toEqual({ to: '/my-profile', label: 'Complete your profile' });
    expect(first.steps[1]!.link!.to).toBe('/connect-accounts');

    const ready = await account(api, 'creator', englishCreator);
    await connectChannel(api, ready, 'twitch');
    const waiting = await outlook(ready);
    expect(waiting.runningCampaigns).toBe(0);
    expect(kinds(waiting)).toEqual(['waiting', 'media-kit']);
    expect(waiting.steps[0]!.title).toBe('No campaign is taking creators right now');

    // In Spanish: asked for, or the account's language when the page sends no language of its own.
    const spanish = await outlook(fresh, inSpanish);
    expect(kinds(spanish)).toEqual(['profile', 'channel', 'media-kit']);
    expect(spanish.steps[0]).toEqual({
      kind: 'profile',
      title: 'Completa tu perfil',
      text: 'Para emparejarte necesitamos tu idioma de transmisión: ninguna campaña se puede emparejar contigo hasta que tu perfil lo tenga. Agrega también tu país y tu tipo de contenido.',
      details: [],
      link: { to: '/my-profile', label: 'Completa tu perfil' },
    });
    expect(spanish.steps[1]).toMatchObject({ title: 'Conecta un canal', link: { label: 'Conecta un canal' } });
    expect(spanish.steps[2]).toMatchObject({
      title: 'Publica tu media kit',
      text: 'Así las marcas te encuentran en la búsqueda y te invitan directamente a sus campañas.',
      link: { to: '/media-kit', label: 'Configura tu media kit' },
    });
    const mexican = await account(api, 'creator', { language: 'Mexico', locale: 'es-MX' });
    await connectChannel(api, mexican, 'twitch');
    for (const headers of [{}, { 'accept-language': '*' }] as Record<string, string>[]) {
      const seen = await outlook(mexican, headers);
      expect(seen.steps.map((step) => step.title)).toEqual([
        'Completa tu perfil',
        'Por ahora ninguna campaña está buscando creadores',
        'Publica tu media kit',
      ]);
      expect(seen.steps[0]!.text).toBe(
        'Las campañas que buscan ciertos países o tipos de contenido leen tu perfil: agrega tu país y tu tipo de contenido.',
      );
    }
    expect((await outlook(mexican, { 'accept-language': 'en-US' })).steps[0]!.text).toBe(
      'Campaigns that target countries or kinds of content read your profile: add your country and type of content.',
    );
  });

  it('what the running campaigns ask for, by the first filter each fails; a connected channel counts for matching', async () => {
    // English, Canada, "Speedruns on Twitch", a YouTube channel connected: the profile's words no longer decide.
    const creator = await account(api, 'creator', { ...englishCreator, type_content: 'Speedruns' });
    await connectChannel(api, creator, 'youtube');
    const base = campaignInput().targeting;
    await launch({ targeting: { ...base, platforms: ['Twitch'] } });
    await launch({ targeting: { ...base, languages: ['Spanish'] } });
    await launch({ targeting: { ...base, languages: ['Spanish'] } });
    await launch({ targeting: { ...base, countries: ['Mexico', 'Spain'] } });
    await launch({ targeting: { ...base, categories: ['cooking'] } });
    const seen = await outlook(creator);
    expect(seen.matching).toBe(0);
    expect(seen.runningCampaigns).toBe(5);
    const targeting = seen.steps.find((step) => step.kind === 'targeting')!;
    expect(targeting.text).toBe('5 running campaigns have no offer for you. What they ask for:');
    expect(targeting.details).toEqual([
      '2 campaigns want creators broadcasting in Spanish.',
      expect.stringMatching(
        /^1 campaign (runs on Twitch|targets creators based in Mexico, Spain|looks for content about cooking)/,
      ),
      expect.any(String),
      expect.any(String),
    ]);
    expect(targeting.details).toContain('1 campaign runs on Twitch: connect that channel in Connect Accounts.');
    expect(targeting.details).toContain('1 campaign targets creators based in Mexico, Spain.');
    expect(targeting.details).toContain(
      "1 campaign looks for content about cooking: say so in your profile's type of content if you stream it.",
    );
    // Nothing of a campaign beyond its targeting: no brand, no title, no pay.
    expect(JSON.stringify(seen)).not.toMatch(/Nova|Weekend|250/);
    expect(kinds(seen)).not.toContain('channel');

    // The same facts in Spanish: the languages named in Spanish, the countries and keywords as the campaigns wrote them.
    const spanish = await outlook(creator, inSpanish);
    expect(kinds(spanish)).toEqual(kinds(seen));
    const asked = spanish.steps.find((step) => step.kind === 'targeting')!;
    expect(asked.title).toBe('Todavía ninguna campaña activa te busca');
    expect(asked.text).toBe('5 campañas activas no tienen oferta para ti. Esto es lo que piden:');
    expect(asked.details[0]).toBe('2 campañas buscan creadores que transmitan en español.');
    expect([...asked.details].sort()).toEqual(
      [
        '1 campaña busca contenido sobre cooking: si lo transmites, dilo en el tipo de contenido de tu perfil.',
        '1 campaña busca creadores que vivan en Mexico o Spain.',
        '1 campaña es para Twitch: conecta ese canal en Conectar cuentas.',
        '2 campañas buscan creadores que transmitan en español.',
      ].sort(),
    );
    expect(asked.link).toEqual({ to: '/my-profile', label: 'Revisa tu perfil' });

    // A YouTube campaign matches the connected YouTube channel although the profile never says YouTube.
    const youtube = await launch({ targeting: { ...base, platforms: ['YouTube'] } });
    const offers = await api.request('GET', '/api/offers', { token: creator.token });
    expect((offers.body.offers as { campaignId: string }[]).map((offer) => offer.campaignId)).toContain(youtube);
    const after = await outlook(creator);
    expect(after.steps.find((step) => step.kind === 'targeting')!.text).toMatch(/^5 running campaigns/);
  });

  it('campaigns that match but hold as many open offers as they can, and every campaign answered', async () => {
    // Others first: the campaign's three open offers (one spot) go to them; this creator comes after its matching.
    for (let i = 0; i < 3; i += 1) await account(api, 'creator', { ...englishCreator, country: 'Peru' });
    await api.castbridge.db.updateTable('campaigns').set({ status: 'paused' }).execute();
    const full = await launch({ spots: 1, targeting: { ...campaignInput().targeting, countries: ['Peru', 'Canada'] } });
    const creator = await account(api, 'creator', englishCreator);
    await connectChannel(api, creator, 'twitch');
    const open = await api.castbridge.db
      .selectFrom('offers')
      .select('creator_id')
      .where('campaign_id', '=', full)
      .execute();
    expect(open).toHaveLength(3);
    expect(open.map((row) => row.creator_id)).not.toContain(creator.id);
    const seen = await outlook(creator);
    expect(seen.matching).toBe(1);
    expect(seen.steps[0]).toMatchObject({ kind: 'waiting', title: '1 campaign matches you' });
    expect(seen.steps[0]!.text).toMatch(/as many open offers as it can hold/);
    expect((await outlook(creator, inSpanish)).steps[0]).toMatchObject({
      title: '1 campaña coincide contigo',
      text: 'Ya tiene todas las ofertas abiertas que admite por ahora: recibirás una oferta cuando se libere un lugar.',
    });

    // A creator with an offer from every running campaign.
    const offered = open[0]!.creator_id;
    const token = await api.castbridge.services.tokens.issue(offered, 0);
    const answered = await outlook({ id: offered, token });
    expect(answered.steps.find((step) => step.kind === 'waiting')!.title).toBe(
      'Every running campaign has made you an offer',
    );
    expect((await outlook({ id: offered, token }, inSpanish)).steps.find((step) => step.kind === 'waiting')).toEqual({
      kind: 'waiting',
      title: 'Todas las campañas activas ya te hicieron una oferta',
      text: 'Las campañas nuevas se emparejan contigo a medida que los anunciantes las lanzan; una notificación te avisa cuando llega una oferta.',
      details: [],
      link: null,
    });
  });
});
