// A local stand-in of Stripe's v1 API (docs/product.md §Self-serve money), speaking it as the official `stripe`
// package sends it: form-encoded bodies with bracket notation, a Bearer secret key, `Stripe-Account` for calls on a
// connected account, `Idempotency-Key` honoured as Stripe does (the same key replays the first answer with
// Idempotent-Replayed; the same key with other parameters is an idempotency_error; a request refused before it ran —
// a 400 — is not remembered), errors as `{ error: { type, code, message, param } }`, lists as `{ object: 'list' }`,
// `expand[]`. What Castbridge uses:
// - Checkout Sessions (create, retrieve, list, line items, expire) for `card` and `us_bank_account`, paid on the
//   test page `<base>/pay/<cs id>` (stripe-page.ts): the session's `url`. Test cards 4242 4242 4242 4242 (succeeds),
//   4000 0000 0000 0002 (card_declined), 4000 0000 0000 9995 (insufficient_funds), 4000 0000 0000 0259 (succeeds, then
//   a `fraudulent` dispute); bank debits with routing 110000000: account 000123456789 succeeds after a delay
//   (processing, then async succeeded), 000111111113 fails (account closed).
// - PaymentIntents and Charges (retrieve, list), Refunds (create, retrieve, list: a card's succeed at once, a bank
//   debit's are pending, then succeed after the same delay), Disputes (retrieve, list, update, close), Events.
// - Connect: accounts (each new one restricted, its requirements currently due, until completed on the onboarding page
//   `<base>/onboard/<token>` an Account Link opens), Account Links, external bank accounts, transfers and payouts
//   (refused to a restricted account as Stripe refuses them: insufficient_capabilities_for_transfer,
//   payouts_not_allowed); a payout is paid after the bank delay (payout.paid to Connect) unless settled before by a
//   control call. The payout rail: server/money/providers/stripe.ts.
// - Signed webhooks (the package's own test signer), retried with exponential backoff on anything but a 2xx, as
//   Stripe does: platform events to the endpoint, connected accounts' events (their `account` set) to the Connect
//   endpoint with its own secret.
// A control API under `control/` (JSON) and a page at the root drive what Stripe decides on its own: open a dispute,
// close it won or lost, settle a bank debit or a pending refund now, settle a payout, resend, duplicate or delay an
// event, list the events sent and their deliveries. `npm start` mounts it under /standin/stripe (server/app.ts), its
// webhooks going to /api/webhooks/stripe in process; the tests serve it on a port of their own (startStripeStandIn).
// Its state is stripe-state.ts's: in DATA_DIR when mounted, so a cluster's instances are one Stripe.
import crypto from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { keepConnections } from './listen.ts';
import { controlPage, messagePage, onboardingPage, payPage, type PayForm } from './stripe-page.ts';
import { openStripeState, type StoredEvent, type StripeObject } from './stripe-state.ts';
import { stripeConformance } from './published/conformance.ts';

type Params = Record<string, unknown>;
type Obj = StripeObject;

