// Notification e-mails (issue 13): a notification is e-mailed when the user's Settings switch is on, never when off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, approvedAdvertiser, campaignInput, englishCreator } from './market.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

describe('notification e-mails', () => {
  let backend: Backend;
  let api: Client;
  let smtp: TestSmtp;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
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
    expect((await api.request('PUT', '/api/settings', { token: off.token, json: { notifications: false } })).status).toBe(200);
    const emailOf = async (id: string) => (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

    const created = await api.request('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignInput({ title: 'Fiji streams', targeting: { ...campaignInput().targeting, countries: ['Fiji'] } }),
    });
    await api.request('POST', `/api/campaigns/${(created.body.campaign as { id: string }).id}/launch`, { token: advertiser.token });
    await services.jobs.drain();

    const message = await smtp.next(await emailOf(on.id));
    expect(message.subject).toBe('New sponsorship offer');
    expect(message.text).toContain('Nova Energy would like to sponsor you: Fiji streams.');
    expect(message.text).toContain('https://castbridge.test/sponsorship-offers');
    await mail.settled();
    const offAddress = await emailOf(off.id);
    expect(smtp.messages.some((m) => JSON.stringify(m.to).includes(offAddress))).toBe(false);
    // Both got the notification itself.
    for (const who of [on, off]) expect((await api.request('GET', '/api/notifications', { token: who.token })).body.unread).toBe(1);
  });
});
