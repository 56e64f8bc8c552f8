// docs/product.md §Accounts's account flows through the API, with real e-mail (an SMTP server in this process), on SQLite and
// PostgreSQL: forgot/reset password, change password, account deletion, settings, support tickets, the newsletter.
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED } from '../../server/accounts/auth-routes.ts';
import { PAIR } from '../../server/accounts/throttle.ts';
import { RESET_LINK_MINUTES } from '../../server/accounts/resets.ts';
import { createTokenService } from '../../server/accounts/tokens.ts';
import { createUserStore } from '../../server/accounts/users.ts';
import {
  BACKENDS,
  makeBackend,
  photoForm,
  PNG_1PX,
  startApp,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  tokenSubject,
  uniqueEmail,
  type Backend,
  type Client,
} from './helpers.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

// What the newsletter and the support form answer, in English as they always read (server/public/texts.ts,
// server/support/texts.ts).
const SUBSCRIBED = 'Thanks for subscribing! We have sent a confirmation to your email.';
const UNSUBSCRIBED = 'You are unsubscribed. You will not get our newsletter any more.';
const UNKNOWN_UNSUBSCRIBE = 'This unsubscribe link is not valid.';
const TICKET_RECEIVED = 'Thank you! We received your message and will answer by email.';

const NEW_PASSWORD = 'Copper-Lantern-Meadow-77';
const SUPPORT = 'help@castbridge.test';