/** A refusal as Stripe answers it. */
export class StripeError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409 | 500,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string; charge?: string } = {},
  ) {
    super(message);
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, 'invalid_request_error', message, { param, code });
const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** `metadata[x]=1&line_items[0][quantity]=1` → nested objects; objects whose keys are 0…n-1 become arrays. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Params).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(out) as Params;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (prefix: string, length = 24) =>
  `${prefix}_${Array.from(crypto.randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
const seconds = (ms: number) => Math.floor(ms / 1000);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The test cards the page takes (Stripe's own numbers and outcomes). */
export const TEST_CARDS = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeded', label: 'Succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeded', label: 'Succeeds (Mastercard)' },
  '4000000000000002': { brand: 'visa', outcome: 'card_declined', label: 'Declined (card_declined)' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient_funds', label: 'Declined (insufficient_funds)' },
  '4000000000000259': { brand: 'visa', outcome: 'dispute', label: 'Succeeds, then disputed as fraudulent' },
} as const;
export const TEST_ROUTING_NUMBER = '110000000';
/** Test bank accounts (routing 110000000) and how their debit ends. */
export const TEST_BANK_ACCOUNTS = {
  '000123456789': { outcome: 'succeeded', label: 'Succeeds after a delay' },
  '000111111113': { outcome: 'account_closed', label: 'Fails: account closed' },
  '000111111116': { outcome: 'no_account', label: 'Fails: no account found' },
  '000222222227': { outcome: 'insufficient_funds', label: 'Fails: insufficient funds' },
} as const;
const BANK_FAILURES: Record<string, string> = {
  account_closed: "The customer's bank account has been closed.",
  no_account: "The customer's bank account could not be located.",
  insufficient_funds: "The customer's account has insufficient funds to cover this payment.",
};

/** What a new connected account must give before Stripe pays out to it (its requirements.currently_due). */
export const ONBOARDING_REQUIREMENTS = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
] as const;
/** How long an Account Link may be opened (Stripe's are short-lived). */
const ACCOUNT_LINK_SECONDS = 300;

/** An account's `requirements` with `due` currently due (and past due: the account is restricted until given). */
const requirementsOf = (due: readonly string[]): Params => ({
  alternatives: [],
  current_deadline: null,
  currently_due: [...due],
  disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
  errors: [],
  eventually_due: [...due],
  past_due: [...due],
  pending_verification: [],
});

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

export interface StripeRequestLog {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
  params: Params;
}

export interface StripeStandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the state lives (DATA_DIR/stripe-standin.sqlite), shared by every instance given the same; else in memory. */
  dataDir?: string;
  /** The stand-in's address as a browser reaches it ("http://127.0.0.1:3000/standin/stripe"): sessions' `url`. */
  browserBase?: () => string;
  /** Sends a webhook (the raw body and Stripe's headers) to the endpoint; none: events are kept, not delivered. */
  deliver?: (body: string, headers: Record<string, string>) => Promise<Response>;
  /**
   * The Connect endpoint's signing secret: events of connected accounts (their `account` set: account.updated,
   * payout.*) go to `deliverConnect` signed with it, as Stripe sends them to a Connect endpoint of their own.
   */
  connectWebhookSecret?: string;
  /** Sends a connected account's event to the Connect endpoint; none: those events wait, undelivered. */
  deliverConnect?: (body: string, headers: Record<string, string>) => Promise<Response>;
  /** How long a bank debit (and a bank debit's refund) takes to settle; default 10 s. */
  bankDelayMs?: number;
  /** Webhook retries: the first after `baseMs` (5 s), doubling up to `maxMs` (1 h), `attempts` (12) deliveries in all. */
  retry?: { baseMs?: number; maxMs?: number; attempts?: number };
  /** How often the stand-in looks for due work (deliveries, settlements, expiries); default 500 ms. */
  tickMs?: number;
}

export interface DeliveryResult {
  status: number | null;
  error: string | null;
}

export function createStripeStandIn(options: StripeStandInOptions) {
  const state = openStripeState(options.dataDir);
  const requests: StripeRequestLog[] = [];
  const refusedRoutingNumbers = new Set<string>();
  let failNext = 0;
  let deliver = options.deliver ?? null;
  let deliverConnect = options.deliverConnect ?? null;
  const connectSecret = options.connectWebhookSecret ?? `${options.webhookSecret}_connect`;
  let bankDelayMs = options.bankDelayMs ?? 10_000;
  const retry = { baseMs: 5_000, maxMs: 3_600_000, attempts: 12, ...options.retry };
  const now = () => Date.now();

  // ------------------------------------------------------------------------------------------------ events

  /** The API request being handled (handlers run synchronously, one at a time). */
  let current: { id: string | null; idempotency_key: string | null } | null = null;

  /** Records an event about `object` (a snapshot of it now), delivered by the pump (after any delay set). */
  function emit(type: string, object: Obj, extra: { previous?: Params; account?: string | null } = {}): string {
    const id = randomId('evt');
    const at = now();
    const event = {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(at),
      data: { object, ...(extra.previous ? { previous_attributes: extra.previous } : {}) },
      livemode: false,
      pending_webhooks: deliver ? 1 : 0,
      // The API request that caused it, as Stripe names it (null: Stripe on its own, or the payment page).
      request: current ?? { id: null, idempotency_key: null },
      type,
      ...(extra.account ? { account: extra.account } : {}),
    };
    let deliverAt = at;
    const hold = state.setting('hold');
    if (hold) {
      const { ms, count } = JSON.parse(hold) as { ms: number; count: number | null };
      deliverAt = at + ms;
      if (count !== null) state.setSetting('hold', count > 1 ? JSON.stringify({ ms, count: count - 1 }) : null);
    }
    state.addEvent(event, deliverAt);
    return id;
  }

  const sign = (body: string, secret = options.webhookSecret) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  /** A connected account's event (its `account` set) goes to the Connect endpoint, signed with its secret. */
  const isConnect = (body: string) => Boolean((JSON.parse(body) as { account?: string }).account);

  async function send(event: StoredEvent, kind: string): Promise<DeliveryResult> {
    const connect = isConnect(event.body);
    const target = connect ? deliverConnect : deliver;
    if (!target) return { status: null, error: connect ? 'no Connect webhook endpoint' : 'no webhook endpoint' };
    let result: DeliveryResult;
    try {
      const response = await target(event.body, {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': sign(event.body, connect ? connectSecret : options.webhookSecret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      });
      await response.text().catch(() => '');
      result = { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      result = { status: null, error: (error as Error).message };
    }
    state.logDelivery({ eventId: event.id, at: now(), kind, ...result });
    return result;
  }

  // ------------------------------------------------------------------------------------------------ the pump

  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** Does the work due now: scheduled settlements and expiries, then webhook deliveries, oldest first. */
  async function work(): Promise<void> {
    for (;;) {
      if (closed) return;
      const done = state.tx(() => {
        const due = state.takeDue(now());
        if (due) perform(due.kind, due.target);
        return due;
      });
      if (!done) break;
    }
    if (!deliver && !deliverConnect) return;
    for (;;) {
      if (closed) return;
      const event = state.claimDue(now(), 60_000);
      if (!event) return;
      const result = await send(event, 'webhook');
      if (result.error === null) state.delivered(event.id, now(), result.status!);
      else {
        const attempts = event.attempts + 1;
        const retryAt =
          attempts >= retry.attempts ? null : now() + Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1));
        state.failed(event.id, now(), result.status, result.error, retryAt);
      }
    }
  }

  /** Runs the pump (once at a time in this process); resolves when nothing due is left. */
  function pump(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again && !closed);
    })()
      .catch(() => {})
      .finally(() => {
        running = null;
      });
    return running;
  }
  const ticker = setInterval(() => {
    if (state.opened()) void pump();
  }, options.tickMs ?? 500);
  ticker.unref();

  // ------------------------------------------------------------------------------------------------ objects

  const must = <T extends Obj>(kind: string, id: string, type: string): T => {
    const found = state.get<T>(id);
    if (!found || found.object !== type) throw noSuch(kind, id);
    return found;
  };
  const save = (object: Obj) => state.put(object);

  /** The session's PaymentIntent, made on the first attempt to pay, as Checkout does. */
  function intentOf(session: Obj): Obj {
    if (session.payment_intent) return state.get(String(session.payment_intent))!;
    const data = (state.private<{ payment_intent_data?: Params }>(session.id).payment_intent_data ?? {}) as Params;
    const intent: Obj = {
      id: randomId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: null,
      confirmation_method: 'automatic',
      created: seconds(now()),
      currency: session.currency,
      customer: null,
      description: str(data.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (data.metadata as Params) ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: session.payment_method_types,
      receipt_email: session.customer_email ?? null,
      statement_descriptor: null,
      status: 'requires_payment_method',
      transfer_group: null,
    };
    intent.client_secret = `${intent.id}_secret_${randomId('x', 16).slice(2)}`;
    save(intent);
    session.payment_intent = intent.id;
    save(session);
    emit('payment_intent.created', intent);
    return intent;
  }

  type Payment =
    | { type: 'card'; number: string; expMonth: number; expYear: number; name: string }
    | { type: 'us_bank_account'; routing: string; account: string; name: string };

  /** One attempt to pay `session` with `payment`; the outcome is the test card's or test account's. */
  function pay(session: Obj, payment: Payment, email: string): { ok: true } | { ok: false; message: string } {
    const intent = intentOf(session);
    const created = seconds(now());
    const method: Obj = {
      id: randomId('pm'),
      object: 'payment_method',
      type: payment.type,
      billing_details: { email, name: payment.name || null },
      created,
      livemode: false,
      ...(payment.type === 'card'
        ? {
            card: {
              brand: TEST_CARDS[payment.number as keyof typeof TEST_CARDS]?.brand ?? 'visa',
              country: 'US',
              exp_month: payment.expMonth,
              exp_year: payment.expYear,
              funding: 'credit',
              last4: payment.number.slice(-4),
            },
          }
        : {
            us_bank_account: {
              account_holder_type: 'individual',
              account_type: 'checking',
              bank_name: 'STRIPE TEST BANK',
              last4: payment.account.slice(-4),
              routing_number: payment.routing,
            },
          }),
    };
    save(method);
    const outcome =
      payment.type === 'card'
        ? TEST_CARDS[payment.number as keyof typeof TEST_CARDS].outcome
        : TEST_BANK_ACCOUNTS[payment.account as keyof typeof TEST_BANK_ACCOUNTS].outcome;
    const declined = payment.type === 'card' && (outcome === 'card_declined' || outcome === 'insufficient_funds');
    const charge: Obj = {
      id: randomId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: declined ? 0 : intent.amount,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: method.billing_details,
      captured: !declined,
      created,
      currency: intent.currency,
      description: intent.description,
      disputed: false,
      failure_code: declined ? outcome : null,
      failure_message: declined
        ? outcome === 'insufficient_funds'
          ? 'Your card has insufficient funds.'
          : 'Your card was declined.'
        : null,
      livemode: false,
      metadata: {},
      outcome: declined
        ? {
            network_status: 'declined_by_network',
            reason: outcome === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline',
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: payment.type === 'card' && !declined,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details:
        payment.type === 'card'
          ? { type: 'card', card: method.card }
          : { type: 'us_bank_account', us_bank_account: method.us_bank_account },
      receipt_email: intent.receipt_email,
      refunded: false,
      status: declined ? 'failed' : payment.type === 'card' ? 'succeeded' : 'pending',
    };
    save(charge);
    const previousIntent = { status: intent.status };
    intent.latest_charge = charge.id;
    intent.payment_method = method.id;
    if (declined) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: outcome === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline',
        message: charge.failure_message,
        charge: charge.id,
        payment_method: method,
      };
      save(intent);
      emit('charge.failed', charge);
      emit('payment_intent.payment_failed', intent, { previous: previousIntent });
      return { ok: false, message: String(charge.failure_message) };
    }
    intent.last_payment_error = null;
    const previousSession = { status: session.status, payment_status: session.payment_status };
    session.status = 'complete';
    session.customer_details = { email, name: payment.name || null, address: null, phone: null, tax_exempt: 'none' };
    if (payment.type === 'card') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      session.payment_status = 'paid';
      save(intent);
      save(session);
      emit('charge.succeeded', charge);
      emit('payment_intent.succeeded', intent, { previous: previousIntent });
      emit('checkout.session.completed', session, { previous: previousSession });
      if (outcome === 'dispute') openDispute(charge, intent.amount as number, 'fraudulent');
    } else {
      intent.status = 'processing';
      session.payment_status = 'unpaid';
      save(intent);
      save(session);
      state.put(charge, { private: { outcome } });
      emit('charge.pending', charge);
      emit('payment_intent.processing', intent, { previous: previousIntent });
      emit('checkout.session.completed', session, { previous: previousSession });
      state.schedule(now() + bankDelayMs, 'settle_payment', intent.id);
    }
    state.unschedule('expire_session', session.id);
    return { ok: true };
  }

  /** A bank debit in processing settles: as its test account says, or as `outcome` forces. */
  function settlePayment(intentId: string, forced?: 'succeeded' | 'failed'): Obj {
    const intent = must<Obj>('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'processing')
      throw invalid(
        `PaymentIntent ${intentId} is ${String(intent.status)}, not processing: only a bank debit in processing settles`,
      );
    state.unschedule('settle_payment', intentId);
    const charge = state.get<Obj>(String(intent.latest_charge))!;
    const planned = state.private<{ outcome?: string }>(charge.id).outcome ?? 'succeeded';
    const failure =
      forced === 'succeeded'
        ? null
        : forced === 'failed'
          ? planned === 'succeeded'
            ? 'account_closed'
            : planned
          : planned === 'succeeded'
            ? null
            : planned;
    const sessions = state.list<Obj>('checkout.session').filter((s) => s.payment_intent === intentId);
    const previousIntent = { status: intent.status };
    if (failure === null) {
      charge.status = 'succeeded';
      charge.paid = true;
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      save(charge);
      save(intent);
      emit('charge.succeeded', charge);
      emit('payment_intent.succeeded', intent, { previous: previousIntent });
      for (const session of sessions) {
        session.payment_status = 'paid';
        save(session);
        emit('checkout.session.async_payment_succeeded', session, { previous: { payment_status: 'unpaid' } });
      }
    } else {
      charge.status = 'failed';
      charge.failure_code = failure;
      charge.failure_message = BANK_FAILURES[failure] ?? 'The payment failed.';
      charge.captured = false;
      charge.amount_captured = 0;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_method_provider_decline',
        message: charge.failure_message,
        charge: charge.id,
      };
      save(charge);
      save(intent);
      emit('charge.failed', charge);
      emit('payment_intent.payment_failed', intent, { previous: previousIntent });
      for (const session of sessions) emit('checkout.session.async_payment_failed', session);
    }
    return intent;
  }

  function expireSession(sessionId: string): Obj {
    const session = must<Obj>('checkout session', sessionId, 'checkout.session');
    if (session.status !== 'open')
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    state.unschedule('expire_session', sessionId);
    session.status = 'expired';
    save(session);
    if (session.payment_intent) {
      const intent = state.get<Obj>(String(session.payment_intent))!;
      const previous = { status: intent.status };
      intent.status = 'canceled';
      intent.canceled_at = seconds(now());
      intent.cancellation_reason = 'abandoned';
      save(intent);
      emit('payment_intent.canceled', intent, { previous });
    }
    emit('checkout.session.expired', session, { previous: { status: 'open' } });
    return session;
  }

  function openDispute(charge: Obj, amount: number, reason: string): Obj {
    if (charge.status !== 'succeeded')
      throw invalid(`Charge ${charge.id} has not succeeded: only a paid charge is disputed`);
    if (charge.disputed) throw invalid(`Charge ${charge.id} is already disputed`);
    if (!Number.isInteger(amount) || amount < 1 || amount > (charge.amount as number))
      throw invalid(`The dispute's amount is from 1 to ${String(charge.amount)} cents`, 'amount');
    const created = seconds(now());
    const dispute: Obj = {
      id: randomId('dp'),
      object: 'dispute',
      amount,
      balance_transactions: [],
      charge: charge.id,
      created,
      currency: charge.currency,
      evidence: {},
      evidence_details: { due_by: created + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason,
      status: 'needs_response',
    };
    save(dispute);
    charge.disputed = true;
    save(charge);
    emit('charge.dispute.created', dispute);
    emit('charge.dispute.funds_withdrawn', dispute);
    return dispute;
  }

  function closeDispute(disputeId: string, status: 'won' | 'lost'): Obj {
    const dispute = must<Obj>('dispute', disputeId, 'dispute');
    if (dispute.status === 'won' || dispute.status === 'lost')
      throw invalid(`Dispute ${disputeId} is already closed (${String(dispute.status)})`);
    const previous = { status: dispute.status };
    dispute.status = status;
    save(dispute);
    emit('charge.dispute.closed', dispute, { previous });
    if (status === 'won') emit('charge.dispute.funds_reinstated', dispute);
    return dispute;
  }

  function settleRefund(refundId: string, status: 'succeeded' | 'failed'): Obj {
    const refund = must<Obj>('refund', refundId, 'refund');
    if (refund.status !== 'pending') throw invalid(`Refund ${refundId} is ${String(refund.status)}, not pending`);
    state.unschedule('settle_refund', refundId);
    const previous = { status: 'pending' };
    refund.status = status;
    if (status === 'failed') {
      refund.failure_reason = 'declined';
      const charge = state.get<Obj>(String(refund.charge))!;
      charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
      charge.refunded = false;
      save(charge);
    }
    save(refund);
    emit('refund.updated', refund, { previous });
    emit('charge.refund.updated', refund, { previous });
    if (status === 'failed') emit('refund.failed', refund);
    return refund;
  }

  /** Work Stripe does later on its own (the pump runs it when due, inside a transaction). */
  function perform(kind: string, target: string) {
    try {
      if (kind === 'settle_payment') settlePayment(target);
      else if (kind === 'settle_refund') settleRefund(target, 'succeeded');
      else if (kind === 'expire_session') expireSession(target);
      else if (kind === 'settle_payout' && state.get<Obj>(target)?.status === 'pending')
        settlePayout(target, 'paid', null, true);
    } catch (error) {
      // Already done by a control call: nothing left to do.
      if (!(error instanceof StripeError)) throw error;
    }
  }

  // ------------------------------------------------------------------------------------------------ the API

  const app = new Hono();

  /** `{ object: 'list' }` of `items`, paged by limit and starting_after as Stripe pages. */
  function list(url: string, items: Obj[], params: Params): Params {
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 10) || 10));
    let start = 0;
    const after = str(params.starting_after);
    if (after) start = items.findIndex((item) => item.id === after) + 1;
    const page = items.slice(start, start + limit);
    return { object: 'list', data: page, has_more: start + limit < items.length, url };
  }

  /** Replaces ids by their objects along each `expand[]` path ("payment_intent", "data.latest_charge", "line_items"). */
  function expand(body: unknown, paths: string[]): unknown {
    const at = (value: unknown, parts: string[]): unknown => {
      if (parts.length === 0 || typeof value !== 'object' || value === null) return value;
      const [head, ...rest] = parts as [string, ...string[]];
      const record = value as Params;
      if (head === 'data' && Array.isArray(record.data))
        return { ...record, data: record.data.map((item) => at(item, rest)) };
      let child = record[head];
      if (head === 'line_items' && record.object === 'checkout.session')
        child = list(`/v1/checkout/sessions/${String(record.id)}/line_items`, lineItems(String(record.id)), {
          limit: 100,
        });
      else if (typeof child === 'string') child = state.get(child) ?? child;
      return { ...record, [head]: at(child, rest) };
    };
    return paths.reduce((out, path) => at(out, path.split('.')), body);
  }

  const lineItems = (sessionId: string) => state.private<{ line_items?: Obj[] }>(sessionId).line_items ?? [];

  type Handler = (c: Context, params: Params, account: string | null) => { status?: 200; body: unknown };

  app.use('/v1/*', async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    const basic = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
      : null;
    if (auth !== `Bearer ${options.secretKey}` && basic !== options.secretKey)
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${auth.replace(/^(Bearer|Basic) /, '').slice(0, 8)}…`,
          },
        },
        401,
      );
    c.header('Request-Id', randomId('req', 14));
    await next();
  });
  // Every request is held to Stripe's published description, every answer to its schema (published/conformance.ts).
  app.use('/v1/*', stripeConformance());

  const errorBody = (error: StripeError) => ({
    error: {
      type: error.type,
      message: error.message,
      ...Object.fromEntries(Object.entries(error.extra).filter(([, v]) => v !== undefined)),
    },
  });

  /** Runs a handler as Stripe runs a request: logged, once per Idempotency-Key, its effects in one transaction. */
  const handle = (handler: Handler) => async (c: Context) => {
    const query = new URL(c.req.url).search.slice(1);
    const params = c.req.method === 'POST' ? parseForm(await c.req.text()) : parseForm(query);
    const account = c.req.header('stripe-account') ?? null;
    const key = c.req.header('idempotency-key') ?? null;
    requests.push({ method: c.req.method, path: c.req.path, account, idempotencyKey: key, params });
    // A long demo keeps the latest requests only.
    if (requests.length > 5_000) requests.splice(0, requests.length - 5_000);
    if (failNext > 0) {
      failNext -= 1;
      return c.json({ error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } }, 500);
    }
    const requestId = c.res.headers.get('request-id');
    // A refusal (a StripeError thrown) rolls back whatever the handler had written.
    const run = (): { status: number; body: string } => {
      current = { id: requestId, idempotency_key: key };
      try {
        const result = handler(c, params, account);
        const paths = Array.isArray(params.expand) ? (params.expand as string[]) : [];
        return { status: result.status ?? 200, body: JSON.stringify(expand(result.body, paths)) };
      } finally {
        current = null;
      }
    };
    let answer: { status: number; body: string; replayed: boolean };
    try {
      answer = state.tx(() => {
        if (!key || c.req.method !== 'POST') return { ...run(), replayed: false };
        // Stripe keeps keys per account; a key's first answer is replayed for the same request.
        const scoped = `${account ?? ''}:${key}`;
        const fingerprint = JSON.stringify([c.req.path, params]);
        const earlier = state.idempotent(scoped);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint)
            return {
              status: 400,
              body: JSON.stringify(
                errorBody(
                  new StripeError(
                    400,
                    'idempotency_error',
                    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                  ),
                ),
              ),
              replayed: false,
            };
          return { status: earlier.status, body: earlier.body, replayed: true };
        }
        const result = run();
        state.remember(scoped, fingerprint, result.status, result.body);
        return { ...result, replayed: false };
      });
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      // A refused request (a 400, a 404) is not remembered: the same key may be used again.
      answer = { status: error.status, body: JSON.stringify(errorBody(error)), replayed: false };
    }
    if (key) c.header('Idempotency-Key', key);
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    void pump();
    return c.body(answer.body, answer.status as 200, { 'content-type': 'application/json' });
  };

  const browserBase = (c: Context) =>
    options.browserBase ? options.browserBase() : `${new URL(c.req.url).origin}${c.req.path.replace(/\/v1\/.*$/, '')}`;

  // Checkout Sessions --------------------------------------------------------------------------------------
  app.post(
    '/v1/checkout/sessions',
    handle((c, params) => {
      if (params.mode !== 'payment')
        throw invalid('The stand-in makes Checkout Sessions with mode=payment only.', 'mode');
      const items = params.line_items;
      if (!Array.isArray(items) || items.length === 0)
        throw invalid('You must specify `line_items` in `payment` mode.', 'line_items');
      // API versions from 2026 name the list allowed_payment_method_types (a filter of the eligible methods: here
      // the methods themselves); older ones payment_method_types. Without either: card.
      const allowed = params.allowed_payment_method_types as string[] | undefined;
      const field = allowed !== undefined ? 'allowed_payment_method_types' : 'payment_method_types';
      const types = allowed ?? (params.payment_method_types as string[] | undefined) ?? ['card'];
      if (!Array.isArray(types) || types.length === 0) throw invalid('Invalid array', field);
      for (const type of types)
        if (type !== 'card' && type !== 'us_bank_account')
          throw invalid(
            `The payment method type "${type}" is invalid. The stand-in takes "card" and "us_bank_account".`,
            field,
          );
      let currency: string | null = null;
      const created = seconds(now());
      const lines: Obj[] = items.map((raw, index) => {
        const item = raw as Params;
        const quantity = Number(item.quantity ?? 1);
        if (!Number.isInteger(quantity) || quantity < 1)
          throw invalid('Quantity must be a whole number of at least 1.', `line_items[${index}][quantity]`);
        if (item.price) throw noSuch('price', String(item.price), `line_items[${index}][price]`);
        const data = item.price_data as Params | undefined;
        if (!data) throw invalid('You must specify either `price` or `price_data`.', `line_items[${index}]`);
        const unit = Number(data.unit_amount);
        if (!/^\d+$/.test(String(data.unit_amount ?? '')) || unit > 99_999_999)
          throw invalid('Invalid integer', `line_items[${index}][price_data][unit_amount]`);
        const name = str((data.product_data as Params | undefined)?.name);
        if (!name)
          throw invalid('Missing required param: name.', `line_items[${index}][price_data][product_data][name]`);
        const lineCurrency = String(data.currency ?? '').toLowerCase();
        if (lineCurrency !== 'usd')
          throw invalid('The stand-in takes usd only.', `line_items[${index}][price_data][currency]`);
        currency = lineCurrency;
        return {
          id: randomId('li'),
          object: 'item',
          amount_discount: 0,
          amount_subtotal: unit * quantity,
          amount_tax: 0,
          amount_total: unit * quantity,
          currency: lineCurrency,
          description: name,
          price: {
            id: randomId('price'),
            object: 'price',
            currency: lineCurrency,
            unit_amount: unit,
            product: randomId('prod', 14),
            type: 'one_time',
            created,
          },
          quantity,
        };
      });
      const total = lines.reduce((sum, line) => sum + (line.amount_total as number), 0);
      if (total < 50)
        throw invalid("The Checkout Session's total amount due must add up to at least $0.50 usd", 'line_items');
      if (total > 99_999_999)
        throw invalid("The Checkout Session's total amount due must be no more than $999,999.99", 'line_items');
      const success = str(params.success_url);
      if (!success) throw invalid('Missing required param: success_url.', 'success_url');
      for (const field of ['success_url', 'cancel_url'] as const) {
        const value = str(params[field]);
        if (value !== undefined && !/^https?:\/\/\S+$/.test(value)) throw invalid('Not a valid URL', field);
      }
      const reference = str(params.client_reference_id);
      if (reference !== undefined && reference.length > 200)
        throw invalid('client_reference_id is at most 200 characters', 'client_reference_id');
      const metadata = (params.metadata as Params | undefined) ?? {};
      if (Object.keys(metadata).length > 50) throw invalid('Metadata has at most 50 keys', 'metadata');
      const email = str(params.customer_email);
      if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))
        throw invalid('Invalid email address: ' + email, 'customer_email');
      let expiresAt = created + 24 * 3600;
      if (params.expires_at !== undefined) {
        expiresAt = Number(params.expires_at);
        if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600)
          throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', 'expires_at');
      }
      const id = randomId('cs_test', 58);
      const session: Obj = {
        id,
        object: 'checkout.session',
        after_expiration: null,
        allow_promotion_codes: null,
        allowed_payment_method_types: allowed ?? null,
        amount_subtotal: total,
        amount_total: total,
        billing_address_collection: null,
        cancel_url: str(params.cancel_url) ?? null,
        client_reference_id: reference ?? null,
        client_secret: null,
        created,
        currency,
        customer: null,
        customer_creation: 'if_required',
        customer_details: email ? { email, name: null, address: null, phone: null, tax_exempt: 'none' } : null,
        customer_email: email ?? null,
        expires_at: expiresAt,
        invoice: null,
        livemode: false,
        locale: null,
        metadata,
        mode: 'payment',
        payment_intent: null,
        payment_link: null,
        payment_method_collection: 'if_required',
        payment_method_types: types,
        payment_status: 'unpaid',
        recovered_from: null,
        setup_intent: null,
        status: 'open',
        submit_type: null,
        subscription: null,
        success_url: success,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        ui_mode: 'hosted',
        url: `${browserBase(c)}/pay/${id}`,
      };
      state.put(session, {
        private: { line_items: lines, payment_intent_data: (params.payment_intent_data as Params) ?? {} },
      });
      state.schedule(expiresAt * 1000, 'expire_session', id);
      return { body: session };
    }),
  );
  app.get(
    '/v1/checkout/sessions',
    handle((_c, params) => {
      let sessions = state.list<Obj>('checkout.session');
      for (const field of ['payment_intent', 'status', 'client_reference_id'] as const)
        if (params[field]) sessions = sessions.filter((session) => session[field] === params[field]);
      return { body: list('/v1/checkout/sessions', sessions, params) };
    }),
  );
  app.get(
    '/v1/checkout/sessions/:id',
    handle((c) => ({ body: must('checkout session', c.req.param('id')!, 'checkout.session') })),
  );
  app.get(
    '/v1/checkout/sessions/:id/line_items',
    handle((c, params) => {
      const id = c.req.param('id')!;
      must('checkout session', id, 'checkout.session');
      return { body: list(`/v1/checkout/sessions/${id}/line_items`, lineItems(id), params) };
    }),
  );
  app.post(
    '/v1/checkout/sessions/:id/expire',
    handle((c) => ({ body: expireSession(c.req.param('id')!) })),
  );

  // PaymentIntents, charges, payment methods, events -------------------------------------------------------
  const retrieve = (path: string, kind: string, type: string) =>
    app.get(
      path,
      handle((c) => ({ body: must(kind, c.req.param('id')!, type) })),
    );
  retrieve('/v1/payment_intents/:id', 'payment_intent', 'payment_intent');
  retrieve('/v1/charges/:id', 'charge', 'charge');
  retrieve('/v1/payment_methods/:id', 'payment_method', 'payment_method');
  retrieve('/v1/refunds/:id', 'refund', 'refund');
  retrieve('/v1/disputes/:id', 'dispute', 'dispute');
  app.get(
    '/v1/payment_intents',
    handle((_c, params) => ({ body: list('/v1/payment_intents', state.list<Obj>('payment_intent'), params) })),
  );
  app.get(
    '/v1/charges',
    handle((_c, params) => {
      let charges = state.list<Obj>('charge');
      if (params.payment_intent) charges = charges.filter((charge) => charge.payment_intent === params.payment_intent);
      return { body: list('/v1/charges', charges, params) };
    }),
  );
  app.get(
    '/v1/events/:id',
    handle((c) => {
      const event = state.event(c.req.param('id')!);
      if (!event) throw noSuch('event', c.req.param('id')!);
      return { body: JSON.parse(event.body) };
    }),
  );
  app.get(
    '/v1/events',
    handle((_c, params) => {
      const events = state
        .events({ type: str(params.type), limit: 10_000 })
        .map((event) => JSON.parse(event.body) as Obj);
      return { body: list('/v1/events', events, params) };
    }),
  );

  // Refunds ------------------------------------------------------------------------------------------------
  app.post(
    '/v1/refunds',
    handle((_c, params) => {
      let charge: Obj | undefined;
      if (params.charge) charge = must('charge', String(params.charge), 'charge');
      else if (params.payment_intent) {
        const intent = must<Obj>('payment_intent', String(params.payment_intent), 'payment_intent');
        charge = intent.latest_charge ? state.get<Obj>(String(intent.latest_charge)) : undefined;
        if (!charge || intent.status === 'requires_payment_method' || intent.status === 'canceled')
          throw invalid(
            `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            'payment_intent',
            'charge_not_refundable',
          );
      } else
        throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
      if (charge.disputed)
        throw invalid(
          `Charge ${charge.id} has been charged back; cannot issue a refund.`,
          undefined,
          'charge_disputed',
        );
      if (charge.status === 'pending')
        throw invalid(
          `Charge ${charge.id} is still pending: it can be refunded once it has succeeded.`,
          undefined,
          'charge_not_refundable',
        );
      if (charge.status !== 'succeeded')
        throw invalid(
          `Charge ${charge.id} has failed: there is nothing to refund.`,
          undefined,
          'charge_not_refundable',
        );
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!/^\d+$/.test(String(params.amount ?? left)) || amount < 1)
        throw invalid('Invalid positive integer', 'amount');
      if (left === 0)
        throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
      if (amount > left)
        throw invalid(
          `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
          'amount',
          'amount_too_large',
        );
      const bank = (charge.payment_method_details as { type: string }).type === 'us_bank_account';
      const refund: Obj = {
        id: randomId('re'),
        object: 'refund',
        amount,
        balance_transaction: null,
        charge: charge.id,
        created: seconds(now()),
        currency: charge.currency,
        destination_details: bank ? { type: 'us_bank_transfer', us_bank_transfer: {} } : { type: 'card', card: {} },
        // failure_reason: only on a failed refund (Stripe omits it otherwise; set below when the bank refuses).
        metadata: (params.metadata as Params) ?? {},
        payment_intent: charge.payment_intent,
        reason: str(params.reason) ?? null,
        receipt_number: null,
        status: bank ? 'pending' : 'succeeded',
      };
      save(refund);
      charge.amount_refunded = (charge.amount_refunded as number) + amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      save(charge);
      emit('refund.created', refund);
      emit('charge.refunded', charge, { previous: { amount_refunded: (charge.amount_refunded as number) - amount } });
      if (bank) state.schedule(now() + bankDelayMs, 'settle_refund', refund.id);
      return { body: refund };
    }),
  );
  app.get(
    '/v1/refunds',
    handle((_c, params) => {
      let refunds = state.list<Obj>('refund');
      for (const field of ['charge', 'payment_intent'] as const)
        if (params[field]) refunds = refunds.filter((refund) => refund[field] === params[field]);
      return { body: list('/v1/refunds', refunds, params) };
    }),
  );

  // Disputes -----------------------------------------------------------------------------------------------
  app.get(
    '/v1/disputes',
    handle((_c, params) => {
      let disputes = state.list<Obj>('dispute');
      for (const field of ['charge', 'payment_intent'] as const)
        if (params[field]) disputes = disputes.filter((dispute) => dispute[field] === params[field]);
      return { body: list('/v1/disputes', disputes, params) };
    }),
  );
  app.post(
    '/v1/disputes/:id',
    handle((c, params) => {
      const dispute = must<Obj>('dispute', c.req.param('id')!, 'dispute');
      if (dispute.status === 'won' || dispute.status === 'lost')
        throw invalid(`This dispute is already closed (${String(dispute.status)}).`);
      const previous: Params = {};
      if (params.metadata) {
        previous.metadata = dispute.metadata;
        dispute.metadata = { ...(dispute.metadata as Params), ...(params.metadata as Params) };
      }
      if (params.evidence) {
        previous.evidence = dispute.evidence;
        dispute.evidence = { ...(dispute.evidence as Params), ...(params.evidence as Params) };
        (dispute.evidence_details as Params).has_evidence = true;
      }
      if (params.submit === 'true') {
        previous.status = dispute.status;
        dispute.status = 'under_review';
        (dispute.evidence_details as Params).submission_count =
          ((dispute.evidence_details as Params).submission_count as number) + 1;
      }
      save(dispute);
      emit('charge.dispute.updated', dispute, { previous });
      return { body: dispute };
    }),
  );
  // Accepting a dispute: it is lost.
  app.post(
    '/v1/disputes/:id/close',
    handle((c) => ({ body: closeDispute(c.req.param('id')!, 'lost') })),
  );

  // Connect: the payout rail --------------------------------------------------------------------------------
  // A new account is restricted, as Stripe makes it: what Stripe needs before it pays out is in
  // requirements.currently_due, `transfers` is inactive, payouts and charges are disabled. The account holder completes
  // it on the onboarding page an Account Link opens (below); until then transfers and payouts to it are refused.
  app.post(
    '/v1/accounts',
    handle((_c, params) => {
      const type = str(params.type) ?? 'custom';
      if (!['custom', 'express', 'standard'].includes(type))
        throw invalid(`Invalid type: must be one of custom, express, or standard`, 'type');
      const requested = (params.capabilities ?? {}) as Record<string, { requested?: string }>;
      const due = [...ONBOARDING_REQUIREMENTS];
      const account: Obj = {
        id: randomId('acct', 16),
        object: 'account',
        type,
        country: params.country ?? 'US',
        email: String(params.email ?? ''),
        business_type: params.business_type ?? null,
        business_profile: { url: null, mcc: null, name: null, product_description: null },
        capabilities: Object.fromEntries(
          Object.entries(requested)
            .filter(([, value]) => value?.requested === 'true')
            .map(([name]) => [name, 'inactive']),
        ),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        created: seconds(now()),
        default_currency: 'usd',
        metadata: params.metadata ?? {},
        requirements: requirementsOf(due),
        future_requirements: requirementsOf([]),
        tos_acceptance: { date: null, ip: null, user_agent: null },
        external_accounts: { object: 'list', data: [], has_more: false, url: '/v1/accounts/external_accounts' },
      };
      save(account);
      return { body: account };
    }),
  );
  app.post(
    '/v1/account_links',
    handle((c, params) => {
      const accountId = str(params.account);
      if (!accountId) throw invalid('Missing required param: account.', 'account');
      must('account', accountId, 'account');
      const type = str(params.type);
      if (type !== 'account_onboarding' && type !== 'account_update')
        throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
      for (const field of ['refresh_url', 'return_url'] as const) {
        const value = str(params[field]);
        if (!value) throw invalid(`Missing required param: ${field}.`, field);
        if (!/^https?:\/\/\S+$/.test(value)) throw invalid('Not a valid URL', field);
      }
      const token = randomId('link', 24);
      const created = seconds(now());
      // An Account Link is good for one visit within a few minutes (Stripe: expires_at, single use).
      state.setSetting(
        `account_link:${token}`,
        JSON.stringify({
          account: accountId,
          refresh_url: params.refresh_url,
          return_url: params.return_url,
          expires_at: created + ACCOUNT_LINK_SECONDS,
        }),
      );
      return {
        body: {
          object: 'account_link',
          created,
          expires_at: created + ACCOUNT_LINK_SECONDS,
          url: `${browserBase(c)}/onboard/${token}`,
        },
      };
    }),
  );
  retrieve('/v1/accounts/:id', 'account', 'account');
  app.post(
    '/v1/accounts/:account/external_accounts',
    handle((c, params) => {
      const accountId = c.req.param('account')!;
      must('account', accountId, 'account');
      const bank = (params.external_account ?? {}) as Params;
      const routing = String(bank.routing_number ?? '');
      if (!/^\d{9}$/.test(routing) || refusedRoutingNumbers.has(routing))
        throw invalid(`Routing number ${routing} is invalid.`, 'external_account[routing_number]');
      const external: Obj = {
        id: randomId('ba'),
        object: 'bank_account',
        account: accountId,
        account_holder_name: bank.account_holder_name ?? null,
        bank_name: 'STRIPE TEST BANK',
        country: bank.country ?? 'US',
        currency: bank.currency,
        default_for_currency: params.default_for_currency === 'true',
        last4: String(bank.account_number ?? '').slice(-4),
        routing_number: routing,
        status: 'new',
      };
      state.put(external, { account: accountId });
      return { body: external };
    }),
  );
  app.post(
    '/v1/transfers',
    handle((_c, params) => {
      const destination = state.get<Obj>(String(params.destination));
      if (!destination || destination.object !== 'account')
        throw invalid(`No such destination: '${String(params.destination)}'`, 'destination');
      const capabilities = (destination.capabilities ?? {}) as Record<string, string>;
      if (!['transfers', 'crypto_transfers', 'legacy_payments'].some((name) => capabilities[name] === 'active'))
        throw invalid(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'destination',
          'insufficient_capabilities_for_transfer',
        );
      const transfer: Obj = {
        id: randomId('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        created: seconds(now()),
        currency: params.currency,
        destination: params.destination,
        metadata: params.metadata ?? {},
        reversed: false,
        transfer_group: params.transfer_group ?? null,
      };
      save(transfer);
      return { body: transfer };
    }),
  );
  app.post(
    '/v1/payouts',
    handle((_c, params, account) => {
      if (!account || state.get<Obj>(account)?.object !== 'account')
        throw invalid('Payouts are made on a connected account: send Stripe-Account');
      if (state.get<Obj>(account)!.payouts_enabled !== true)
        throw invalid(
          "Payouts have been disabled on the connected account. Check the connected account's status to see if any additional information needs to be provided, or if payouts have been disabled for another reason.",
          undefined,
          'payouts_not_allowed',
        );
      const payout: Obj = {
        id: randomId('po'),
        object: 'payout',
        amount: Number(params.amount),
        arrival_date: seconds(now()) + 2 * 86400,
        created: seconds(now()),
        currency: params.currency,
        failure_code: null,
        failure_message: null,
        metadata: params.metadata ?? {},
        method: 'standard',
        statement_descriptor: params.statement_descriptor ?? null,
        status: 'pending',
        type: 'bank_account',
      };
      state.put(payout, { account });
      // Paid at the bank after the same delay as a bank debit (a test-mode payout), its payout.paid to Connect.
      state.schedule(now() + bankDelayMs, 'settle_payout', payout.id);
      return { body: payout };
    }),
  );
  app.get(
    '/v1/payouts/:id',
    handle((c, _params, account) => {
      const id = c.req.param('id')!;
      const payout = state.get<Obj>(id);
      if (!payout || payout.object !== 'payout' || state.accountOf(id) !== account) throw noSuch('payout', id);
      return { body: payout };
    }),
  );
  app.all('/v1/*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The Stripe stand-in answers the calls Castbridge makes.`,
        },
      },
      404,
    ),
  );

  function settlePayout(
    payoutId: string,
    status: 'paid' | 'failed' | 'canceled',
    failureMessage: string | null,
    notify: boolean,
  ) {
    const payout = state.get<Obj>(payoutId);
    if (!payout || payout.object !== 'payout') throw noSuch('payout', payoutId);
    state.unschedule('settle_payout', payoutId);
    const previous = { status: payout.status };
    payout.status = status;
    payout.failure_message = status === 'paid' ? null : failureMessage;
    if (status === 'failed') payout.failure_code = 'account_closed';
    save(payout);
    if (notify) emit(`payout.${status}`, payout, { previous, account: state.accountOf(payoutId) });
    return payout;
  }

  // ------------------------------------------------------------------------------------------------ the test page

  /** The page and its form: GET shows the session, POST is one attempt to pay (Post/Redirect/Get on success). */
  const sessionFor = (id: string) => {
    const session = state.get<Obj>(id);
    return session?.object === 'checkout.session' ? session : undefined;
  };
  const pageOf = (session: Obj, form: PayForm = {}) =>
    payPage({ session, lines: lineItems(session.id), form, bankDelayMs });
  app.get('/pay/:id', (c) => {
    c.header('Cache-Control', 'no-store');
    const session = sessionFor(c.req.param('id'));
    if (!session)
      return c.html(messagePage('Payment page not found', 'There is no checkout session with this address.'), 404);
    return c.html(pageOf(session));
  });
  app.post('/pay/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = c.req.param('id');
    let form: Record<string, string>;
    try {
      form = Object.fromEntries(
        Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
      );
    } catch {
      form = {};
    }
    const outcome = state.tx(() => {
      const session = sessionFor(id);
      if (!session) return { status: 404 as const };
      if (session.status === 'complete') return { redirect: String(session.success_url) };
      if (session.status !== 'open') return { page: pageOf(session), status: 410 as const };
      const method = form.method === 'us_bank_account' ? 'us_bank_account' : 'card';
      const values: PayForm = { ...form, method };
      const fail = (message: string, field: string, status: 400 | 402 = 400) => ({
        page: pageOf(session, { ...values, error: { message, field } }),
        status,
      });
      if (!(session.payment_method_types as string[]).includes(method))
        return fail('This payment method is not offered for this payment.', 'method');
      const email = (form.email ?? '').trim() || String(session.customer_email ?? '');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return fail('Enter a valid email address.', 'email');
      const name = (form.name ?? '').trim().slice(0, 200);
      let payment: Payment;
      if (method === 'card') {
        const number = (form.card_number ?? '').replace(/[\s-]/g, '');
        if (!/^\d{12,19}$/.test(number) || !luhn(number)) return fail('Your card number is invalid.', 'card_number');
        if (!(number in TEST_CARDS))
          return fail(
            'Your card was declined. This is a test page: use one of the test cards listed below.',
            'card_number',
            402,
          );
        const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
        const month = expiry ? Number(expiry[1]) : 0;
        const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
        const today = new Date(now());
        if (!expiry || month < 1 || month > 12)
          return fail("Your card's expiration date is incomplete: write it as MM / YY.", 'expiry');
        if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
          return fail("Your card's expiration year is in the past.", 'expiry');
        if (!/^\d{3}$/.test((form.cvc ?? '').trim())) return fail("Your card's security code is incomplete.", 'cvc');
        payment = { type: 'card', number, expMonth: month, expYear: year, name };
      } else {
        if (!name) return fail('Enter the account holder’s full name.', 'name');
        const routing = (form.routing_number ?? '').replace(/\s/g, '');
        const accountNumber = (form.account_number ?? '').replace(/\s/g, '');
        if (!/^\d{9}$/.test(routing)) return fail('The routing number is 9 digits.', 'routing_number');
        if (routing !== TEST_ROUTING_NUMBER)
          return fail(`This is a test page: use the test routing number ${TEST_ROUTING_NUMBER}.`, 'routing_number');
        if (!(accountNumber in TEST_BANK_ACCOUNTS))
          return fail('This is a test page: use one of the test account numbers listed below.', 'account_number');
        payment = { type: 'us_bank_account', routing, account: accountNumber, name };
      }
      const paid = pay(session, payment, email);
      if (!paid.ok) return fail(paid.message, 'card_number', 402);
      return { redirect: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) };
    });
    void pump();
    if ('redirect' in outcome) return c.redirect(outcome.redirect!, 303);
    if (!('page' in outcome) || outcome.page === undefined)
      return c.html(messagePage('Payment page not found', 'There is no checkout session with this address.'), 404);
    return c.html(outcome.page, outcome.status);
  });

  // ------------------------------------------------------------------------------------------------ onboarding

  type AccountLink = { account: string; refresh_url: string; return_url: string; expires_at: number };
  const linkOf = (token: string): AccountLink | null => {
    const stored = state.setting(`account_link:${token}`);
    return stored ? (JSON.parse(stored) as AccountLink) : null;
  };
  /** An expired or used link sends the browser to refresh_url, as Stripe does (the platform makes a new one). */
  app.get('/onboard/:token', (c) => {
    c.header('Cache-Control', 'no-store');
    const link = linkOf(c.req.param('token'));
    if (!link)
      return c.html(messagePage('Link not found', 'This onboarding link is unknown or was used already.'), 404);
    if (link.expires_at < seconds(now())) return c.redirect(link.refresh_url, 303);
    const account = state.get<Obj>(link.account)!;
    return c.html(onboardingPage({ account, form: {} }));
  });
  app.post('/onboard/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.param('token');
    let form: Record<string, string>;
    try {
      form = Object.fromEntries(
        Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
      );
    } catch {
      form = {};
    }
    const outcome = state.tx(() => {
      const link = linkOf(token);
      if (!link) return { status: 404 as const };
      if (link.expires_at < seconds(now())) return { redirect: link.refresh_url };
      const account = state.get<Obj>(link.account)!;
      const fail = (message: string, field: string) => ({
        page: onboardingPage({ account, form: { ...form, error: { message, field } } }),
        status: 400 as const,
      });
      if (!form.first_name) return fail('Enter your first name.', 'first_name');
      if (!form.last_name) return fail('Enter your last name.', 'last_name');
      const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(form.dob ?? '');
      const born = dob ? Date.UTC(Number(dob[1]), Number(dob[2]) - 1, Number(dob[3])) : NaN;
      if (!dob || Number.isNaN(born) || new Date(born).getUTCDate() !== Number(dob[3]))
        return fail('Enter your date of birth as YYYY-MM-DD.', 'dob');
      if (now() - born < 18 * 365.25 * 86_400_000) return fail('You must be at least 18 years old.', 'dob');
      if (!/^\d{4}$/.test(form.ssn_last_4 ?? '')) return fail('Enter the last 4 digits: four numbers.', 'ssn_last_4');
      if (!/^https?:\/\/\S+\.\S+$/.test(form.url ?? ''))
        return fail('Enter an address that starts with https://.', 'url');
      const routing = (form.routing_number ?? '').replace(/\s/g, '');
      if (!/^\d{9}$/.test(routing) || refusedRoutingNumbers.has(routing))
        return fail('Enter a valid 9-digit routing number.', 'routing_number');
      const number = (form.account_number ?? '').replace(/\s/g, '');
      if (!/^\d{4,17}$/.test(number)) return fail('Enter your account number: 4 to 17 digits.', 'account_number');
      if (form.tos !== 'accepted') return fail("Accept Stripe's agreement to continue.", 'tos');
      const previous = {
        requirements: account.requirements,
        capabilities: account.capabilities,
        payouts_enabled: account.payouts_enabled,
        charges_enabled: account.charges_enabled,
        details_submitted: account.details_submitted,
      };
      const external: Obj = {
        id: randomId('ba'),
        object: 'bank_account',
        account: account.id,
        account_holder_name: `${form.first_name} ${form.last_name}`,
        bank_name: 'STRIPE TEST BANK',
        country: 'US',
        currency: 'usd',
        default_for_currency: true,
        last4: number.slice(-4),
        routing_number: routing,
        status: 'new',
      };
      state.put(external, { account: account.id });
      const [year, month, day] = [Number(dob[1]), Number(dob[2]), Number(dob[3])];
      Object.assign(account, {
        business_profile: { ...(account.business_profile as Params), url: form.url },
        individual: { first_name: form.first_name, last_name: form.last_name, dob: { day, month, year } },
        tos_acceptance: { date: seconds(now()), ip: '127.0.0.1', user_agent: c.req.header('user-agent') ?? null },
        capabilities: Object.fromEntries(
          Object.keys((account.capabilities ?? {}) as Params).map((name) => [name, 'active']),
        ),
        requirements: requirementsOf([]),
        payouts_enabled: true,
        charges_enabled: true,
        details_submitted: true,
        external_accounts: {
          object: 'list',
          data: [external],
          has_more: false,
          url: `/v1/accounts/${account.id}/external_accounts`,
        },
      });
      save(account);
      // Used: a second visit goes to refresh_url.
      state.setSetting(`account_link:${token}`, JSON.stringify({ ...link, expires_at: 0 }));
      emit('account.updated', account, { previous, account: account.id });
      return { redirect: link.return_url };
    });
    if ('redirect' in outcome && outcome.redirect) {
      // The account.updated reaches the Connect endpoint before the browser is back.
      await pump();
      return c.redirect(outcome.redirect, 303);
    }
    if (!('page' in outcome) || !outcome.page)
      return c.html(messagePage('Link not found', 'This onboarding link is unknown or was used already.'), 404);
    return c.html(outcome.page, outcome.status);
  });

  // ------------------------------------------------------------------------------------------------ control

  const controlError = (c: Context, error: unknown) => {
    if (error instanceof StripeError) return c.json({ message: error.message }, error.status === 404 ? 404 : 400);
    throw error;
  };
  const body = async (c: Context): Promise<Params> => {
    const type = c.req.header('content-type') ?? '';
    if (type.includes('application/json')) return ((await c.req.json().catch(() => ({}))) ?? {}) as Params;
    if (type.includes('form')) return (await c.req.parseBody()) as Params;
    return {};
  };
  /** A control call: its effect in one transaction, then the pump (and, for the page's forms, back to the page). */
  const control =
    (work: (c: Context, params: Params) => unknown | Promise<unknown>, status: 200 | 201 = 200) =>
    async (c: Context) => {
      c.header('Cache-Control', 'no-store');
      const params = await body(c);
      let result: unknown;
      try {
        result = await work(c, params);
      } catch (error) {
        if (params.back && error instanceof StripeError)
          return c.redirect(`${rootOf(c)}/?error=${encodeURIComponent(error.message)}`, 303);
        return controlError(c, error);
      }
      void pump();
      if (params.back) return c.redirect(`${rootOf(c)}/?done=${encodeURIComponent(String(params.back))}`, 303);
      return c.json(result as object, status);
    };
  const rootOf = (c: Context) => c.req.path.replace(/\/control\/.*$/, '');
  const eventView = (event: StoredEvent) => {
    const parsed = JSON.parse(event.body) as { data: { object: Obj } };
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      objectId: parsed.data.object.id,
      deliverAt: event.deliverAt,
      delivered: event.deliveredAt !== null,
      deliveredAt: event.deliveredAt,
      attempts: event.attempts,
      lastStatus: event.lastStatus,
      lastError: event.lastError,
      gaveUp: event.gaveUp,
      deliveries: state.deliveries(event.id),
      event: JSON.parse(event.body) as Obj,
    };
  };
  const eventOr404 = (id: string) => {
    const event = state.event(id);
    if (!event) throw noSuch('event', id);
    return event;
  };
  const controlPageNow = (c: Context, notice: { done?: string; error?: string }) =>
    controlPage({
      sessions: state.list<Obj>('checkout.session').slice(0, 50),
      intents: state.list<Obj>('payment_intent').slice(0, 50),
      charges: state.list<Obj>('charge').slice(0, 50),
      refunds: state.list<Obj>('refund').slice(0, 50),
      disputes: state.list<Obj>('dispute').slice(0, 50),
      events: state.events({ limit: 50 }),
      scheduled: (id) => state.scheduled(id),
      notice,
      webhooks: deliver !== null,
      // Mounted under the platforms' stand-ins (/standin/stripe/): their page is one level up.
      platforms: c.req.path !== '/',
    });

  app.get('/control/events', (c) => {
    c.header('Cache-Control', 'no-store');
    const limit = Math.min(1000, Number(c.req.query('limit') ?? 100) || 100);
    return c.json({ events: state.events({ type: c.req.query('type'), limit }).map(eventView) });
  });
  app.get('/control/events/:id', (c) => {
    try {
      return c.json(eventView(eventOr404(c.req.param('id'))));
    } catch (error) {
      return controlError(c, error);
    }
  });
  app.post(
    '/control/events/:id/resend',
    control(async (c) => send(eventOr404(c.req.param('id')!), 'resend')),
  );
  app.post(
    '/control/events/:id/duplicate',
    control(async (c, params) => {
      const event = eventOr404(c.req.param('id')!);
      const copies = Math.min(20, Math.max(2, Number(params.copies ?? 2) || 2));
      return { deliveries: await Promise.all(Array.from({ length: copies }, () => send(event, 'duplicate'))) };
    }),
  );
  app.post(
    '/control/events/:id/delay',
    control((c, params) => {
      const event = eventOr404(c.req.param('id')!);
      const ms = Number(params.ms ?? 0);
      if (!Number.isFinite(ms) || ms < 0) throw invalid('ms is a number of milliseconds');
      if (!state.reschedule(event.id, now() + ms)) throw invalid(`Event ${event.id} has been delivered already`);
      return eventView(state.event(event.id)!);
    }),
  );
  /** Holds the delivery of the next `count` events (all, without count) by `ms`; ms 0 ends the hold. */
  app.post(
    '/control/webhooks/delay',
    control((_c, params) => {
      const ms = Number(params.ms ?? 0);
      if (!Number.isFinite(ms) || ms < 0) throw invalid('ms is a number of milliseconds');
      const count = params.count === undefined ? null : Number(params.count);
      if (count !== null && (!Number.isInteger(count) || count < 1)) throw invalid('count is a whole number from 1');
      state.tx(() => state.setSetting('hold', ms > 0 ? JSON.stringify({ ms, count }) : null));
      return { ms, count };
    }),
  );
  /** Does every piece of work due now (settlements, expiries, deliveries) and answers when it is done. */
  app.post(
    '/control/flush',
    control(async () => {
      await pump();
      return { pending: state.events({ limit: 10_000 }).filter((e) => !e.deliveredAt && !e.gaveUp).length };
    }),
  );
  app.post(
    '/control/payment_intents/:id/settle',
    control((c, params) => {
      const outcome = params.outcome === 'failed' ? 'failed' : params.outcome === 'succeeded' ? 'succeeded' : undefined;
      return state.tx(() => settlePayment(c.req.param('id')!, outcome));
    }),
  );
  app.post(
    '/control/refunds/:id/settle',
    control((c, params) =>
      state.tx(() => settleRefund(c.req.param('id')!, params.status === 'failed' ? 'failed' : 'succeeded')),
    ),
  );
  app.post(
    '/control/disputes',
    control(
      (_c, params) =>
        state.tx(() => {
          let charge: Obj | undefined;
          if (params.charge) charge = must<Obj>('charge', String(params.charge), 'charge');
          else if (params.payment_intent) {
            const intent = must<Obj>('payment_intent', String(params.payment_intent), 'payment_intent');
            charge = intent.latest_charge ? state.get<Obj>(String(intent.latest_charge)) : undefined;
          }
          if (!charge) throw invalid('Send the charge or the payment_intent to dispute');
          const amount =
            params.amount === undefined || params.amount === '' ? (charge.amount as number) : Number(params.amount);
          return openDispute(charge, amount, str(params.reason) || 'fraudulent');
        }),
      201,
    ),
  );
  app.post(
    '/control/disputes/:id/close',
    control((c, params) => {
      if (params.status !== 'won' && params.status !== 'lost') throw invalid('status is won or lost');
      return state.tx(() => closeDispute(c.req.param('id')!, params.status as 'won' | 'lost'));
    }),
  );
  app.post(
    '/control/payouts/:id/settle',
    control((c, params) => {
      const status = params.status;
      if (status !== 'paid' && status !== 'failed' && status !== 'canceled')
        throw invalid('status is paid, failed or canceled');
      return state.tx(() =>
        settlePayout(
          c.req.param('id')!,
          status,
          str(params.failure_message) ?? 'The bank account has been closed.',
          true,
        ),
      );
    }),
  );

  // The control page: at the root with a trailing slash, so its forms' relative actions stay under the stand-in.
  // Hono routes a mounted app's root without the slash, hence the middleware (as the platforms' control page does).
  const showControl = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    const short = (value: string | undefined) => (value && value.length <= 300 ? value : undefined);
    return c.html(controlPageNow(c, { done: short(c.req.query('done')), error: short(c.req.query('error')) }));
  };
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' && c.req.path.endsWith('/') && !/\/(v1|pay|onboard|control)\//.test(c.req.path))
      return showControl(c);
    await next();
  });
  app.get('/', (c) => c.redirect(`${c.req.path}/`, 302));

  return {
    app,
    /** Requests seen by this process (tests). */
    requests,
    /** Connected accounts by id, with their external accounts (a snapshot). */
    get accounts() {
      const externals = state.list<Obj>('bank_account');
      return new Map(
        state
          .list<Obj>('account')
          .reverse()
          .map((account) => [
            account.id,
            {
              ...account,
              email: String(account.email),
              externalAccounts: externals.filter((b) => b.account === account.id),
            },
          ]),
      );
    },
    get transfers(): Obj[] {
      return state.list<Obj>('transfer').reverse();
    },
    /** Payouts by id, each with the connected account it was made on (a snapshot). */
    get payouts() {
      return new Map(
        state
          .list<Obj>('payout')
          .reverse()
          .map((payout) => [
            payout.id,
            { ...payout, account: state.accountOf(payout.id) } as Obj & { account: string | null },
          ]),
      );
    },
    get<T extends Obj = Obj>(id: string): T | undefined {
      return state.get<T>(id);
    },
    list<T extends Obj = Obj>(type: string): T[] {
      return state.list<T>(type);
    },
    /** The next `count` API requests answer 500 (the SDK and the jobs retry with the same keys). */
    failNext(count: number) {
      failNext = count;
    },
    /** Routing numbers Stripe refuses as invalid. */
    refuseRoutingNumber(routing: string) {
      refusedRoutingNumbers.add(routing);
    },
    setBankDelay(ms: number) {
      bankDelayMs = ms;
    },
    /** Where webhooks go from now on (null: kept, not delivered). */
    setWebhookEndpoint(send: StripeStandInOptions['deliver'] | null) {
      deliver = send ?? null;
    },
    /** Where connected accounts' events go from now on (null: kept, not delivered). */
    setConnectWebhookEndpoint(send: StripeStandInOptions['deliverConnect'] | null) {
      deliverConnect = send ?? null;
    },
    /** The payout paid or failed at the bank, as GET /v1/payouts/:id will answer; with `notify`, its event is sent. */
    settle(
      payoutId: string,
      status: 'paid' | 'failed' | 'canceled',
      failureMessage: string | null = null,
      notify = false,
    ) {
      const payout = state.tx(() => settlePayout(payoutId, status, failureMessage, notify));
      void pump();
      return { ...payout, account: state.accountOf(payoutId) } as Obj & { account: string | null };
    },
    settlePayment(intentId: string, outcome?: 'succeeded' | 'failed') {
      const intent = state.tx(() => settlePayment(intentId, outcome));
      void pump();
      return intent;
    },
    settleRefund(refundId: string, status: 'succeeded' | 'failed') {
      const refund = state.tx(() => settleRefund(refundId, status));
      void pump();
      return refund;
    },
    openDispute(paymentIntentId: string, options: { amount?: number; reason?: string } = {}) {
      const dispute = state.tx(() => {
        const intent = must<Obj>('payment_intent', paymentIntentId, 'payment_intent');
        const charge = state.get<Obj>(String(intent.latest_charge));
        if (!charge) throw invalid(`PaymentIntent ${paymentIntentId} has no charge`);
        return openDispute(charge, options.amount ?? (charge.amount as number), options.reason ?? 'fraudulent');
      });
      void pump();
      return dispute;
    },
    closeDispute(disputeId: string, status: 'won' | 'lost') {
      const dispute = state.tx(() => closeDispute(disputeId, status));
      void pump();
      return dispute;
    },
    /** Events sent (newest first), with their deliveries. */
    events(filter: { type?: string } = {}) {
      return state.events({ type: filter.type, limit: 10_000 }).map(eventView);
    },
    /** Does all the work due now and waits for it (deliveries included). */
    flush: () => pump(),
    /**
     * A connected account's payout event as Stripe delivers it to the Connect endpoint: the raw body and its
     * Stripe-Signature header (signed with the Connect secret unless another is given).
     */
    event(
      type: 'payout.paid' | 'payout.failed' | 'payout.canceled',
      payoutId: string,
      secret = connectSecret,
    ): { body: string; signature: string } {
      const payout = state.get<Obj>(payoutId)!;
      const body = JSON.stringify({
        id: randomId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        type,
        account: state.accountOf(payoutId),
        created: seconds(now()),
        livemode: false,
        data: { object: payout },
      });
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    /** Signs `body` as a webhook (with another secret: a forgery). */
    sign(body: string, secret = options.webhookSecret) {
      return Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    },
    /** Stops the pump (after the delivery in flight) and closes the state. */
    async close() {
      closed = true;
      clearInterval(ticker);
      await running;
      state.close();
    },
  };
}

