// PayPal Payouts (docs/product.md §Money) for PayPal e-mails, over PayPal's REST API: an OAuth 2.0 client-credentials token, then
// POST /v1/payments/payouts with one item per payout. The payout's id is both the `sender_batch_id` (PayPal refuses a
// second batch with the same id) and the `PayPal-Request-Id` (a retried request answers the first batch), so a retried
// job never pays twice. The item's outcome is read with GET /v1/payments/payouts/{batch id} (poll). PAYPAL_API_BASE
// points at the sandbox, or at a stand-in in tests.
import type { Config } from '../../config.ts';
import { PayoutRejected, type PayoutProvider, type ProviderResult } from './types.ts';

interface BatchAnswer {
  batch_header?: { payout_batch_id?: string; batch_status?: string };
  items?: { transaction_status?: string; errors?: { name?: string; message?: string } }[];
  name?: string;
  message?: string;
}

const FAILED_ITEM = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED']);

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function createPaypalProvider(settings: NonNullable<Config['paypal']>): PayoutProvider {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetch(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`PayPal refused the client credentials (${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    // Renewed a minute before PayPal says it expires.
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<{ status: number; body: BatchAnswer }> {
    const response = await fetch(`${settings.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    if (response.status === 401) token = null;
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as BatchAnswer) : {} };
  }

  function resultOf(answer: BatchAnswer): ProviderResult {
    const batchId = answer.batch_header?.payout_batch_id ?? null;
    const item = answer.items?.[0];
    const status = item?.transaction_status ?? answer.batch_header?.batch_status ?? 'PENDING';
    if (status === 'SUCCESS') return { status: 'paid', providerRef: batchId };
    if (FAILED_ITEM.has(status))
      return {
        status: 'failed',
        providerRef: batchId,
        reason: item?.errors?.message ?? `PayPal reported ${status.toLowerCase()}`,
      };
    return { status: 'processing', providerRef: batchId };
  }

  return {
    name: 'paypal',
    supports: (kind) => kind === 'paypal',

    async submit(order) {
      if (order.details.kind !== 'paypal') throw new PayoutRejected('PayPal pays PayPal accounts only');
      const answer = await call(
        'POST',
        '/v1/payments/payouts',
        {
          sender_batch_header: {
            sender_batch_id: order.payoutId,
            email_subject: 'You have a payout from Castbridge',
            email_message: `Your Castbridge withdrawal ${order.reference}.`,
          },
          items: [
            {
              recipient_type: 'EMAIL',
              amount: { value: dollars(order.amountCents), currency: 'USD' },
              receiver: order.details.email,
              note: `Castbridge withdrawal ${order.reference}`,
              sender_item_id: order.payoutId,
            },
          ],
        },
        order.payoutId,
      );
      if (answer.status === 201 || answer.status === 200) return resultOf(answer.body);
      // 4xx: the request itself is refused (a malformed receiver, a closed account): retrying will not help.
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.status !== 401) {
        throw new PayoutRejected(answer.body.message ?? `PayPal refused the payout (${answer.status})`);
      }
      throw new Error(`PayPal answered ${answer.status}${answer.body.message ? `: ${answer.body.message}` : ''}`);
    },

    async poll(payout) {
      const answer = await call('GET', `/v1/payments/payouts/${encodeURIComponent(payout.providerRef)}`);
      if (answer.status !== 200) throw new Error(`PayPal answered ${answer.status} for batch ${payout.providerRef}`);
      return resultOf(answer.body);
    },
  };
}