/** The token of the /reset-password link in a delivered message. */
function resetToken(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in:\n${mail.text}`);
  return match[1]!;
}

describe.each(BACKENDS)('account flows on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let smtp: TestSmtp;

  const register = async (email = uniqueEmail('acct'), password = STRONG_PASSWORD) => {
    const answer = await api.request('POST', '/api/auth/register', {
      json: { email, password, type_account: 'Influencer' },
    });
    expect(answer.status, answer.text).toBe(201);
    return { email, token: answer.body.token as string };
  };
  const login = (email: string, password: string) =>
    api.request('POST', '/api/auth/jwt-login', { json: { email, password, firebaseResponse: null } });
  const me = (token: string) => api.request('GET', '/api/user', { token });
  const localeOf = async (token: string) => ((await me(token)).body.user as { locale: string }).locale;
  /** A Google-only account, as firebase-login creates it (no password hash). */
  const googleAccount = async () => {
    const email = uniqueEmail('google');
    const id = await createUserStore(api.castbridge.db).create({
      email,
      passwordHash: null,
      typeAccount: 'Influencer',
      firebaseUid: `uid-${email}`,
    });
    const tokens = await createTokenService(new TextEncoder().encode(TEST_JWT_SECRET));
    return { email, id, token: await tokens.issue(id, 0) };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    backend = await makeBackend(backendName);
    api = await startApp(backend, {
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: SUPPORT,
      PUBLIC_URL: 'https://castbridge.test',
    });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
    await smtp?.close();
  });

  describe('forgot and reset password', () => {
    it('answers 202 with one body whether or not the account exists, and mails a link only to the account', async () => {
      const { email } = await register();
      const unknown = uniqueEmail('nobody');
      const known = await api.request('POST', '/api/auth/forgot-password', { json: { email: email.toUpperCase() } });
      const absent = await api.request('POST', '/api/auth/forgot-password', { json: { email: unknown } });
      expect(known.status).toBe(202);
      expect(absent.status).toBe(202);
      expect(known.text).toBe(absent.text);
      expect(known.body.message).toBe(RESET_REQUESTED);

      const mail = await smtp.next(email);
      expect(mail.subject).toBe('Reset your Castbridge password');
      expect(mail.text).toMatch(/https:\/\/castbridge\.test\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
      expect(mail.html).toContain('/reset-password?token=');
      expect(mail.text).toContain(SUPPORT);
      await api.castbridge.mail.settled();
      expect(smtp.messages.some((m) => JSON.stringify(m.to).includes(unknown))).toBe(false);
    });

    it("writes the reset e-mail in the account's language, whatever the page that asked", async () => {
      const email = uniqueEmail('idioma');
      const created = await api.request('POST', '/api/auth/register', {
        json: { email, password: STRONG_PASSWORD, type_account: 'Influencer', locale: 'es-MX' },
      });
      expect(created.status, created.text).toBe(201);
      await api.request('POST', '/api/auth/forgot-password', {
        json: { email },
        headers: { 'accept-language': 'en-US' },
      });
      const mail = await smtp.next(email);
      expect(mail.subject).toBe('Restablece tu contraseña de Castbridge');
      expect(mail.text).toContain(`El enlace funciona una sola vez y durante ${RESET_LINK_MINUTES} minutos.`);
      expect(mail.text).toMatch(/Elegir una contraseña nueva: https:\/\/castbridge\.test\/reset-password\?token=/);
      expect(mail.text).toContain(`¿Tienes dudas? Escríbenos a ${SUPPORT}.`);
      expect(mail.html).toMatch(/<html lang="es-MX">/);
      expect(mail.html).toContain(`¿Tienes dudas? Escríbenos a <a href="mailto:${SUPPORT}">${SUPPORT}</a>.`);
      expect(mail.html).toContain('O abre este enlace:');
      // An English account's, asked from a Spanish page, stays English.
      const english = await register();
      await api.request('POST', '/api/auth/forgot-password', {
        json: { email: english.email },
        headers: { 'accept-language': 'es-MX' },
      });
      const theirs = await smtp.next(english.email);
      expect(theirs.subject).toBe('Reset your Castbridge password');
      expect(theirs.html).toContain(`Questions? Write to <a href="mailto:${SUPPORT}">${SUPPORT}</a>.`);
    });

    it('takes as long for an unknown address as for an account (delivery is never awaited)', async () => {
      const { email } = await register();
      // A relay that takes 1 s per message: an answer that waited for delivery would be a second slower for an
      // account, far beyond what a busy machine's noise adds to a median.
      smtp.slowDown(1000);
      const time = async (address: string) => {
        const start = performance.now();
        await api.request('POST', '/api/auth/forgot-password', { json: { email: address } });
        return performance.now() - start;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await time(email));
        unknown.push(await time(uniqueEmail('ghost')));
      }
      // Delivery is not awaited, so the answer does not wait for SMTP in either case.
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(250);
      smtp.slowDown(0);
      await api.castbridge.mail.settled();
      for (let i = 0; i < 5; i++) await smtp.next(email);
    });

    it('resets with the e-mailed link once: signs in, replaces the password, ends older sessions', async () => {
      const { email, token: oldSession } = await register();
      await api.request('POST', '/api/auth/forgot-password', { json: { email } });
      const link = resetToken(await smtp.next(email));

      const weak = await api.request('POST', '/api/auth/reset-password', { json: { token: link, password: '123' } });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toMatch(/at least/i);

      const reset = await api.request('POST', '/api/auth/reset-password', {
        json: { token: link, password: NEW_PASSWORD },
      });
      expect(reset.status, reset.text).toBe(200);
      const fresh = reset.body.token as string;
      expect((await me(fresh)).status).toBe(200);
      expect((await me(oldSession)).status).toBe(401);
      expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);

      const again = await api.request('POST', '/api/auth/reset-password', {
        json: { token: link, password: STRONG_PASSWORD },
      });
      expect(again.status).toBe(410);
      expect(again.body).toEqual({
        code: 'accounts.reset_link_used',
        message: 'This reset link was already used or replaced by a newer one. Ask for a new one.',
      });
    });

    it('replaces earlier links with a new request, refuses unknown and expired links', async () => {
      const { email } = await register();
      await api.request('POST', '/api/auth/forgot-password', { json: { email } });
      const first = resetToken(await smtp.next(email));
      await api.request('POST', '/api/auth/forgot-password', { json: { email } });
      const second = resetToken(await smtp.next(email));
      expect(second).not.toBe(first);

      const replaced = await api.request('POST', '/api/auth/reset-password', {
        json: { token: first, password: NEW_PASSWORD },
      });
      expect(replaced.status).toBe(410);
      expect(replaced.body).toEqual({
        code: 'accounts.reset_link_used',
        message: 'This reset link was already used or replaced by a newer one. Ask for a new one.',
      });
      const unknown = await api.request('POST', '/api/auth/reset-password', {
        json: { token: 'A'.repeat(43), password: NEW_PASSWORD },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        code: 'accounts.reset_link_unknown',
        message: 'This reset link is not valid. Ask for a new one.',
      });

      // Sixty minutes later.
      await api.castbridge.db
        .updateTable('password_resets')
        .set({ expires_at: Date.now() - 1 })
        .execute();
      const expired = await api.request('POST', '/api/auth/reset-password', {
        json: { token: second, password: NEW_PASSWORD },
      });
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({
        code: 'accounts.reset_link_expired',
        message: 'This reset link has expired. Ask for a new one.',
      });
      expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('stores only the hash of a link', async () => {
      const { email } = await register();
      await api.request('POST', '/api/auth/forgot-password', { json: { email } });
      const link = resetToken(await smtp.next(email));
      const rows = await api.castbridge.db.selectFrom('password_resets').select('token_hash').execute();
      expect(rows.some((row) => row.token_hash.includes(link))).toBe(false);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    });

    it('lets a Google-only account set its first password through the link', async () => {
      const google = await googleAccount();
      await api.request('POST', '/api/auth/forgot-password', { json: { email: google.email } });
      const link = resetToken(await smtp.next(google.email));
      expect(
        (await api.request('POST', '/api/auth/reset-password', { json: { token: link, password: NEW_PASSWORD } }))
          .status,
      ).toBe(200);
      expect((await login(google.email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password and a weak new one, changing nothing', async () => {
      const { email, token } = await register();
      const wrong = await api.request('POST', '/api/auth/change-password', {
        token,
        json: { currentPassword: 'not-it', newPassword: NEW_PASSWORD },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        code: 'accounts.wrong_current_password',
        message: 'Your current password is not correct',
      });
      const weak = await api.request('POST', '/api/auth/change-password', {
        token,
        json: { currentPassword: STRONG_PASSWORD, newPassword: 'abc' },
      });
      expect(weak.status).toBe(400);
      expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
      expect((await me(token)).status).toBe(200);
    });

    it('changes it: the caller goes on with a new token, every other session stops working', async () => {
      const { email, token: here } = await register();
      const elsewhere = (await login(email, STRONG_PASSWORD)).body.token as string;
      const changed = await api.request('POST', '/api/auth/change-password', {
        token: here,
        json: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(changed.status, changed.text).toBe(200);
      const next = changed.body.token as string;
      expect((await me(next)).status).toBe(200);
      expect((await me(here)).status).toBe(401);
      expect((await me(elsewhere)).status).toBe(401);
      expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('throttles guesses of the current password like sign-in (a stolen session cannot brute-force it)', async () => {
      // An app of its own on the same data whose clock stands still: the first wait is 1 s, which a busy machine
      // outran between two requests on the real clock (the throttle's timing is sign-in-throttle.test.ts's).
      const clock = Date.now();
      const held = await startApp(backend, { SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT }, { now: () => clock });
      try {
        const registered = await held.request('POST', '/api/auth/register', {
          json: { email: uniqueEmail('guessed'), password: STRONG_PASSWORD, type_account: 'Influencer' },
        });
        expect(registered.status, registered.text).toBe(201);
        const token = registered.body.token as string;
        // Its own client address, so the address's count does not spill into other tests.
        const headers = { 'x-forwarded-for': '203.0.113.99' };
        const guess = () =>
          held.request('POST', '/api/auth/change-password', {
            token,
            headers,
            json: { currentPassword: 'guess', newPassword: NEW_PASSWORD },
          });
        for (let i = 0; i < PAIR.free; i++) expect((await guess()).status).toBe(400);
        const blocked = await guess();
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(blocked.body.code).toBe('accounts.sign_in_throttled');
        expect(blocked.body.message).toMatch(/^Too many failed password attempts\. Try again in/);
        // The same wait holds for deletion, which confirms the password too.
        const del = await held.request('DELETE', '/api/user', { token, headers, json: { password: STRONG_PASSWORD } });
        expect(del.status).toBe(429);
        expect((await held.request('GET', '/api/user', { token })).status).toBe(200);
      } finally {
        await held.close();
      }
    });

    it('tells a Google-only account it has no password', async () => {
      const google = await googleAccount();
      const answer = await api.request('POST', '/api/auth/change-password', {
        token: google.token,
        json: { currentPassword: 'x', newPassword: NEW_PASSWORD },
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: 'accounts.no_password',
        message:
          'Your account signs in with Google and has no password yet. Choose one with "Forgot password" on the login page.',
      });
    });

    it('only ever changes the caller’s own password', async () => {
      const a = await register();
      const b = await register();
      // B knows A's password but holds B's session: the check is against B's password.
      const answer = await api.request('POST', '/api/auth/change-password', {
        token: b.token,
        json: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(answer.status).toBe(200);
      expect((await login(a.email, STRONG_PASSWORD)).status).toBe(200);
      expect((await login(b.email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('delete account', () => {
    it('asks a password account for its password', async () => {
      const { token } = await register();
      const none = await api.request('DELETE', '/api/user', { token, json: {} });
      expect(none.status).toBe(400);
      const wrong = await api.request('DELETE', '/api/user', { token, json: { password: 'nope' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 'accounts.wrong_password', message: 'The password is not correct' });
      expect((await me(token)).status).toBe(200);
    });

    it('erases the user, the photo and every record owned; the token answers 401 and the e-mail is free again', async () => {
      const { email, token } = await register();
      const upload = await api.request('POST', '/api/upload-photo', {
        token,
        body: photoForm(PNG_1PX, 'me.png', 'image/png'),
      });
      const photo = path.join(backend.dataDir, 'uploads', path.basename(String(upload.body.photoUrl)));
      expect(fs.existsSync(photo)).toBe(true);
      await api.request('POST', '/api/support', {
        token,
        json: { name: 'Ana', email, subject: 'Bye', message: 'Deleting' },
      });
      await smtp.next(SUPPORT);
      await api.request('POST', '/api/auth/forgot-password', { json: { email } });
      await smtp.next(email);
      const id = tokenSubject(token);

      const deleted = await api.request('DELETE', '/api/user', { token, json: { password: STRONG_PASSWORD } });
      expect(deleted.status, deleted.text).toBe(200);
      expect((await me(token)).status).toBe(401);
      expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
      expect(fs.existsSync(photo)).toBe(false);
      const db = api.castbridge.db;
      expect(await db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await db.selectFrom('support_tickets').select('id').where('user_id', '=', id).execute()).toEqual([]);
      expect(await db.selectFrom('password_resets').select('user_id').where('user_id', '=', id).execute()).toEqual([]);

      const again = await register(email);
      expect(tokenSubject(again.token)).not.toBe(id);
    });

    it('deletes a Google-only account without a password', async () => {
      const google = await googleAccount();
      expect((await api.request('DELETE', '/api/user', { token: google.token, json: {} })).status).toBe(200);
      expect((await me(google.token)).status).toBe(401);
    });

    it('deletes only the caller', async () => {
      const a = await register();
      const b = await register();
      expect(
        (await api.request('DELETE', '/api/user', { token: b.token, json: { password: STRONG_PASSWORD } })).status,
      ).toBe(200);
      expect((await me(a.token)).status).toBe(200);
    });
  });

  describe('settings', () => {
    it('persists the notifications switch per user and reads it back', async () => {
      const a = await register();
      const b = await register();
      expect((await api.request('GET', '/api/settings', { token: a.token })).body).toEqual({
        notifications: true,
        hasPassword: true,
        locale: 'en',
      });
      const off = await api.request('PUT', '/api/settings', { token: a.token, json: { notifications: false } });
      expect(off.body).toEqual({ notifications: false, hasPassword: true, locale: 'en' });
      expect((await api.request('GET', '/api/settings', { token: a.token })).body.notifications).toBe(false);
      expect((await api.request('GET', '/api/settings', { token: b.token })).body.notifications).toBe(true);
      expect(
        await api.castbridge.db
          .selectFrom('users')
          .select('notify_email')
          .where('id', '=', tokenSubject(a.token))
          .executeTakeFirst(),
      ).toEqual({
        notify_email: 0,
      });
      const bad = await api.request('PUT', '/api/settings', { token: a.token, json: { notifications: 'yes' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/notifications/);
    });

    it('says when an account has no password', async () => {
      const google = await googleAccount();
      expect((await api.request('GET', '/api/settings', { token: google.token })).body).toEqual({
        notifications: true,
        hasPassword: false,
        locale: 'en',
      });
    });
  });

  describe('the account’s language', () => {
    const wrongPassword = (token: string, headers: Record<string, string> = {}) =>
      api.request('POST', '/api/auth/change-password', {
        token,
        headers,
        json: { currentPassword: 'not-my-password-1', newPassword: 'Another-Strong-Pass-9' },
      });

    it('starts in the language the account signed up in, and Settings changes it for that account only', async () => {
      const email = uniqueEmail('idioma');
      const signedUp = await api.request('POST', '/api/auth/register', {
        json: { email, password: STRONG_PASSWORD, type_account: 'Influencer', locale: 'es-MX' },
      });
      expect(signedUp.status, signedUp.text).toBe(201);
      const token = signedUp.body.token as string;
      const other = await register();
      expect(await localeOf(token)).toBe('es-MX');
      expect(await localeOf(other.token)).toBe('en');

      const english = await api.request('PUT', '/api/settings', { token, json: { locale: 'en' } });
      expect(english.body).toEqual({ notifications: true, hasPassword: true, locale: 'en' });
      expect(await localeOf(token)).toBe('en');
      const both = await api.request('PUT', '/api/settings', {
        token: other.token,
        json: { locale: 'es-MX', notifications: false },
      });
      expect(both.body).toEqual({ notifications: false, hasPassword: true, locale: 'es-MX' });
      expect(await localeOf(token)).toBe('en');

      for (const json of [{ locale: 'fr' }, { locale: 'es' }, {}]) {
        const bad = await api.request('PUT', '/api/settings', { token, json });
        expect(bad.status, JSON.stringify(json)).toBe(400);
        expect(bad.body.code).toBe('invalid_request');
      }
      const bogus = await api.request('POST', '/api/auth/register', {
        json: { email: uniqueEmail('idioma'), password: STRONG_PASSWORD, type_account: 'Influencer', locale: 'fr-FR' },
      });
      expect(bogus.status).toBe(400);
      expect(bogus.body.message).toMatch(/^locale: must be one of en, es-MX/);
    });

    it('takes Spanish (Mexico) from the broadcasting language the profile first gives, not from later changes', async () => {
      const a = await register();
      const complete = await api.request('PUT', '/api/profile', { token: a.token, json: { language: 'Mexico' } });
      expect(complete.status, complete.text).toBe(200);
      expect((complete.body.user as { locale: string }).locale).toBe('es-MX');
      // Chosen in Settings, the language stays, whatever the profile says later.
      await api.request('PUT', '/api/settings', { token: a.token, json: { locale: 'en' } });
      await api.request('PUT', '/api/profile', { token: a.token, json: { language: 'Spanish' } });
      expect(await localeOf(a.token)).toBe('en');

      const b = await register();
      await api.request('PUT', '/api/profile', { token: b.token, json: { language: 'United States' } });
      expect(await localeOf(b.token)).toBe('en');
    });

    it('answers a refusal in the request’s language, else in the account’s, with the same code', async () => {
      const a = await register();
      const english = await wrongPassword(a.token);
      expect(english.body).toEqual({
        code: 'accounts.wrong_current_password',
        message: 'Your current password is not correct',
      });
      expect(english.headers.get('vary')).toMatch(/Accept-Language/i);
      const asked = await wrongPassword(a.token, { 'accept-language': 'es-419,es;q=0.9,en;q=0.8' });
      expect(asked.body).toEqual({
        code: 'accounts.wrong_current_password',
        message: 'Tu contraseña actual no es correcta',
      });

      await api.request('PUT', '/api/settings', { token: a.token, json: { locale: 'es-MX' } });
      expect((await wrongPassword(a.token)).body.message).toBe('Tu contraseña actual no es correcta');
      // A language Castbridge does not speak leaves the account's; one it does, weighted first, wins.
      expect((await wrongPassword(a.token, { 'accept-language': 'fr-FR' })).body.message).toBe(
        'Tu contraseña actual no es correcta',
      );
      expect((await wrongPassword(a.token, { 'accept-language': 'es;q=0.5, en-GB' })).body.message).toBe(
        'Your current password is not correct',
      );

      // Without a session: Accept-Language alone, with values in the text.
      const taken = await api.request('POST', '/api/auth/register', {
        headers: { 'accept-language': 'es-MX' },
        json: { email: a.email, password: STRONG_PASSWORD, type_account: 'Influencer' },
      });
      expect(taken.body).toEqual({
        code: 'accounts.email_taken',
        message: 'Ya existe una cuenta con este correo electrónico',
      });
      const short = await api.request('POST', '/api/auth/register', {
        headers: { 'accept-language': 'es-MX' },
        json: { email: uniqueEmail('idioma'), password: 'short', type_account: 'Influencer' },
      });
      expect(short.body).toEqual({
        code: 'accounts.password_too_short',
        message: 'La contraseña debe tener al menos 8 caracteres',
      });
      const nowhere = await api.request('GET', '/api/nowhere', { headers: { 'accept-language': 'es-MX' } });
      expect(nowhere.body).toEqual({
        code: 'http.no_endpoint',
        message: 'La API no tiene el endpoint GET /api/nowhere',
      });
    });
  });

  describe('support tickets', () => {
    const ticket = {
      name: 'Ana Ruiz',
      email: 'ana.ruiz@example.com',
      subject: 'Payout question',
      message: 'When do payouts arrive?\n\nThanks',
      page: '/contact-us',
    };

    it('stores a visitor’s ticket and mails the support address with the sender as Reply-To', async () => {
      const answer = await api.request('POST', '/api/support', { json: ticket });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.message).toBe(TICKET_RECEIVED);
      const row = await api.castbridge.db
        .selectFrom('support_tickets')
        .selectAll()
        .where('email', '=', ticket.email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        user_id: null,
        name: ticket.name,
        subject: ticket.subject,
        message: ticket.message,
        page: '/contact-us',
      });
      const mail = await smtp.next(SUPPORT);
      expect(mail.subject).toBe('[Support] Payout question');
      expect(mail.replyTo?.value[0]?.address).toBe(ticket.email);
      expect(mail.text).toContain('When do payouts arrive?');
      expect(mail.text).toContain(row.id);

      // From a page in Spanish, the answer is Spanish (the ticket's e-mail to support stays English).
      const inSpanish = await api.request('POST', '/api/support', {
        json: { ...ticket, email: 'ana.ruiz.es@example.com' },
        headers: { 'accept-language': 'es-MX' },
      });
      expect([inSpanish.status, inSpanish.body.message]).toEqual([
        201,
        '¡Gracias! Recibimos tu mensaje y te responderemos por correo.',
      ]);
      expect((await smtp.next(SUPPORT)).subject).toBe('[Support] Payout question');
    });

    it('attaches the signed-in user', async () => {
      const { email, token } = await register();
      await api.request('POST', '/api/support', { token, json: { ...ticket, email, page: '/help-and-support' } });
      const row = await api.castbridge.db
        .selectFrom('support_tickets')
        .select(['user_id', 'page'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: tokenSubject(token), page: '/help-and-support' });
      await smtp.next(SUPPORT);
    });

    it('refuses missing fields, a malformed e-mail and a message over 5,000 characters, storing nothing', async () => {
      const before = await api.castbridge.db.selectFrom('support_tickets').select('id').execute();
      for (const json of [
        { ...ticket, name: '  ' },
        { ...ticket, email: 'not-an-email' },
        { ...ticket, subject: undefined },
        { ...ticket, message: 'x'.repeat(5001) },
        { ...ticket, page: 'https://evil.example' },
      ]) {
        const answer = await api.request('POST', '/api/support', { json });
        expect(answer.status, JSON.stringify(json).slice(0, 80)).toBe(400);
        expect(typeof answer.body.message).toBe('string');
      }
      expect(await api.castbridge.db.selectFrom('support_tickets').select('id').execute()).toHaveLength(before.length);
      expect(
        (await api.request('POST', '/api/support', { json: { ...ticket, message: 'x'.repeat(5000) } })).status,
      ).toBe(201);
      await smtp.next(SUPPORT);
    });
  });

  describe('newsletter', () => {
    it('subscribes once per address, mails an unsubscribe link that works without signing in', async () => {
      const email = uniqueEmail('reader');
      const first = await api.request('POST', '/api/newsletter', { json: { email } });
      const second = await api.request('POST', '/api/newsletter', { json: { email: email.toUpperCase() } });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(first.text).toBe(second.text);
      expect(first.body.message).toBe(SUBSCRIBED);
      expect(
        await api.castbridge.db
          .selectFrom('newsletter_subscriptions')
          .select('email')
          .where('email', '=', email)
          .execute(),
      ).toHaveLength(1);

      const mail = await smtp.next(email);
      const link = /https:\/\/castbridge\.test\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
      expect(link).not.toBeNull();
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('/unsubscribe?token=');
      const again = await smtp.next(email);
      expect(again.text).toContain(link![1]);

      const out = await api.request('POST', '/api/newsletter/unsubscribe', { json: { token: link![1] } });
      expect(out.status).toBe(200);
      expect(out.body.message).toBe(UNSUBSCRIBED);
      const row = await api.castbridge.db
        .selectFrom('newsletter_subscriptions')
        .select('unsubscribed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.unsubscribed_at).not.toBeNull();
      // Twice is fine.
      expect((await api.request('POST', '/api/newsletter/unsubscribe', { json: { token: link![1] } })).status).toBe(
        200,
      );

      await api.request('POST', '/api/newsletter', { json: { email } });
      await smtp.next(email);
      const resumed = await api.castbridge.db
        .selectFrom('newsletter_subscriptions')
        .select('unsubscribed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(resumed.unsubscribed_at).toBeNull();
    });

    it('answers 404 for an unknown unsubscribe link and 400 for a malformed one', async () => {
      const unknown = await api.request('POST', '/api/newsletter/unsubscribe', { json: { token: 'B'.repeat(43) } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(UNKNOWN_UNSUBSCRIBE);
      expect((await api.request('POST', '/api/newsletter/unsubscribe', { json: { token: '../../etc' } })).status).toBe(
        400,
      );
      expect((await api.request('POST', '/api/newsletter', { json: { email: 'nope' } })).status).toBe(400);
    });

    it("answers and mails in the page's language: a Spanish page subscribes, gets Spanish, and is refused in Spanish", async () => {
      const email = uniqueEmail('lector');
      const inSpanish = { 'accept-language': 'es-MX' };
      const first = await api.request('POST', '/api/newsletter', { json: { email }, headers: inSpanish });
      expect([first.status, first.body.message]).toEqual([
        200,
        '¡Gracias por suscribirte! Te enviamos una confirmación a tu correo.',
      ]);
      const mail = await smtp.next(email);
      expect(mail.subject).toBe('Te suscribiste al boletín de Castbridge');
      expect(mail.text).toContain('En este correo recibirás nuestras novedades sobre patrocinios');
      expect(mail.html).toContain('lang="es-MX"');
      const token = /\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
      const out = await api.request('POST', '/api/newsletter/unsubscribe', { json: { token }, headers: inSpanish });
      expect(out.body.message).toBe('Cancelaste tu suscripción. Ya no recibirás nuestro boletín.');
      const unknown = await api.request('POST', '/api/newsletter/unsubscribe', {
        json: { token: 'C'.repeat(43) },
        headers: inSpanish,
      });
      expect([unknown.status, unknown.body]).toEqual([
        404,
        { code: 'public.unsubscribe_unknown', message: 'Este enlace para cancelar la suscripción no es válido.' },
      ]);
    });
  });

  it('answers malformed bodies of every new endpoint with 4xx { message }', async () => {
    const { token } = await register();
    const cases: Array<[string, string, boolean]> = [
      ['POST', '/api/auth/forgot-password', false],
      ['POST', '/api/auth/reset-password', false],
      ['POST', '/api/auth/change-password', true],
      ['DELETE', '/api/user', true],
      ['PUT', '/api/settings', true],
      ['POST', '/api/support', false],
      ['POST', '/api/newsletter', false],
      ['POST', '/api/newsletter/unsubscribe', false],
    ];
    for (const [method, url, auth] of cases) {
      for (const body of [
        '{"email": 4',
        '[]',
        '"x"',
        JSON.stringify({ email: 42, token: 7, password: null, notifications: 1 }),
      ]) {
        const answer = await api.request(method, url, {
          body,
          headers: { 'content-type': 'application/json' },
          ...(auth ? { token } : {}),
        });
        expect(answer.status, `${method} ${url} ${body}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${url} ${body}`).toBeLessThan(500);
        expect(typeof answer.body.message).toBe('string');
      }
    }
  });
});

describe('request limits', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend, { RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('throttles a burst of 100 sign-ups from one address with Retry-After, without stopping other clients', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 100; i++) {
      const answer = await api.request('POST', '/api/auth/register', {
        headers: from('203.0.113.7'),
        json: { email: uniqueEmail('burst'), password: i % 2 ? STRONG_PASSWORD : 'x', type_account: 'Influencer' },
      });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get('retry-after');
    }
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const other = await api.request('POST', '/api/auth/register', {
      headers: from('198.51.100.4'),
      json: { email: uniqueEmail('other'), password: STRONG_PASSWORD, type_account: 'Influencer' },
    });
    expect(other.status).toBe(201);
  }, 60_000);

  it('limits forgot-password per e-mail across addresses, and support and the newsletter per address', async () => {
    const email = uniqueEmail('target');
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await api.request('POST', '/api/auth/forgot-password', { headers: from(`192.0.2.${i}`), json: { email } }))
          .status,
      );
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);

    const ticket = (i: number) => ({ name: 'N', email: `s${i}@example.com`, subject: 'S', message: 'M' });
    const support = [];
    for (let i = 0; i < 11; i++)
      support.push(
        (await api.request('POST', '/api/support', { headers: from('192.0.2.50'), json: ticket(i) })).status,
      );
    expect(support.filter((s) => s === 429)).toHaveLength(1);

    const news = [];
    for (let i = 0; i < 21; i++)
      news.push(
        (
          await api.request('POST', '/api/newsletter', {
            headers: from('192.0.2.60'),
            json: { email: `n${i}@example.com` },
          })
        ).status,
      );
    expect(news.at(-1)).toBe(429);
    expect(
      (
        await api.request('POST', '/api/newsletter', {
          headers: from('192.0.2.61'),
          json: { email: 'n99@example.com' },
        })
      ).status,
    ).toBe(200);
  });
});
