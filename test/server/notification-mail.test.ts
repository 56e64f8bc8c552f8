// Notification e-mails (docs/product.md §Offers, threads, notifications): a notification is e-mailed when the user's Settings switch is on, never when off.
// The e-mail's job is written in the notification's own transaction (docs/product.md §Several instances): it is durable with the notification —
// sent even when nothing runs after the commit (a crash there), never queued for a notification rolled back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCentsIn } from '../../contract/cents.ts';
import { worded } from '../../server/http/texts.ts';
import { NOTIFICATION_MAIL_JOB } from '../../server/notifications/store.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, englishCreator } from './market.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

describe.each(BACKENDS)('notification e-mails on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let smtp: TestSmtp;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    smtp = await startSmtp();
    api = await startApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://castbridge.test' });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
    await backend?.cleanup();
  });

  it('go to users whose Notifications switch is on, with a link to the screen, and not to the others', async () => {
    const { db, services, mail } = api.castbridge;
    const operator = await account(api, 'operator');
    const advertiser = await approvedAdvertiser(api, operator);
    const on = await account(api, 'creator', { ...englishCreator, country: 'Fiji' });
    const off = await account(api, 'creator', { ...englishCreator, country: 'Fiji' });
    expect(
      (await api.request('PUT', '/api/settings', { token: off.token, json: { notifications: false } })).status,
    ).toBe(200);
    // A creator who reads Castbridge in Spanish gets the offer's notice in Spanish.
    const spanish = await account(api, 'creator', { ...englishCreator, country: 'Fiji' });
    expect(
      (await api.request('PUT', '/api/settings', { token: spanish.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    const emailOf = async (id: string) =>
      (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ title: 'Fiji streams', targeting: { ...campaignInput().targeting, countries: ['Fiji'] } }),
    });
    await api.request('POST', `/api/campaigns/${(created.body.campaign as { id: string }).id}/launch`, {
      token: advertiser.token,
    });
    await services.jobs.drain();

    const message = await smtp.next(await emailOf(on.id));
    expect(message.subject).toBe('New sponsorship offer');
    expect(message.text).toContain('Nova Energy would like to sponsor you: Fiji streams.');
    expect(message.text).toContain('https://castbridge.test/sponsorship-offers');
    const spanishMail = await smtp.next(await emailOf(spanish.id));
    expect(spanishMail.subject).toBe('Nueva oferta de patrocinio');
    expect(spanishMail.text).toContain('Nova Energy quiere patrocinarte: Fiji streams.');
    expect((await api.request('GET', '/api/notifications', { token: spanish.token })).body.notifications).toEqual([
      expect.objectContaining({ type: 'offer.new', title: 'Nueva oferta de patrocinio', locale: 'es-MX' }),
    ]);
    await mail.settled();
    const offAddress = await emailOf(off.id);
    expect(smtp.messages.some((m) => JSON.stringify(m.to).includes(offAddress))).toBe(false);
    // Both got the notification itself.
    for (const who of [on, off])
      expect((await api.request('GET', '/api/notifications', { token: who.token })).body.unread).toBe(1);
  });

  it("are queued in the notification's transaction: durable when nothing runs after the commit, none after a rollback", async () => {
    const { db, services } = api.castbridge;
    const on = await account(api, 'creator');
    const off = await account(api, 'creator');
    expect(
      (await api.request('PUT', '/api/settings', { token: off.token, json: { notifications: false } })).status,
    ).toBe(200);
    const mailJobs = (executor: typeof db) =>
      executor
        .selectFrom('jobs')
        .select(['key', 'payload'])
        .where('kind', '=', NOTIFICATION_MAIL_JOB)
        .where('payload', 'like', `%${on.id}%`)
        .execute();
    const item = (userId: string, title: string) => ({ userId, type: 'offer.new' as const, title, text: `${title}.` });

    // Inside the transaction, beside the notification: the job of the user who wants e-mail, none for the other.
    await db.transaction().execute(async (trx) => {
      await services.notifier.create(trx, [item(on.id, 'Kept'), item(off.id, 'Kept')]);
      const [row] = await trx
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', on.id)
        .where('title', '=', 'Kept')
        .execute();
      expect((await mailJobs(trx)).map((job) => job.key)).toEqual([`mail:notification:${row!.id}`]);
      expect(await trx.selectFrom('jobs').select('key').where('payload', 'like', `%${off.id}%`).execute()).toEqual([]);
    });
    // The caller never announces (it died right after the commit): the e-mail goes anyway.
    await services.jobs.drain();
    const email = (await db.selectFrom('users').select('email').where('id', '=', on.id).executeTakeFirstOrThrow())
      .email;
    expect((await smtp.next(email)).subject).toBe('Kept');

    // Rolled back: neither the notification nor its e-mail.
    await expect(
      db.transaction().execute(async (trx) => {
        await services.notifier.create(trx, [item(on.id, 'Rolled back')]);
        expect(await mailJobs(trx)).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mailJobs(db)).toEqual([]);
    expect(await db.selectFrom('notifications').select('id').where('title', '=', 'Rolled back').execute()).toEqual([]);
    await services.jobs.drain();
    await api.castbridge.mail.settled();
    expect(smtp.messages.filter((m) => m.subject === 'Rolled back')).toEqual([]);
  });

  it('a notification worded for its reader is written in the recipient’s language, and so is its e-mail', async () => {
    const { db, services } = api.castbridge;
    const spanish = await account(api, 'creator');
    const english = await account(api, 'creator');
    expect(
      (await api.request('PUT', '/api/settings', { token: spanish.token, json: { locale: 'es-MX' } })).status,
    ).toBe(200);
    const emailOf = async (id: string) =>
      (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
    const say = (words: Record<string, string>) => worded((locale) => words[locale]!);
    const notice = (userId: string) => ({
      userId,
      type: 'payout.paid' as const,
      title: say({ en: 'Withdrawal paid', 'es-MX': 'Retiro pagado' }),
      text: worded((locale) => `${locale === 'en' ? 'Paid' : 'Pagado'}: ${formatCentsIn(locale, 6_000)}.`),
      link: '/earnings',
    });
    // A plain English notice to the same Spanish reader in the same batch stays English, and says so.
    const plain = { userId: spanish.id, type: 'offer.new' as const, title: 'Plain', text: 'Written in English.' };
    const announce = await db
      .transaction()
      .execute((trx) => services.notifier.create(trx, [plain, notice(spanish.id), notice(english.id)]));
    announce();
    const listed = async (who: typeof spanish) =>
      ((await api.request('GET', '/api/notifications', { token: who.token })).body as { notifications: unknown[] })
        .notifications[0];
    expect(await listed(spanish)).toMatchObject({
      title: 'Retiro pagado',
      text: 'Pagado: USD\u00a060.',
      locale: 'es-MX',
    });
    const all = (await api.request('GET', '/api/notifications', { token: spanish.token })).body as {
      notifications: { title: string; locale: string }[];
    };
    expect(all.notifications.find((n) => n.title === 'Plain')).toMatchObject({ locale: 'en' });
    expect(await listed(english)).toMatchObject({ title: 'Withdrawal paid', text: 'Paid: $60.', locale: 'en' });
    await services.jobs.drain();
    // The Spanish reader gets two e-mails, in either order: the plain one and the worded one.
    const address = await emailOf(spanish.id);
    const both = [await smtp.next(address), await smtp.next(address)];
    expect(both.map((m) => m.subject).sort()).toEqual(['Plain', 'Retiro pagado']);
    expect(both.find((m) => m.subject === 'Plain')!.text).toContain('Open Castbridge');
    const mail = both.find((m) => m.subject === 'Retiro pagado')!;
    expect(mail.text).toContain('Pagado: USD\u00a060.');
    expect(mail.text).toContain('Abrir Castbridge');
    expect(mail.text).toContain('Recibes estos correos porque las notificaciones están activadas en tu Configuración.');
    expect(mail.html).toContain('lang="es-MX"');
    const englishMail = await smtp.next(await emailOf(english.id));
    expect(englishMail.subject).toBe('Withdrawal paid');
    expect(englishMail.text).toContain('Open Castbridge');
  });
});
