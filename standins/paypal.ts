// A small stand-in of PayPal's REST API for the payout rail's tests: OAuth 2.0 client credentials
// (POST /v1/oauth2/token), Payouts (POST /v1/payments/payouts, GET /v1/payments/payouts/:batch) with PayPal's
// idempotency rules — a repeated PayPal-Request-Id answers the first batch; a repeated sender_batch_id under another
// request id is refused.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { listen } from './listen.ts';

interface Batch {
  payout_batch_id: string;
  sender_batch_id: string;
  item: { receiver: string; amount: { value: string; currency: string }; sender_item_id: string; note?: string };
  transaction_status: string;
  error: { name: string; message: string } | null;
}

export async function startPaypalStandIn(options: { clientId: string; clientSecret: string }) {
  const tokens = new Set<string>();
  const batches = new Map<string, Batch>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const bySenderBatch = new Map<string, string>();
  const posts: { requestId: string | null; body: Record<string, unknown> }[] = [];
  let tokenRequests = 0;

  const app = new Hono();
  app.post('/v1/oauth2/token', async (c) => {
    tokenRequests += 1;
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    const form = new URLSearchParams(await c.req.text());
    if (c.req.header('authorization') !== expected || form.get('grant_type') !== 'client_credentials') {
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
    }
    const token = crypto.randomBytes(16).toString('hex');
    tokens.add(token);
    return c.json({
      scope: 'https://uri.paypal.com/services/payments/payouts',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-STAND-IN',
      expires_in: 32400,
    });
  });

  const signedIn = (authorization: string | undefined) => tokens.has((authorization ?? '').replace(/^Bearer /, ''));

  app.post('/v1/payments/payouts', async (c) => {
    if (!signedIn(c.req.header('authorization')))
      return c.json(
        { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials.' },
        401,
      );
    const requestId = c.req.header('paypal-request-id') ?? null;
    if (requestId && byRequestId.has(requestId)) {
      const earlier = byRequestId.get(requestId)!;
      return c.json(earlier.body as object, earlier.status as 201);
    }
    const body = (await c.req.json()) as {
      sender_batch_header?: { sender_batch_id?: string };
      items?: Batch['item'][];
    };
    posts.push({ requestId, body: body as Record<string, unknown> });
    const senderBatchId = body.sender_batch_header?.sender_batch_id;
    const item = body.items?.[0];
    if (
      !senderBatchId ||
      !item?.receiver ||
      !/^\d+\.\d{2}$/.test(item.amount?.value ?? '') ||
      item.amount.currency !== 'USD'
    ) {
      return c.json({ name: 'VALIDATION_ERROR', message: 'Invalid request - see details.' }, 400);
    }
    if (bySenderBatch.has(senderBatchId)) {
      return c.json({ name: 'USER_BUSINESS_ERROR', message: 'Batch with given sender_batch_id already exists' }, 400);
    }
    const batch: Batch = {
      payout_batch_id: crypto.randomBytes(6).toString('hex').toUpperCase(),
      sender_batch_id: senderBatchId,
      item,
      transaction_status: 'PENDING',
      error: null,
    };
    batches.set(batch.payout_batch_id, batch);
    bySenderBatch.set(senderBatchId, batch.payout_batch_id);
    const answer = {
      batch_header: {
        payout_batch_id: batch.payout_batch_id,
        batch_status: 'PENDING',
        sender_batch_header: body.sender_batch_header,
      },
      links: [],
    };
    if (requestId) byRequestId.set(requestId, { status: 201, body: answer });
    return c.json(answer, 201);
  });

  app.get('/v1/payments/payouts/:batch', (c) => {
    if (!signedIn(c.req.header('authorization')))
      return c.json(
        { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials.' },
        401,
      );
    const batch = batches.get(c.req.param('batch'));
    if (!batch) return c.json({ name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' }, 404);
    const done = batch.transaction_status !== 'PENDING';
    return c.json({
      batch_header: {
        payout_batch_id: batch.payout_batch_id,
        batch_status: done ? 'SUCCESS' : 'PROCESSING',
        sender_batch_header: { sender_batch_id: batch.sender_batch_id },
      },
      items: [
        {
          payout_item_id: `${batch.payout_batch_id}-1`,
          transaction_status: batch.transaction_status,
          payout_item: batch.item,
          ...(batch.error ? { errors: batch.error } : {}),
        },
      ],
    });
  });

  const server = await listen(app);
  return {
    url: server.url,
    close: server.close,
    posts,
    batches,
    get tokenRequests() {
      return tokenRequests;
    },
    /** The item's outcome at PayPal, as the next GET answers it. */
    setStatus(batchId: string, status: 'SUCCESS' | 'FAILED' | 'UNCLAIMED' | 'PENDING', message?: string) {
      const batch = batches.get(batchId)!;
      batch.transaction_status = status;
      batch.error =
        status === 'FAILED' ? { name: 'RECEIVER_UNREGISTERED', message: message ?? 'Receiver is unregistered' } : null;
    },
  };
}

export type PaypalStandIn = Awaited<ReturnType<typeof startPaypalStandIn>>;
