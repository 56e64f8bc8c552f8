// Stripe webhook events for the self-serve money tests (card-deposits.test.ts, refunds.test.ts): events shaped as
// Stripe sends them, signed with the stand-in's webhook secret (the one the app verifies with under STANDINS=1) or,
// to forge one, with another; and their delivery to POST /api/webhooks/stripe. The stand-in sends the same events on
// its own when a payment is made on its test page; these let a test replay, delay, reorder or forge them at will.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { STANDIN_STRIPE } from '../../server/config.ts';
import type { Answer, Client } from './helpers.ts';

export interface SignedEvent {
  id: string;
  type: string;
  body: string;
  signature: string;
}

/** An event of `type` about `object`, signed (with the stand-in's secret unless another is given). */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: {
    id?: string;
    secret?: string;
    /** The signature's time, in seconds (now by default). */ timestamp?: number;
  } = {},
): SignedEvent {
  const id = options.id ?? `evt_test_${crypto.randomBytes(8).toString('hex')}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? STANDIN_STRIPE.webhookSecret,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { id, type, body, signature };
}

/** Delivers an event to the app's webhook as Stripe would. */
export const deliver = (api: Client, event: Pick<SignedEvent, 'body' | 'signature'>): Promise<Answer> =>
  api.request('POST', '/api/webhooks/stripe', {
    body: event.body,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });

/** A Checkout Session as Stripe's checkout.session.* events carry it. */
export function sessionObject(deposit: {
  id: string;
  sessionId: string;
  grossCents: number;
  paymentIntent?: string | null;
  paymentStatus?: 'paid' | 'unpaid';
  status?: 'open' | 'complete' | 'expired';
}): Record<string, unknown> {
  return {
    id: deposit.sessionId,
    object: 'checkout.session',
    mode: 'payment',
    client_reference_id: deposit.id,
    metadata: { deposit_id: deposit.id },
    amount_total: deposit.grossCents,
    currency: 'usd',
    payment_status: deposit.paymentStatus ?? 'paid',
    status: deposit.status ?? 'complete',
    payment_intent: deposit.paymentIntent ?? null,
  };
}

/** A Dispute as charge.dispute.* events carry it. */
export function disputeObject(dispute: {
  id: string;
  amount: number;
  paymentIntent: string;
  charge?: string;
  reason?: string;
  status?: 'needs_response' | 'won' | 'lost';
}): Record<string, unknown> {
  return {
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amount,
    currency: 'usd',
    charge: dispute.charge ?? `ch_for_${dispute.paymentIntent}`,
    payment_intent: dispute.paymentIntent,
    reason: dispute.reason ?? 'fraudulent',
    status: dispute.status ?? 'needs_response',
  };
}

/** A test card or bank account, as the stand-in's test page takes it. */
export type TestPayment = { card: string } | { bankAccount: string };

/**
 * Pays a Checkout Session on the stand-in's test page as a browser would (its form, POSTed); the page's answer:
 * 303 to the success URL when paid, else the page again with the refusal (402 for a decline).
 */
export async function payOnPage(checkoutUrl: string, payment: TestPayment): Promise<Response> {
  const form: Record<string, string> =
    'card' in payment
      ? {
          method: 'card',
          email: 'nora@nova.example',
          name: 'Nora Vance',
          card_number: payment.card,
          expiry: '12 / 34',
          cvc: '123',
        }
      : {
          method: 'us_bank_account',
          email: 'nora@nova.example',
          name: 'Nova Energy',
          routing_number: '110000000',
          account_number: payment.bankAccount,
        };
  return fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

/** Delivers every event the stand-in has due now (its control API), and waits for the deliveries. */
export async function flushStandIn(standInUrl: string): Promise<void> {
  const answer = await fetch(`${standInUrl}/control/flush`, { method: 'POST' });
  if (!answer.ok) throw new Error(`flush: ${answer.status} ${await answer.text()}`);
}

/** A control call on the stand-in (JSON). */
export async function controlStandIn(standInUrl: string, path: string, json: Record<string, unknown> = {}) {
  const answer = await fetch(`${standInUrl}/control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const body = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`control ${path}: ${answer.status} ${JSON.stringify(body)}`);
  return body;
}
