// Offer threads at scale (docs/product.md §Threads) on SQLite and PostgreSQL: a thread is read a page at a time, the
// newest first, by cursor, however long it is; a flood of messages gets 429 with Retry-After, per author in one thread
// and in all; the other side gets one unread notification per thread that counts the messages, and e-mail as digests,
// one per thread per quiet period (THREAD_MAIL_QUIET_SECONDS), each notice and digest in its reader's language; and the
// wrong user is refused. A refusal is in the reader's language, with its code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_PAGE } from '../../contract/marketplace.ts';
import type { ThreadMessage } from '../../contract/schemas/marketplace.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, englishCreator, type Account } from './market.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

const QUIET_SECONDS = 2;

/** A launched campaign aimed at `country` and the offers it made to `creators` new creators living there. */
async function threads(api: Client, operator: Account, country: string, creators: number) {
  const advertiser = await approvedAdvertiser(api, operator);
  const people: Account[] = [];
  for (let i = 0; i < creators; i += 1) people.push(await account(api, 'creator', { ...englishCreator, country }));
  const created = await api.request('POST', '/api/campaigns', {
    token: advertiser.token,
    json: campaignInput({
      title: `${country} streams`,
      spots: 2,
      targeting: { ...campaignInput().targeting, countries: [country] },
    }),
  });
  expect(created.status, created.text).toBe(201);
  const campaignId = (created.body.campaign as { id: string }).id;
  const launch = await api.request('POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token });
  expect(launch.status, launch.text).toBe(200);
  await api.castbridge.services.jobs.drain();
  const offers: { creator: Account; offerId: string }[] = [];
  for (const creator of people) {
    const listed = await api.request('GET', '/api/offers', { token: creator.token });
    const offer = (listed.body.offers as { id: string; campaignId: string }[]).find((o) => o.campaignId === campaignId);
    expect(offer, `an offer for a creator in ${country}`).toBeDefined();
    offers.push({ creator, offerId: offer!.id });
  }
  return { advertiser, offers };
}

const post = (api: Client, who: Account, offerId: string, body: string) =>
  api.request('POST', `/api/offers/${offerId}/messages`, { token: who.token, json: { body } });

interface Page {
  messages: ThreadMessage[];
  earlier: string | null;
}

async function page(api: Client, who: Account, offerId: string, before?: string): Promise<Page> {
  const answer = await api.request(
    'GET',
    `/api/offers/${offerId}/messages${before === undefined ? '' : `?before=${before}`}`,
    { token: who.token },
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body as unknown as Page;
}

describe.each(BACKENDS)('offer threads on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let smtp: TestSmtp;
  let operator: Account;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    smtp = await startSmtp();
    api = await startApp(backend, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://castbridge.test',
      // The limits as in production (the suites raise them).
      RATE_LIMIT_SCALE: '1',
      THREAD_MAIL_QUIET_SECONDS: String(QUIET_SECONDS),
    });
    operator = await account(api, 'operator');
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
    await backend?.cleanup();
  });

  it('are read newest page first and paged by cursor, every message once, however long the thread', async () => {
    const { db } = api.castbridge;
    const { advertiser, offers } = await threads(api, operator, 'Fiji', 1);
    const [{ creator, offerId }] = offers as [(typeof offers)[number]];
    // 1,001 messages, written in the same millisecond in runs of 100 (the order is the ids'), then one more.
    const stamp = new Date().toISOString();
    const values = Array.from({ length: 1001 }, (_, i) => ({
      offer_id: offerId,
      author_id: i % 2 === 0 ? advertiser.id : creator.id,
      author_side: i % 2 === 0 ? ('advertiser' as const) : ('creator' as const),
      body: `message ${i}`,
      created_at: i < 1000 ? new Date(Date.parse(stamp) - 60_000 + Math.floor(i / 100)).toISOString() : stamp,
    }));
    for (let i = 0; i < values.length; i += 200) {
      await db
        .insertInto('offer_messages')
        .values(values.slice(i, i + 200))
        .execute();
    }
    const newest = await post(api, creator, offerId, 'The newest one');
    expect(newest.status, newest.text).toBe(201);

    // The other side sees the newest message on the first page, at its end.
    const first = await page(api, advertiser, offerId);
    expect(first.messages).toHaveLength(THREAD_PAGE);
    expect(first.messages.at(-1)).toMatchObject({ body: 'The newest one', author: 'creator', mine: false });
    expect(first.earlier).not.toBeNull();

    // Load earlier, page by page: all 1,002, in order, none twice, none missing.
    const all: ThreadMessage[] = [...first.messages];
    let cursor = first.earlier;
    let pages = 1;
    while (cursor !== null) {
      const earlier = await page(api, advertiser, offerId, cursor);
      expect(earlier.messages.length).toBeGreaterThan(0);
      all.unshift(...earlier.messages);
      cursor = earlier.earlier;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(1002 / THREAD_PAGE));
    expect(all.map((m) => m.body)).toEqual([...values.map((v) => v.body), 'The newest one']);
    expect(new Set(all.map((m) => m.id)).size).toBe(1002);

    // A short thread is one page with no cursor; a cursor that is no id is refused.
    const { offers: short } = await threads(api, operator, 'Malta', 1);
    expect(await page(api, short[0]!.creator, short[0]!.offerId)).toEqual({ messages: [], earlier: null });
    for (const bad of ['abc', '-1', '1.5', '9'.repeat(16)]) {
      const refused = await api.request('GET', `/api/offers/${offerId}/messages?before=${bad}`, {
        token: creator.token,
      });
      expect(refused.status, bad).toBe(400);
    }
  });

  it('refuse a flood with 429 and Retry-After: 10 a minute per author in one thread, 30 in all', async () => {
    const { advertiser, offers } = await threads(api, operator, 'Iceland', 4);
    const [a, b, c, d] = offers as [
      (typeof offers)[number],
      (typeof offers)[number],
      (typeof offers)[number],
      (typeof offers)[number],
    ];

    // One thread: the creator's 11th message within the minute is refused, the text says when to try again.
    for (let i = 0; i < 10; i += 1) expect((await post(api, a.creator, a.offerId, `hi ${i}`)).status).toBe(201);
    const refused = await post(api, a.creator, a.offerId, 'one too many');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      code: 'http.messages_too_fast',
      message: `You are sending messages too fast. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
    });
    // The same refusal to a page in Spanish (a refused request is not counted again).
    const enEspañol = await api.request('POST', `/api/offers/${a.offerId}/messages`, {
      token: a.creator.token,
      json: { body: 'uno de más' },
      headers: { 'accept-language': 'es-MX' },
    });
    expect(enEspañol.status).toBe(429);
    expect(enEspañol.body.message).toMatch(
      /^Estás enviando mensajes demasiado rápido\. Vuelve a intentarlo en \d+ segundos?\.$/,
    );
    // The other side of that thread still writes, and the creator still writes elsewhere.
    expect((await post(api, advertiser, a.offerId, 'Take your time')).status).toBe(201);

    // All threads: the advertiser's 31st message within the minute is refused, whichever thread it goes to.
    for (const thread of [b, c]) {
      for (let i = 0; i < 10; i += 1)
        expect((await post(api, advertiser, thread.offerId, `hello ${i}`)).status).toBe(201);
    }
    for (let i = 0; i < 9; i += 1) expect((await post(api, advertiser, d.offerId, `hey ${i}`)).status).toBe(201);
    const over = await post(api, advertiser, d.offerId, 'the 31st');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Refused messages were not stored.
    const bodies = (await page(api, advertiser, d.offerId)).messages.map((m) => m.body);
    expect(bodies).toHaveLength(9);
    expect(bodies).not.toContain('the 31st');
    expect((await page(api, a.creator, a.offerId)).messages.map((m) => m.body)).not.toContain('one too many');
    expect((await page(api, a.creator, a.offerId)).messages.map((m) => m.body)).not.toContain('uno de más');
  });

  it('notify once per thread, counting the messages, and e-mail one digest per thread per quiet period listing them', async () => {
    const { db } = api.castbridge;
    const { advertiser, offers } = await threads(api, operator, 'Nepal', 2);
    const [one, two] = offers as [(typeof offers)[number], (typeof offers)[number]];
    const emailOf = async (id: string) =>
      (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
    const advertiserEmail = await emailOf(advertiser.id);
    // Thread e-mails only (an approval or a new offer was e-mailed too).
    const isDigest = (subject: string | undefined) => / about "Nepal streams"$/.test(subject ?? '');
    const mailsTo = (address: string) =>
      smtp.messages.filter(
        (m) => isDigest(m.subject) && JSON.stringify(m.to).toLowerCase().includes(address.toLowerCase()),
      );
    const nextDigest = async (address: string) => {
      for (;;) {
        const mail = await smtp.next(address, 15_000);
        if (isDigest(mail.subject)) return mail;
      }
    };
    const threadNotices = async () => {
      const listed = await api.request('GET', '/api/notifications', { token: advertiser.token });
      return (listed.body.notifications as { type: string; offerId: string; title: string; read: boolean }[]).filter(
        (n) => n.type === 'thread.message',
      );
    };

    // At once: 9 messages from one creator in one thread, and 30 from the other in theirs, where 10 (an author's
    // limit in a thread) are stored and the rest refused.
    const bodies = [
      Array.from({ length: 9 }, (_, i) => `Thread 1 message ${i + 1}`),
      Array.from({ length: 30 }, (_, i) => `Thread 2 message ${i + 1}`),
    ];
    const answers = await Promise.all(
      [one, two].map(({ creator, offerId }, t) =>
        Promise.all(bodies[t]!.map((body) => post(api, creator, offerId, body))),
      ),
    );
    expect(answers[0]!.map((answer) => answer.status)).toEqual(Array(9).fill(201));
    const stored = [bodies[0]!, bodies[1]!.filter((_, i) => answers[1]![i]!.status === 201)];
    expect(stored[1]).toHaveLength(10);
    expect(answers[1]!.filter((answer) => answer.status === 429)).toHaveLength(20);

    // One unread notification per thread, counting its messages.
    const notices = await threadNotices();
    expect(notices).toHaveLength(2);
    expect(notices.find((n) => n.offerId === one.offerId)).toMatchObject({
      read: false,
      title: '9 new messages from a creator',
    });
    expect(notices.find((n) => n.offerId === two.offerId)).toMatchObject({
      read: false,
      title: '10 new messages from a creator',
    });

    // After the quiet period, one e-mail per thread: a digest listing its messages, and none of the refused ones.
    const digests = [await nextDigest(advertiserEmail), await nextDigest(advertiserEmail)];
    for (const [t, thread] of stored.entries()) {
      const digest = digests.find((d) => d.text!.includes(`Thread ${t + 1} message`));
      expect(digest?.subject).toBe(`${thread.length} new messages about "Nepal streams"`);
      for (const body of bodies[t]!) {
        if (thread.includes(body)) expect(digest!.text).toContain(`${body}\n`);
        else expect(digest!.text).not.toContain(`${body}\n`);
      }
      expect(digest!.text).not.toContain(`Thread ${2 - t} `);
      expect(digest!.text).toContain('https://castbridge.test/campaigns/');
    }

    // Read: the next message starts a new notice (of one); the next digest carries only what came since the last.
    expect((await api.request('POST', '/api/notifications/read', { token: advertiser.token, json: {} })).status).toBe(
      200,
    );
    expect((await post(api, one.creator, one.offerId, 'One more thing')).status).toBe(201);
    const unread = (await threadNotices()).filter((n) => !n.read);
    expect(unread).toEqual([expect.objectContaining({ offerId: one.offerId, title: 'New message from a creator' })]);
    const later = await nextDigest(advertiserEmail);
    expect(later.subject).toBe('A new message about "Nepal streams"');
    expect(later.text).toContain('One more thing');
    expect(later.text).not.toContain('message 1');
    // Nothing else was mailed for the first messages after their digests: any more would have been due before this
    // one (a quiet period after them, this one a quiet period after the message that came since), and the jobs run in
    // the order they are due.
    await api.castbridge.services.jobs.drain();
    await api.castbridge.mail.settled();
    expect(mailsTo(advertiserEmail)).toHaveLength(3);

    // The creator's answer reaches the creator as one notice and one digest too.
    const creatorEmail = await emailOf(one.creator.id);
    expect((await post(api, advertiser, one.offerId, 'Thanks, noted')).status).toBe(201);
    expect((await post(api, advertiser, one.offerId, 'And welcome')).status).toBe(201);
    const creatorNotes = await api.request('GET', '/api/notifications', { token: one.creator.token });
    const creatorThread = (creatorNotes.body.notifications as { type: string; title: string }[]).filter(
      (n) => n.type === 'thread.message',
    );
    expect(creatorThread).toEqual([expect.objectContaining({ title: '2 new messages from Nova Energy' })]);
    const toCreator = await nextDigest(creatorEmail);
    expect(toCreator.subject).toBe('2 new messages about "Nepal streams"');
    expect(toCreator.text).toContain('Nova Energy: Thanks, noted');
    expect(toCreator.text).toContain('https://castbridge.test/sponsorship-offers');
  });

  it("word a thread's notice and digest in the reader's language as it is now: the names, the title and the messages as written", async () => {
    const { db } = api.castbridge;
    const { advertiser, offers } = await threads(api, operator, 'Peru', 1);
    const { creator, offerId } = offers[0]!;
    await db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', creator.id).execute();
    const creatorEmail = (
      await db.selectFrom('users').select('email').where('id', '=', creator.id).executeTakeFirstOrThrow()
    ).email;
    const threadNotices = async (who: Account) =>
      (
        (await api.request('GET', '/api/notifications', { token: who.token })).body.notifications as {
          type: string;
          title: string;
          text: string;
          locale: string;
          read: boolean;
        }[]
      ).filter((n) => n.type === 'thread.message' && !n.read);

    // More than a digest quotes: 51 of the brand's messages already in the thread, the newest a counter-offer's
    // round as server/marketplace/proposals.ts records it, then one more.
    const stamp = new Date().toISOString();
    await db
      .insertInto('offer_messages')
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          offer_id: offerId,
          author_id: advertiser.id,
          author_side: 'advertiser' as const,
          body: i === 50 ? 'Nuestra mejor oferta' : `Earlier note ${i + 1}`,
          created_at: stamp,
          ...(i === 50 ? { round_said: 'countered' as const, round_pay_cents: 12_000, round_minutes: 60 } : {}),
        })),
      )
      .execute();
    expect((await post(api, advertiser, offerId, '¿Puedes el sábado?')).status).toBe(201);
    expect(await threadNotices(creator)).toEqual([
      expect.objectContaining({
        title: 'Nuevo mensaje de Nova Energy',
        text: 'Nova Energy sobre «Peru streams»: ¿Puedes el sábado?',
        locale: 'es-MX',
      }),
    ]);
    // The thread's digest (the new offer was e-mailed too, in English: it was made before the switch).
    let digest = await smtp.next(creatorEmail, 15_000);
    while (!digest.subject?.includes('«Peru streams»')) digest = await smtp.next(creatorEmail, 15_000);
    expect(digest.subject).toBe('52 mensajes nuevos sobre «Peru streams»');
    expect(digest.text).toContain('Estos son los 50 más recientes; el resto está en la conversación.');
    expect(digest.text).toContain('Nova Energy: ¿Puedes el sábado?');
    // The round worded in the reader's language, what the brand wrote with it as written.
    expect(digest.text).toContain(
      'Nova Energy: Hizo una contraoferta de USD\u00a0120 por 60 minutos: Nuestra mejor oferta',
    );
    expect(digest.text).not.toContain('Earlier note 1\n');
    expect(digest.text).toContain('Abrir Castbridge');
    expect(digest.text).toContain(
      'Recibes estos correos porque las notificaciones están activadas en tu Configuración.',
    );
    expect(digest.html).toContain('lang="es-MX"');

    // The advertiser reads English, then switches to Spanish: the thread's next notice, counting both, is Spanish.
    expect((await post(api, creator, offerId, 'Sí, a las 8')).status).toBe(201);
    expect(await threadNotices(advertiser)).toEqual([
      expect.objectContaining({
        title: 'New message from a creator',
        text: 'Ana Lee about "Peru streams": Sí, a las 8',
        locale: 'en',
      }),
    ]);
    await db.updateTable('users').set({ locale: 'es-MX' }).where('id', '=', advertiser.id).execute();
    expect((await post(api, creator, offerId, 'O a las 9')).status).toBe(201);
    expect(await threadNotices(advertiser)).toEqual([
      expect.objectContaining({
        title: '2 mensajes nuevos de un creador',
        text: 'Ana Lee sobre «Peru streams»: O a las 9',
        locale: 'es-MX',
      }),
    ]);
  });

  it('refuse the wrong user: not a party 404, no token 401, an operator 404', async () => {
    const { advertiser, offers } = await threads(api, operator, 'Bhutan', 1);
    const { offerId, creator } = offers[0]!;
    expect((await post(api, creator, offerId, 'Hello')).status).toBe(201);
    const strangers = [
      await account(api, 'creator', englishCreator),
      await approvedAdvertiser(api, operator),
      operator,
    ];
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/offers/${offerId}/messages`],
      ['GET', `/api/offers/${offerId}/messages?before=999999`],
      ['POST', `/api/offers/${offerId}/messages`, { body: 'Let me in' }],
    ];
    for (const [method, url, json] of calls) {
      for (const who of strangers) {
        const answer = await api.request(method, url, { token: who.token, ...(json ? { json } : {}) });
        expect(answer.status, `${method} ${url}`).toBe(404);
      }
      expect((await api.request(method, url, json ? { json } : {})).status, `${method} ${url}`).toBe(401);
    }
    // Nothing of theirs reached the thread.
    const thread = await page(api, advertiser, offerId);
    expect(thread.messages.map((m) => m.body)).toEqual(['Hello']);
  });

  it("refuse a message once the offer is declined, in the reader's language with its code", async () => {
    const { advertiser, offers } = await threads(api, operator, 'Laos', 1);
    const { offerId, creator } = offers[0]!;
    const declined = await api.request('POST', `/api/offers/${offerId}/decline`, { token: creator.token, json: {} });
    expect(declined.status, declined.text).toBe(200);
    const write = (who: Account, headers: Record<string, string>) =>
      api.request('POST', `/api/offers/${offerId}/messages`, {
        token: who.token,
        json: { body: 'Still there?' },
        headers,
      });
    const closed = await write(creator, { 'accept-language': 'es-MX' });
    expect([closed.status, closed.body]).toEqual([
      409,
      { code: 'marketplace.thread_closed', message: 'Esta oferta fue rechazada: su conversación está cerrada' },
    ]);
    expect((await write(advertiser, { 'accept-language': 'en-US' })).body).toEqual({
      code: 'marketplace.thread_closed',
      message: 'This offer is declined: its conversation is closed',
    });
    const stranger = await account(api, 'creator', { ...englishCreator, locale: 'es-MX' });
    const refused = await api.request('GET', `/api/offers/${offerId}/messages`, { token: stranger.token });
    expect([refused.status, refused.body]).toEqual([
      404,
      { code: 'marketplace.offer_unknown', message: 'Esa oferta no existe' },
    ]);
  });
});
