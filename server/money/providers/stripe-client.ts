// One Stripe client for everything Castbridge does with Stripe (docs/product.md §Self-serve money): Checkout for
// advertisers' deposits, refunds, disputes' webhooks, and Connect payouts (./stripe.ts). Real Stripe when STRIPE_SECRET_KEY
// is set; offline (`npm start`), the stand-in this server mounts under /standin/stripe (standins/stripe.ts),
// reached in process through selfFetch: the official `stripe` package speaks to both the same way.
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { SelfFetch } from '../../http/self-fetch.ts';

export interface StripeGateway {
  client: Stripe;
  /** Verifies a webhook's signature over its raw body and returns the event (throws on a bad signature). */
  verifyWebhook(rawBody: string, signature: string): Stripe.Event;
  /**
   * Verifies an event of the Connect endpoint with its own secret (STRIPE_CONNECT_WEBHOOK_SECRET); throws on a bad
   * signature. Null when no Connect secret is set.
   */
  verifyConnectWebhook: ((rawBody: string, signature: string) => Stripe.Event) | null;
  /** True offline: the stand-in answers, and its test-card page is the payment page. */
  standIn: boolean;
}

export function createStripeGateway(
  settings: NonNullable<Config['stripe']>,
  selfFetch: Pick<SelfFetch, 'resolve' | 'fetch'>,
): StripeGateway {
  let client: Stripe;
  if (settings.apiBase.startsWith('/')) {
    // A base on this server: the package asks http://<self>/v1/…, answered in process under the stand-in's base.
    const origin = new URL(selfFetch.resolve('/'));
    const prefix = settings.apiBase.replace(/\/+$/, '');
    const fetchOnSelf = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return selfFetch.fetch(new URL(`${prefix}${url.pathname}${url.search}`, origin), init);
    }) as typeof fetch;
    client = new Stripe(settings.secretKey, {
      host: origin.hostname,
      port: 80,
      protocol: 'http',
      httpClient: Stripe.createFetchHttpClient(fetchOnSelf),
      maxNetworkRetries: 0,
      appInfo: { name: 'Castbridge' },
    });
  } else {
    const base = new URL(settings.apiBase);
    client = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Castbridge' },
    });
  }
  const verify = (secret: string) => (rawBody: string, signature: string) => {
    // Stripe's tolerance: a signature more than 300 s old is a replay (the package checks that); one from the
    // future is refused too (the package lets it pass), beyond a few seconds of clocks that differ.
    const stamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? NaN);
    if (Number.isFinite(stamp) && stamp > Date.now() / 1000 + FUTURE_SKEW_SECONDS)
      throw new Error('Timestamp is in the future');
    return client.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  };
  return {
    client,
    verifyWebhook: verify(settings.webhookSecret),
    verifyConnectWebhook: settings.connectWebhookSecret ? verify(settings.connectWebhookSecret) : null,
    standIn: settings.standIn,
  };
}

/** How old a webhook's signature may be (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** How far ahead of our clock a signature's timestamp may be (clocks differ by a little). */
export const FUTURE_SKEW_SECONDS = 5;
