// The chat bot's line is one chat message, never a command or a second one (docs/product.md §The chat bot): a sponsor's
// line with a line break, a control character or a leading "/" or "." is refused when the campaign is saved, and again
// before each post (a campaign changed behind the API is never forwarded byte for byte); a brand URL with control
// characters is refused at save. On SQLite and PostgreSQL, against the platforms' stand-in on a port of its own.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../contract/countries.ts';
import { chatLineProblem } from '../../contract/deliverables.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../standins/oauth.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, type Account } from './market.ts';
import { connect, serveStandIn, standInSettings, testClient } from './oauth-flow.ts';

describe('chatLineProblem', () => {
  it.each([
    ['/ban somebody\r\nPRIVMSG #other :hi', 'must be one line: no line breaks'],
    ['Nova\nkeeps you going', 'must be one line: no line breaks'],
    ['Nova\u2028keeps you going', 'must be one line: no line breaks'],
    ['Nova\u0007 keeps you going', 'must not contain control characters'],
    ['/ban somebody', 'must not start with / or . (the chat would read it as a command)'],
    ['.timeout somebody 600', 'must not start with / or . (the chat would read it as a command)'],
    ['  /me dances', 'must not start with / or . (the chat would read it as a command)'],
  ])('refuses %j', (line, problem) => expect(chatLineProblem(line)).toBe(problem));

  it.each(['Nova keeps you going', 'Try Nova. It keeps you going / all night', 'Visit nova.example today'])(
    'takes %j',
    (line) => expect(chatLineProblem(line)).toBeNull(),
  );
});

describe.each(BACKENDS)('the chat line on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  let advertiser: Account;
  let countryIndex = 11;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    standIn = createOAuthStandIn(testClient);
    const served = await serveStandIn(standIn);
    server = served.server;
    api = await startApp(backend, {
      ...standInSettings(served.base),
      TWITCH_CHAT: 'irc',
      TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
      TWITCH_BOT_REFRESH_TOKEN: 'bot-refresh:twitch:castbridge_bot',
    });
    advertiser = await approvedAdvertiser(api, await account(api, 'operator'));
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    await backend?.cleanup();
  });

  const chat = { message: 'Nova keeps you going', everyMinutes: 30, command: null, posts: 2 };
  const save = (deliverable: Record<string, unknown>, country = 'United States') =>
    api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({
        spots: 1,
        targeting: { ...campaignInput().targeting, countries: [country] },
        deliverable: { ...campaignInput().deliverable, overlay: false, ...deliverable },
      }),
    });

  it('refuses at save a line with a line break or a leading command character, and a brand URL with control characters', async () => {
    for (const [message, problem] of [
      ['/ban somebody\r\nPRIVMSG #other :hi', 'one line'],
      ['/ban somebody', 'must not start with /'],
      ['.timeout somebody 600', 'must not start with /'],
    ] as const) {
      const refused = await save({ chat: { ...chat, message } });
      expect(refused.status, message).toBe(400);
      expect(refused.body.message as string).toContain(problem);
    }
    const url = await save({ link: { url: 'https://nova.example/gg\r\nSet-Cookie: x=1', clicks: 5 } });
    expect(url.status).toBe(400);
    expect(url.body.message as string).toContain('line breaks or control characters');
    const tab = await save({ link: { url: 'https://nova.example/g\tg', clicks: 5 } });
    expect(tab.status).toBe(400);
    // Nothing was saved.
    const mine = await api.request('GET', '/api/campaigns', { token: advertiser.token });
    expect((mine.body.campaigns as unknown[]).length).toBe(0);
    expect((await save({ chat })).status).toBe(201);
  });

  it('refuses before each post a line changed behind the API, and posts nothing of it', async () => {
    const country = countries[(countryIndex += 1) % countries.length]!;
    const creator = await account(api, 'creator', { language: 'English', country, type_content: 'Speedruns' });
    const channel = `line_${backendName}_${Date.now().toString(36)}`;
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    const created = await save({ chat }, country);
    expect(created.status, created.text).toBe(201);
    const campaignId = (created.body.campaign as { id: string }).id;
    expect((await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status).toBe(
      200,
    );
    await api.castbridge.services.jobs.drain();
    const offers = (await api.request('GET', '/api/offers', { token: creator.token })).body.offers as {
      id: string;
      campaignId: string;
    }[];
    const offerId = offers.find((o) => o.campaignId === campaignId)!.id;
    expect((await api.request('POST', `/api/offers/${offerId}/accept`, { token: creator.token })).status).toBe(200);
    expect(
      (await api.request('PUT', '/api/connections/twitch/bot', { token: creator.token, json: { consent: true } }))
        .status,
    ).toBe(200);
    standIn.twitch.setLive(channel, true);
    for (let tries = 0; tries < 10; tries++) {
      await api.castbridge.services.live.pollOnce(Date.now() + tries * 61_000);
      const watch = await api.castbridge.db
        .selectFrom('live_watch')
        .select('live')
        .where('creator_id', '=', creator.id)
        .where('platform', '=', 'twitch')
        .executeTakeFirst();
      if (watch && Number(watch.live) === 1) break;
    }
    // The line changed in the database, as an old campaign or a hand edit would have it.
    await api.castbridge.db
      .updateTable('campaigns')
      .set({ chat_message: 'Nova\r\nPRIVMSG #somewhere_else :free followers' })
      .where('id', '=', campaignId)
      .execute();
    const counts = await api.castbridge.services.bot.tick();
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    const posts = await api.castbridge.db.selectFrom('bot_posts').selectAll().where('offer_id', '=', offerId).execute();
    expect(posts.map((p) => [p.status, p.reason])).toEqual([
      ['failed', "The sponsor's line must be one line: no line breaks"],
    ]);
    expect(standIn.calls.botMessages.filter((m) => m.channel === channel)).toEqual([]);
  });
});