export type StripeStandInCore = ReturnType<typeof createStripeStandIn>;

/**
 * The stand-in on a port of its own (127.0.0.1, a free port), for tests: `url` is its API base (STRIPE_API_BASE) and
 * its pages' base; `webhookUrl` (or setWebhookEndpoint) is where its events go.
 */
export async function startStripeStandIn(
  options: Omit<StripeStandInOptions, 'browserBase' | 'deliver' | 'deliverConnect'> & {
    webhookUrl?: string;
    connectWebhookUrl?: string;
  },
) {
  let url = '';
  const core = createStripeStandIn({
    ...options,
    browserBase: () => url,
    deliver: options.webhookUrl ? webhookTo(options.webhookUrl) : undefined,
    deliverConnect: options.connectWebhookUrl ? webhookTo(options.connectWebhookUrl) : undefined,
  });
  const server = await new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const listening = serve({ fetch: core.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      keepConnections(listening);
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => listening.close(() => done())),
      });
    });
  });
  url = server.url;
  const closeCore = core.close;
  return Object.assign(core, {
    url,
    async close() {
      await closeCore();
      await server.close();
    },
  });
}

/** Webhooks POSTed to `url` (with a 10 s timeout, as Stripe gives up on a slow endpoint). */
export const webhookTo =
  (url: string) =>
  (body: string, headers: Record<string, string>): Promise<Response> =>
    fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
