// Logs an operator can follow and that hold no secret (docs/operations.md §Logs): a full run against a spawned server
// — sign-up with a password, sign-in, a password reset whose e-mail carries a token, a W-9 with a full tax id, a bank
// account, a Twitch connection through the stand-ins' OAuth, configured secrets — then its whole stderr is scanned
// for every one of those values. The same log shows a request's id on the lines of the job it queued.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { outboxDir } from '../../server/mail/mailer.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import {
  makeBackend,
  spawnServer,
  STRONG_PASSWORD,
  uniqueEmail,
  until,
  type Answer,
  type Backend,
  type Client,
  type RunningServer,
} from './helpers.ts';
import { fileTaxForm, W9_FORM, type Account } from './market.ts';
import { callback, complete, consent, start } from './oauth-flow.ts';

const SECRETS = {
  JWT_SECRET: `jwt-${crypto.randomBytes(24).toString('hex')}`,
  PAYOUT_KEY: crypto.randomBytes(32).toString('hex'),
  METRICS_TOKEN: `metrics-${crypto.randomBytes(16).toString('hex')}`,
};
const BANK = { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000987654321' };

/** The test helpers' request(), over HTTP to a spawned server (redirects not followed, as a browser's fetch). */
function overHttp(url: string): Pick<Client, 'request'> {
  return {
    async request(method, pathAndQuery, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      const response = await fetch(`${url}${pathAndQuery}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // not JSON
      }
      return { status: response.status, headers: response.headers, body: parsed, text } satisfies Answer;
    },
  };
}

/** The reset token in the newest outbox message to `email` (quoted-printable undone). */
function resetTokenIn(dataDir: string, email: string): string | null {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return null;
  for (const file of fs.readdirSync(dir).sort().reverse()) {
    const text = fs
      .readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.includes(email)) continue;
    const match = /reset-password\?token=([A-Za-z0-9_.~-]+)/.exec(text);
    if (match) return match[1]!;
  }
  return null;
}

describe('the log of a full run', () => {
  let backend: Backend;
  let server: RunningServer;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    // The demo entry: the platforms' stand-ins (the OAuth consent) without its demo data.
    server = await spawnServer(
      { ...backend.env, ...SECRETS, STANDINS: '1', SEED_DEMO: '0', RATE_LIMIT_SCALE: '1000' },
      90_000,
      'demo',
    );
    // The helpers take the in-process client; they only call request().
    api = overHttp(server.url) as Client;
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await backend?.cleanup();
  });

  it('holds no password, token, secret, tax id, account number or e-mail body, and carries request ids', async () => {
    const email = uniqueEmail('logs');
    const newPassword = `${STRONG_PASSWORD}-Renewed-7`;
    const registered = await api.request('POST', '/api/auth/register', {
      json: { email, password: STRONG_PASSWORD, type_account: 'Influencer' },
    });
    expect(registered.status, registered.text).toBe(201);
    const signedIn = await api.request('POST', '/api/auth/jwt-login', {
      json: { email, password: STRONG_PASSWORD, firebaseResponse: null },
    });
    expect(signedIn.status, signedIn.text).toBe(200);

    // A password reset, asked under a request id of the caller's: the e-mail job's log line carries it.
    const forgot = await api.request('POST', '/api/auth/forgot-password', {
      json: { email },
      headers: { 'X-Request-Id': 'log-test-forgot-1' },
    });
    expect(forgot.status, forgot.text).toBe(202);
    expect(forgot.headers.get('x-request-id')).toBe('log-test-forgot-1');
    const resetToken = await until(
      async () => resetTokenIn(backend.dataDir, email),
      (found) => found !== null,
      30_000,
    );
    const reset = await api.request('POST', '/api/auth/reset-password', {
      json: { token: resetToken, password: newPassword },
    });
    expect(reset.status, reset.text).toBe(200);
    const again = await api.request('POST', '/api/auth/jwt-login', {
      json: { email, password: newPassword, firebaseResponse: null },
    });
    expect(again.status, again.text).toBe(200);
    // The reset ended the earlier sessions.
    const token = again.body.token as string;
    const creator: Account = { id: '', token };

    await fileTaxForm(api, creator, W9_FORM);
    const bank = await api.request('POST', '/api/payout-methods', { token, json: BANK });
    expect(bank.status, bank.text).toBe(201);

    // Twitch through the stand-in's OAuth: the code in the callback, then the tokens sealed in the database.
    const back = await consent(await start(api, creator, 'twitch'), { channel: 'rin_streams' });
    const code = new URLSearchParams(back.split('?')[1]).get('code');
    expect(code).toBeTruthy();
    expect((await complete(api, creator, await callback(api, back))).get('connected')).toBe('twitch');
    const config = loadConfig({ ...backend.env, ...SECRETS, STANDINS: '1' });
    const { db } = openDatabase(config);
    let platformTokens: string[];
    try {
      const sealer = createSealer(loadPayoutKey(SECRETS.PAYOUT_KEY, backend.dataDir));
      const rows = await db.selectFrom('connected_accounts').select('tokens_sealed').execute();
      expect(rows.length).toBe(1);
      const sealed = sealer.unseal(rows[0]!.tokens_sealed) as { accessToken: string; refreshToken: string };
      platformTokens = [sealed.accessToken, sealed.refreshToken];
    } finally {
      await db.destroy();
    }

    const log = server.output();
    const scanned: Record<string, string> = {
      'the first password': STRONG_PASSWORD,
      'the new password': newPassword,
      'the session token': token,
      'the session token before the reset': signedIn.body.token as string,
      'the token from sign-up': registered.body.token as string,
      'the reset token': resetToken!,
      'the tax id': W9_FORM.tin,
      'the tax id, digits only': W9_FORM.tin.replace(/-/g, ''),
      'the bank account number': BANK.accountNumber,
      'the OAuth code': code!,
      "the platform's access token": platformTokens[0]!,
      "the platform's refresh token": platformTokens[1]!,
      JWT_SECRET: SECRETS.JWT_SECRET,
      PAYOUT_KEY: SECRETS.PAYOUT_KEY,
      METRICS_TOKEN: SECRETS.METRICS_TOKEN,
      "the Twitch bot's refresh token": config.twitchChat.botRefreshToken!,
      "the YouTube bot's refresh token": config.deliverables.youtubeBotRefreshToken!,
      "Stripe's secret key": config.stripe!.secretKey,
      "Stripe's webhook secret": config.stripe!.webhookSecret,
      "the Twitch client's secret": config.oauth.twitch!.clientSecret,
    };
    const found = Object.entries(scanned)
      .filter(([, value]) => log.includes(value))
      .map(([name]) => name);
    expect(found, log.slice(-3000)).toEqual([]);

    // The request's id: on the request's own lines and on those of the e-mail job it queued.
    const lines = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; requestId?: string });
    const outboxLine = lines.find((line) => line.msg === 'mail written to the outbox' && line.requestId);
    expect(outboxLine?.requestId, JSON.stringify(lines.filter((line) => line.msg.includes('mail')))).toBe(
      'log-test-forgot-1',
    );
  }, 180_000);
});
