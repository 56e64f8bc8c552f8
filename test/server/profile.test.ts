// GET /api/user, PUT /api/profile and photo uploads, on SQLite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  GIF_HEAD,
  JPEG_HEAD,
  makeBackend,
  photoForm,
  PNG_1PX,
  startApp,
  STRONG_PASSWORD,
  uniqueEmail,
  WEBP_HEAD,
  type Backend,
  type Client,
} from './helpers.ts';

const PROFILE_KEYS = [
  'first_name',
  'last_name',
  'email',
  'image',
  'date_birth',
  'gender',
  'country',
  'city',
  'zipcode',
  'address',
  'language',
  'about',
  'job_title',
  'tier',
  'category',
  'goals',
  'type_content',
  'type_account',
  'role',
  'locale',
].sort();

const UPLOAD_LIMIT = 4096;

describe.each(BACKENDS)('profile and photo on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let token = '';
  let otherToken = '';
  const email = uniqueEmail('creator');

  const put = (json: unknown, bearer = token) => api.request('PUT', '/api/profile', { json, token: bearer });
  const me = async (bearer = token) =>
    (await api.request('GET', '/api/user', { token: bearer })).body.user as Record<string, unknown>;
  const upload = (form: FormData, bearer: string | null = token) =>
    api.request('POST', '/api/upload-photo', { body: form, ...(bearer ? { token: bearer } : {}) });

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, { MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT) });
    const register = async (address: string) =>
      (
        await api.request('POST', '/api/auth/register', {
          json: { email: address, password: STRONG_PASSWORD, type_account: 'Influencer' },
        })
      ).body.token as string;
    token = await register(email);
    otherToken = await register(uniqueEmail('other'));
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  describe('GET /api/user', () => {
    it('answers every profile field, null where unset, and never the password hash', async () => {
      const answer = await api.request('GET', '/api/user', { token });
      expect(answer.status).toBe(200);
      const user = answer.body.user as Record<string, unknown>;
      expect(Object.keys(user).sort()).toEqual(PROFILE_KEYS);
      expect(user).toMatchObject({
        email,
        type_account: 'Influencer',
        role: 'creator',
        first_name: null,
        image: null,
        tier: null,
      });
      expect(answer.text).not.toMatch(/argon2|password/i);
    });
  });

  describe('PUT /api/profile', () => {
    it('stores the completion form (language sent as United States, image always "")', async () => {
      const answer = await put({
        first_name: 'Ada',
        last_name: 'Lovelace',
        image: '',
        date_birth: '1990-12-10',
        gender: 'Female',
        country: 'United Kingdom',
        city: 'London',
        zipcode: 'W1 1AA',
        address: '12 St James Square',
        language: 'United States',
        type_content: 'Speedruns and retro games',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Perfil actualizado correctamente');
      expect(answer.body.user).toMatchObject({
        first_name: 'Ada',
        language: 'United States',
        date_birth: '1990-12-10',
        image: null,
      });
    });

    it('applies partial updates from the profile screen (tier as a string) and keeps the rest', async () => {
      const answer = await put({
        language: 'English',
        tier: '2',
        category: 'Gaming',
        about: 'Long text\nwith lines',
        job_title: 'Streamer',
        goals: 'Grow',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({
        first_name: 'Ada',
        language: 'English',
        tier: 2,
        category: 'Gaming',
        goals: 'Grow',
      });
      expect((await put({ tier: 3 })).body.user).toMatchObject({ tier: 3 });
      expect(await me()).toMatchObject({ tier: 3, city: 'London', about: 'Long text\nwith lines' });
    });

    it('stores SQL-looking and unusual strings verbatim', async () => {
      const values = {
        first_name: "Robert'); DROP TABLE users;--",
        last_name: '" OR 1=1 --',
        city: "'; DELETE FROM login_failures WHERE ''='",
        address: '<script>alert(1)</script>',
        about: 'Zoë 🎮 ñandú \\ % _ ok',
        zipcode: '',
      };
      const answer = await put(values);
      expect(answer.status).toBe(200);
      expect(await me()).toMatchObject(values);
      expect((await api.request('GET', '/api/user', { token: otherToken })).status).toBe(200);
    });

    it('clears dates and choices with "" or null', async () => {
      const answer = await put({ date_birth: '', gender: null, tier: '', language: '' });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ date_birth: null, gender: null, tier: null, language: null });
      expect((await put({ date_birth: null })).status).toBe(200);
    });

    it('ignores unknown keys and never changes the email or account type', async () => {
      const answer = await put({
        email: 'hijack@example.com',
        type_account: 'Advertiser',
        password_hash: 'x',
        is_admin: true,
        first_name: 'Ada',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ email, type_account: 'Influencer', first_name: 'Ada' });
    });

    it.each([
      ['gender outside the list', { gender: 'Other' }],
      ['language outside the list', { language: 'French' }],
      ['tier 4', { tier: 4 }],
      ['tier 1.5', { tier: 1.5 }],
      ['tier as words', { tier: 'two' }],
      ['category outside the list', { category: 'Cooking' }],
      ['a date that does not exist', { date_birth: '2023-02-30' }],
      ['a date in the future', { date_birth: `${new Date().getUTCFullYear() + 2}-01-01` }],
      ['a date in another format', { date_birth: '10/12/1990' }],
      ['a number for a name', { first_name: 42 }],
      ['an object for a name', { last_name: { $gt: '' } }],
      ['a name too long', { first_name: 'x'.repeat(101) }],
      ['an about too long', { about: 'x'.repeat(5001) }],
      ['a JSON array', [{ first_name: 'x' }]],
      ['a JSON string', 'first_name'],
      ['an image pointing elsewhere', { image: 'javascript:alert(1)' }],
      ['a NUL character (PostgreSQL cannot store it)', { city: 'a\u0000b' }],
    ])('answers 400 for %s and changes nothing', async (_name, body) => {
      const before = await me();
      const answer = await put(body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
      expect(await me()).toEqual(before);
    });

    it('answers 401 without a valid token', async () => {
      expect((await api.request('PUT', '/api/profile', { json: { first_name: 'x' } })).status).toBe(401);
      expect((await put({ first_name: 'x' }, 'nope')).status).toBe(401);
    });

    it('answers 400 for malformed JSON and 415 for another content type', async () => {
      const bad = await api.request('PUT', '/api/profile', {
        body: '{"first_name": "x"',
        token,
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.status).toBe(400);
      const form = await api.request('PUT', '/api/profile', {
        body: 'first_name=x',
        token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
    });
  });

  describe('POST /api/upload-photo', () => {
    const uploadsDir = () => path.join(backend.dataDir, 'uploads');

    it('stores a PNG under a server-generated name, serves it and sets it as the profile image', async () => {
      const answer = await upload(photoForm(PNG_1PX, '../../etc/evil name.png', 'image/png'));
      expect(answer.status).toBe(200);
      const photoUrl = answer.body.photoUrl as string;
      expect(photoUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
      expect((await me()).image).toBe(photoUrl);

      const served = await api.castbridge.app.request(photoUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1PX);
      expect(fs.readdirSync(uploadsDir())).toEqual([photoUrl.slice('/uploads/'.length)]);
    });

    it('replaces the photo and removes the old file; JPEG, WebP and GIF are accepted', async () => {
      const first = (await me()).image as string;
      const kinds: [Buffer, string, string][] = [
        [JPEG_HEAD, 'jpg', 'image/jpeg'],
        [WEBP_HEAD, 'webp', 'image/webp'],
        [GIF_HEAD, 'gif', 'image/gif'],
      ];
      let previous = first;
      for (const [bytes, extension, type] of kinds) {
        const answer = await upload(photoForm(bytes, 'whatever.bin', 'application/octet-stream'));
        expect(answer.status).toBe(200);
        const url = answer.body.photoUrl as string;
        expect(url.endsWith(`.${extension}`)).toBe(true);
        expect((await api.castbridge.app.request(url)).headers.get('content-type')).toBe(type);
        expect((await api.castbridge.app.request(previous)).status).toBe(404);
        previous = url;
      }
      expect(fs.readdirSync(uploadsDir())).toHaveLength(1);
    });

    it('keeps the photo when the completion form sends image "" or the client echoes the full URL', async () => {
      const current = (await me()).image as string;
      expect((await put({ image: '', first_name: 'Ada' })).body.user).toMatchObject({ image: current });
      expect((await put({ image: `http://127.0.0.1:3000${current}` })).body.user).toMatchObject({ image: current });
      expect((await put({ image: '/uploads/0123456789abcdef0123456789abcdef.png' })).status).toBe(400);
      expect((await me()).image).toBe(current);
    });

    it('answers 415 for a text file renamed .png, and keeps serving', async () => {
      const answer = await upload(photoForm(Buffer.from('just some text, not an image'), 'photo.png', 'image/png'));
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        message: 'The photo must be a PNG, JPEG, WebP or GIF image',
        code: 'uploads.not_an_image',
      });
      // In the uploader's language, with the same code.
      const spanish = await api.request('POST', '/api/upload-photo', {
        body: photoForm(Buffer.from('just some text, not an image'), 'photo.png', 'image/png'),
        token,
        headers: { 'accept-language': 'es-MX' },
      });
      expect(spanish.body).toEqual({
        message: 'La foto debe ser una imagen PNG, JPEG, WebP o GIF',
        code: 'uploads.not_an_image',
      });
      const svg = await upload(
        photoForm(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
      );
      expect(svg.status).toBe(415);
      expect((await api.request('GET', '/api/health')).status).toBe(200);
    });

    it('answers 413 for a photo over MAX_UPLOAD_BYTES, and keeps serving', async () => {
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(UPLOAD_LIMIT)]);
      const answer = await upload(photoForm(big, 'big.png', 'image/png'));
      expect(answer.status).toBe(413);
      const huge = await upload(photoForm(Buffer.concat([PNG_1PX, Buffer.alloc(200 * 1024)]), 'huge.png', 'image/png'));
      expect(huge.status).toBe(413);
      expect((await api.request('GET', '/api/health')).status).toBe(200);
    });

    it('answers 400 without the photo field, 415 for a non-multipart body, 401 without a token', async () => {
      expect((await upload(photoForm(PNG_1PX, 'a.png', 'image/png', 'picture'))).status).toBe(400);
      const form = new FormData();
      form.append('photo', 'not a file');
      expect((await upload(form)).status).toBe(400);
      expect((await upload(photoForm(Buffer.alloc(0), 'empty.png', 'image/png'))).status).toBe(400);
      const raw = await api.request('POST', '/api/upload-photo', {
        body: PNG_1PX,
        token,
        headers: { 'content-type': 'image/png' },
      });
      expect(raw.status).toBe(415);
      const broken = await api.request('POST', '/api/upload-photo', {
        body: 'garbage',
        token,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(broken.status).toBe(400);
      expect((await upload(photoForm(PNG_1PX, 'a.png', 'image/png'), null)).status).toBe(401);
    });

    it('removes the file when the image is cleared with null', async () => {
      const current = (await me()).image as string;
      expect((await put({ image: null })).body.user).toMatchObject({ image: null });
      expect((await api.castbridge.app.request(current)).status).toBe(404);
      expect(fs.readdirSync(uploadsDir())).toHaveLength(0);
    });

    it('answers 404 for unknown or made-up upload names', async () => {
      for (const url of [
        '/uploads/0123456789abcdef0123456789abcdef.png',
        '/uploads/..%2Fcastbridge.sqlite',
        '/uploads/jwt-secret',
        '/uploads/',
      ]) {
        const answer = await api.request('GET', url);
        expect(answer.status, url).toBe(404);
        expect(answer.text).not.toContain('SQLite');
      }
    });
  });
});
