// A small stand-in of Stripe's v1 API for the payout rail's tests (stripe-mock cannot be installed here): the calls
// server/money/providers/stripe.ts makes, as the official `stripe` package sends them — form-encoded bodies with
// bracket notation, a Bearer secret key, `Stripe-Account` for calls on a connected account, and `Idempotency-Key`
// honoured as Stripe does (the same key answers the first response; the same key with other parameters is an
// idempotency_error). Signed webhooks are sent with the package's own test signer.
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import Stripe from 'stripe';
import { listen } from './listen.ts';

type Params = Record<string, unknown>;

/** `metadata[payout_id]=x&capabilities[transfers][requested]=true` → nested objects. */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return out;
}

const error = (c: Context, status: 400 | 401 | 404 | 500, type: string, message: string) =>
  c.json({ error: { type, message } }, status);

export interface StripeRequestLog {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
  params: Params;
}

export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const accounts = new Map<string, { id: string; email: string; externalAccounts: Params[] }>();
  const payouts = new Map<string, Params & { id: string; status: string; account: string }>();
  const transfers: Params[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: StripeRequestLog[] = [];
  const invalidRoutingNumbers = new Set<string>();
  let failNext = 0;
  const id = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

  const app = new Hono();
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${options.secretKey}`)
      return error(c, 401, 'invalid_request_error', 'Invalid API Key provided');
    await next();
  });

  /** Runs `handler` once per Idempotency-Key, as Stripe does; counts and logs every request. */
  const handle =
    (handler: (c: Context, params: Params, account: string | null) => Response | Promise<Response>) =>
    async (c: Context) => {
      const params =
        c.req.method === 'POST' ? parseForm(await c.req.text()) : Object.fromEntries(new URL(c.req.url).searchParams);
      const account = c.req.header('stripe-account') ?? null;
      const key = c.req.header('idempotency-key') ?? null;
      requests.push({ method: c.req.method, path: c.req.path, account, idempotencyKey: key, params });
      if (failNext > 0) {
        failNext -= 1;
        return error(c, 500, 'api_error', 'Something went wrong on Stripe’s end.');
      }
      if (key && c.req.method === 'POST') {
        const fingerprint = JSON.stringify([c.req.path, account, params]);
        const earlier = idempotent.get(key);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint)
            return error(
              c,
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          return c.json(earlier.body as object, earlier.status as 200);
        }
        const response = await handler(c, params, account);
        idempotent.set(key, { fingerprint, status: response.status, body: await response.clone().json() });
        return response;
      }
      return handler(c, params, account);
    };

  app.post(
    '/v1/accounts',
    handle((c, params) => {
      const account = { id: id('acct'), email: String(params.email ?? ''), externalAccounts: [] as Params[] };
      accounts.set(account.id, account);
      return c.json({
        id: account.id,
        object: 'account',
        type: params.type,
        email: account.email,
        metadata: params.metadata ?? {},
      });
    }),
  );

  app.post(
    '/v1/accounts/:account/external_accounts',
    handle((c, params) => {
      const account = accounts.get(c.req.param('account')!);
      if (!account) return error(c, 404, 'invalid_request_error', `No such account: '${c.req.param('account')}'`);
      const bank = (params.external_account ?? {}) as Params;
      const routing = String(bank.routing_number ?? '');
      if (!/^\d{9}$/.test(routing) || invalidRoutingNumbers.has(routing))
        return error(c, 400, 'invalid_request_error', `Routing number ${routing} is invalid.`);
      const external = {
        id: id('ba'),
        object: 'bank_account',
        last4: String(bank.account_number ?? '').slice(-4),
        routing_number: routing,
        currency: bank.currency,
      };
      account.externalAccounts.push(external);
      return c.json(external);
    }),
  );

  app.post(
    '/v1/transfers',
    handle((c, params) => {
      if (!accounts.has(String(params.destination)))
        return error(c, 400, 'invalid_request_error', `No such destination: '${String(params.destination)}'`);
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        currency: params.currency,
        destination: params.destination,
        metadata: params.metadata ?? {},
      };
      transfers.push(transfer);
      return c.json(transfer);
    }),
  );

  app.post(
    '/v1/payouts',
    handle((c, params, account) => {
      if (!account || !accounts.has(account))
        return error(c, 400, 'invalid_request_error', 'Payouts are made on a connected account: send Stripe-Account');
      const payout = {
        id: id('po'),
        object: 'payout',
        amount: Number(params.amount),
        currency: params.currency,
        status: 'pending',
        account,
        failure_message: null,
        metadata: params.metadata ?? {},
      };
      payouts.set(payout.id, payout);
      return c.json(payout);
    }),
  );

  app.get(
    '/v1/payouts/:id',
    handle((c, _params, account) => {
      const payout = payouts.get(c.req.param('id')!);
      if (!payout || payout.account !== account)
        return error(c, 404, 'invalid_request_error', `No such payout: '${c.req.param('id')}'`);
      return c.json(payout);
    }),
  );

  const server = await listen(app);
  return {
    url: server.url,
    close: server.close,
    requests,
    accounts,
    transfers,
    payouts,
    /** The next `count` requests answer 500 (the SDK and the job retry with the same keys). */
    failNext(count: number) {
      failNext = count;
    },
    /** Routing numbers Stripe refuses as invalid. */
    refuseRoutingNumber(routing: string) {
      invalidRoutingNumbers.add(routing);
    },
    /** The payout paid or failed at the bank, as GET /v1/payouts/:id will answer. */
    settle(payoutId: string, status: 'paid' | 'failed', failureMessage: string | null = null) {
      const payout = payouts.get(payoutId)!;
      payout.status = status;
      payout.failure_message = failureMessage;
      return payout;
    },
    /** A connected account's event as Stripe delivers it: the raw body and its Stripe-Signature header. */
    event(
      type: 'payout.paid' | 'payout.failed' | 'payout.canceled',
      payoutId: string,
      secret = options.webhookSecret,
    ): { body: string; signature: string } {
      const payout = payouts.get(payoutId)!;
      const body = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        account: payout.account,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: payout },
      });
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
