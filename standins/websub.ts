// A local stand-in for Google's WebSub (PubSubHubbub 0.4) hub as YouTube uses it: the hub a subscriber asks for a
// channel's Atom feed (https://developers.google.com/youtube/v3/guides/push_notifications), and that pushes an Atom
// entry to every subscriber when the channel adds a video — a live broadcast included, scheduled or started at once —
// or retitles one. Held to what Google and the specifications publish (published/websub.ts, each rule with its
// source):
// - Subscribing: a form POST to `…/pubsubhubbub/subscribe` (the YouTube stand-in serves it at
//   /youtube/pubsubhubbub/subscribe; `npm start` mounts that at /standin/youtube/pubsubhubbub/subscribe) with
//   hub.callback, hub.mode, hub.topic and optionally hub.lease_seconds and hub.secret. What the hub refuses it refuses
//   with the hub's own 400 and plain-text words: a callback or topic that is not an http(s) URL without a fragment on
//   an allowed port, a mode that is neither subscribe nor unsubscribe, a lease that is no integer, a secret of 200
//   bytes or more, and (here) a topic that is not a YouTube channel's feed. What it takes it answers 202, then
//   verifies the intent: a GET to the callback with hub.mode, hub.topic, a random hub.challenge and, subscribing,
//   hub.lease_seconds — the lease granted, the asked one within the hub's bounds (5 days when none is asked, 10 at
//   most). Only a 2xx whose body is exactly the challenge carries the request out; anything else leaves the
//   subscription as it was (a renewal that fails does not end the lease that runs). A subscription is the pair
//   (callback, topic): subscribing again replaces its secret and lease. Unsubscribing what is not subscribed: 204.
// - Pushing (`publish`): every subscription of the channel's topic whose lease has not passed gets a POST of the Atom
//   document (Content-Type application/atom+xml, the Link header naming the topic and the hub, X-Hub-Signature
//   sha1=<HMAC of the body with hub.secret> when it gave one). A delivery that fails (no answer, or not 2xx; redirects
//   are not followed) is tried again after 30, 60, 120 and 240 seconds — Google's hub's limits — and then given up;
//   the subscription stays. Every attempt is recorded (`deliveries()`), every verification too (`verifications()`).
// - Subscriptions are kept in a store (`options.store`): the YouTube stand-in's is state.ts's, in DATA_DIR, so every
//   instance of a cluster pushes to the subscriptions any of them verified. Verifications and deliveries in flight are
//   the instance's own. The hub's clock (`now`) dates leases; tests move it to let one pass (or `expire`).
// Only oauth.ts serves it, and only on a stand-in (mount.ts puts it behind the loopback guard).
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  channelOfTopic,
  HUB_ACCEPTED,
  HUB_DEFAULT_LEASE_SECONDS,
  HUB_DELIVERY_RETRY_DELAYS_MS,
  HUB_FETCH_TIMEOUT_MS,
  HUB_MAX_LEASE_SECONDS,
  HUB_NOTHING_TO_REMOVE,
  HUB_PORT_RANGES,
  HUB_SECRET_MAX_BYTES,
  HUB_SIGNATURE_ALGORITHM,
  HUB_SIGNATURE_HEADER,
  hubRefusals,
  youtubeFeedTopic,
  youtubePushFeed,
  youtubePushLinkHeader,
  YOUTUBE_PUSH_CONTENT_TYPE,
  YOUTUBE_PUSH_USER_AGENT,
  type YouTubePushEntry,
} from './published/websub.ts';
import { recordViolation } from './published/conformance.ts';
import type { HubSubscriptionRecord } from './state.ts';

/** Where the hub keeps its verified subscriptions (state.ts's table when the YouTube stand-in runs it). */
export interface HubStore {
  get(callback: string, topic: string): HubSubscriptionRecord | undefined;
  /** Adds or replaces the subscription of (callback, topic). */
  put(record: HubSubscriptionRecord): void;
  remove(callback: string, topic: string): void;
  /** Every subscription, or a topic's; expired ones included. */
  list(topic?: string): HubSubscriptionRecord[];
}

/** Subscriptions in this process's memory (a hub of its own, in tests). */
export function memoryHubStore(): HubStore {
  const records = new Map<string, HubSubscriptionRecord>();
  const key = (callback: string, topic: string) => `${callback}\n${topic}`;
  return {
    get: (callback, topic) => records.get(key(callback, topic)),
    put: (record) => void records.set(key(record.callback, record.topic), { ...record }),
    remove: (callback, topic) => void records.delete(key(callback, topic)),
    list: (topic) => [...records.values()].filter((record) => topic === undefined || record.topic === topic),
  };
}

/** A subscription as the hub's test helpers show it. */
export interface HubSubscriptionView {
  callback: string;
  topic: string;
  /** pending: asked, not verified yet (and none verified before); expired: its lease has passed. */
  state: 'pending' | 'active' | 'expired';
  /** The lease granted (pending: the one its verification offers). */
  leaseSeconds: number;
  /** When the lease ends (ms since the epoch, the hub's clock); null while pending. */
  expiresAt: number | null;
  hasSecret: boolean;
}

/** One verification of intent: what the callback answered and whether that carried the request out. */
export interface HubVerification {
  callback: string;
  topic: string;
  mode: 'subscribe' | 'unsubscribe';
  /** The callback's status; null when it did not answer (refused, timed out). */
  status: number | null;
  verified: boolean;
  at: number;
}

/** One attempt to deliver a push. */
export interface HubDelivery {
  callback: string;
  topic: string;
  videoId: string;
  /** 1 for the first try, then each retry. */
  attempt: number;
  /** The subscriber's status; null when it did not answer (refused, timed out). */
  status: number | null;
  /** Why it failed, when it did without an answer. */
  error: string | null;
  /** Whether it had an X-Hub-Signature (the subscription has a secret). */
  signed: boolean;
  at: number;
}

export interface YouTubeHubOptions {
  /** The hub's clock, for leases (ms since the epoch). Default Date.now. */
  now?: () => number;
  /** How the hub reaches a callback (verification GETs, pushes). Default fetch. */
  deliver?: (url: string, init: RequestInit) => Promise<Response>;
  /** Where verified subscriptions are kept. Default: this process's memory. */
  store?: HubStore;
  /** The waits before each retry of a failed delivery; their number is the retries. Default Google's hub's. */
  retryDelaysMs?: readonly number[];
}

export interface YouTubeHub {
  /** Serves `POST /pubsubhubbub/subscribe` (mount it under `/youtube`). */
  app: Hono;
  /** The channel added a video or retitled one: its topic's subscribers are pushed the Atom entry. */
  publish(entry: YouTubePushEntry): void;
  subscriptions(): HubSubscriptionView[];
  verifications(): HubVerification[];
  deliveries(): HubDelivery[];
  /** Resolves once no verification or delivery (retries included) is in flight. */
  idle(): Promise<void>;
  /** Ends the leases of a topic's subscriptions now (as if they ran out). */
  expire(topic: string): void;
  /** Stops every retry waiting; nothing more is verified or delivered. */
  close(): void;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** hub/main.py's is_valid_url: http or https, no fragment, a port (when given) in the hub's ranges. */
function validUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (value.includes('#')) return false;
  const port = /^[a-z]+:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:]*):(\d+)/i.exec(value)?.[1];
  if (port !== undefined && !HUB_PORT_RANGES.some(([low, high]) => Number(port) >= low && Number(port) <= high))
    return false;
  return true;
}

/** The callback with the hub's parameters appended to its own query. */
function withQuery(callback: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${callback}${callback.includes('?') ? (callback.endsWith('?') || callback.endsWith('&') ? '' : '&') : '?'}${query}`;
}

export function createYouTubeHub(options: YouTubeHubOptions = {}): YouTubeHub {
  const now = options.now ?? Date.now;
  const deliver = options.deliver ?? ((url: string, init: RequestInit) => fetch(url, init));
  const store = options.store ?? memoryHubStore();
  const retryDelays = options.retryDelaysMs ?? HUB_DELIVERY_RETRY_DELAYS_MS;
  const verifications: HubVerification[] = [];
  const deliveries: HubDelivery[] = [];
  // Requests taken and not verified yet, by (callback, topic): the latest one's lease and secret.
  const pending = new Map<string, { leaseSeconds: number; secret: string | null; token: symbol }>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let busy = 0;
  const waiters: (() => void)[] = [];
  const begin = () => {
    busy += 1;
  };
  const end = () => {
    busy -= 1;
    if (busy === 0) for (const resolve of waiters.splice(0)) resolve();
  };
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref?.();
    timers.add(timer);
  };
  const keyOf = (callback: string, topic: string) => `${callback}\n${topic}`;

  /** A GET the subscriber must answer with the challenge; then the request is carried out, or nothing changes. */
  async function verify(request: {
    mode: 'subscribe' | 'unsubscribe';
    callback: string;
    topic: string;
    leaseSeconds: number;
    secret: string | null;
    verifyToken: string;
    token: symbol;
  }) {
    const challenge = crypto.randomBytes(24).toString('base64url');
    const params: Record<string, string> = {
      'hub.mode': request.mode,
      'hub.topic': request.topic,
      'hub.challenge': challenge,
    };
    if (request.mode === 'subscribe') params['hub.lease_seconds'] = String(request.leaseSeconds);
    if (request.verifyToken) params['hub.verify_token'] = request.verifyToken;
    // The lease runs from the verification request (WebSub §5.3).
    const askedAt = now();
    let status: number | null = null;
    let body = '';
    try {
      const answer = await deliver(withQuery(request.callback, params), {
        method: 'GET',
        headers: { 'User-Agent': YOUTUBE_PUSH_USER_AGENT },
        redirect: 'manual',
        signal: AbortSignal.timeout(HUB_FETCH_TIMEOUT_MS),
      });
      status = answer.status;
      body = await answer.text().catch(() => '');
    } catch {
      status = null;
    }
    const verified = !closed && status !== null && status >= 200 && status < 300 && body === challenge;
    verifications.push({
      callback: request.callback,
      topic: request.topic,
      mode: request.mode,
      status,
      verified,
      at: now(),
    });
    const key = keyOf(request.callback, request.topic);
    if (pending.get(key)?.token === request.token) pending.delete(key);
    if (!verified) return;
    if (request.mode === 'subscribe')
      store.put({
        callback: request.callback,
        topic: request.topic,
        secret: request.secret,
        leaseSeconds: request.leaseSeconds,
        expiresAt: askedAt + request.leaseSeconds * 1000,
        verifiedAt: now(),
      });
    else store.remove(request.callback, request.topic);
  }

  const refuse = (c: Context, message: string) => {
    recordViolation({ platform: 'youtube', kind: 'request', method: 'POST', path: 'pubsubhubbub/subscribe', message });
    return c.text(message, 400);
  };

  const app = new Hono();
  app.post('/pubsubhubbub/subscribe', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      form = {};
    }
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const callback = field('hub.callback');
    const topic = field('hub.topic');
    const mode = field('hub.mode').toLowerCase();
    const lease = field('hub.lease_seconds');
    const secret = field('hub.secret');
    // Checked in the hub's order; the last that fails is the answer (hub/main.py).
    let error: string | null = null;
    if (!callback || !validUrl(callback)) error = hubRefusals.callback;
    if (!topic || !validUrl(topic)) error = hubRefusals.topic;
    else if (channelOfTopic(topic) === null) error = hubRefusals.restrictedTopic;
    if (mode !== 'subscribe' && mode !== 'unsubscribe') error = hubRefusals.mode(mode);
    let leaseSeconds = HUB_DEFAULT_LEASE_SECONDS;
    // A lease is ignored when unsubscribing (WebSub §5.1).
    if (mode === 'subscribe' && lease !== '') {
      const asked = Number.parseInt(lease, 10);
      if (String(asked) !== lease) error = hubRefusals.lease(lease);
      else leaseSeconds = asked <= 0 ? HUB_DEFAULT_LEASE_SECONDS : Math.min(asked, HUB_MAX_LEASE_SECONDS);
    }
    if (utf8Bytes(secret) > HUB_SECRET_MAX_BYTES) error = hubRefusals.secret;
    if (error) return refuse(c, error);

    const canonicalTopic = youtubeFeedTopic(channelOfTopic(topic)!);
    if (mode === 'unsubscribe' && !store.get(callback, canonicalTopic)) return c.body(null, HUB_NOTHING_TO_REMOVE);
    const token = Symbol('request');
    const request = {
      mode: mode as 'subscribe' | 'unsubscribe',
      callback,
      topic: canonicalTopic,
      leaseSeconds,
      secret: mode === 'subscribe' && secret ? secret : null,
      verifyToken: field('hub.verify_token'),
      token,
    };
    if (mode === 'subscribe')
      pending.set(keyOf(callback, canonicalTopic), { leaseSeconds, secret: request.secret, token });
    // Verified after the answer, as the hub does: 202 now, the GET to the callback next.
    begin();
    later(0, () => {
      verify(request)
        .catch(() => undefined)
        .finally(end);
    });
    return c.body(null, HUB_ACCEPTED);
  });

  /** Posts the push to one subscription, and again after each retry delay until it is taken or the retries run out. */
  function push(record: HubSubscriptionRecord, entry: YouTubePushEntry, body: string, attempt: number) {
    const signature = record.secret
      ? `${HUB_SIGNATURE_ALGORITHM}=${crypto.createHmac(HUB_SIGNATURE_ALGORITHM, record.secret).update(body, 'utf8').digest('hex')}`
      : null;
    const headers: Record<string, string> = {
      'Content-Type': YOUTUBE_PUSH_CONTENT_TYPE,
      Link: youtubePushLinkHeader(record.topic),
      'User-Agent': YOUTUBE_PUSH_USER_AGENT,
    };
    if (signature) headers[HUB_SIGNATURE_HEADER] = signature;
    const attemptOnce = async () => {
      let status: number | null = null;
      let error: string | null = null;
      try {
        const answer = await deliver(record.callback, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(HUB_FETCH_TIMEOUT_MS),
        });
        status = answer.status;
        await answer.arrayBuffer().catch(() => undefined);
      } catch (caught) {
        error = (caught as Error).message;
      }
      deliveries.push({
        callback: record.callback,
        topic: record.topic,
        videoId: entry.videoId,
        attempt,
        status,
        error,
        signed: signature !== null,
        at: now(),
      });
      return status !== null && status >= 200 && status < 300;
    };
    begin();
    void attemptOnce()
      .then((taken) => {
        if (taken || closed || attempt > retryDelays.length) return;
        begin();
        later(retryDelays[attempt - 1]!, () => {
          try {
            // A retry goes while the subscription lasts, as it is then (WebSub §7: active until its lease ends).
            const current = store.get(record.callback, record.topic);
            if (!closed && current && current.expiresAt > now()) push(current, entry, body, attempt + 1);
          } finally {
            end();
          }
        });
      })
      .finally(end);
  }

  return {
    app,
    publish(entry) {
      if (closed) return;
      const topic = youtubeFeedTopic(entry.channelId);
      const body = youtubePushFeed(entry);
      const at = now();
      for (const record of store.list(topic)) if (record.expiresAt > at) push(record, entry, body, 1);
    },
    subscriptions() {
      const at = now();
      const views: HubSubscriptionView[] = store.list().map((record) => ({
        callback: record.callback,
        topic: record.topic,
        state: record.expiresAt > at ? 'active' : 'expired',
        leaseSeconds: record.leaseSeconds,
        expiresAt: record.expiresAt,
        hasSecret: record.secret !== null,
      }));
      for (const [key, request] of pending) {
        const [callback, topic] = key.split('\n') as [string, string];
        if (!store.get(callback, topic))
          views.push({
            callback,
            topic,
            state: 'pending',
            leaseSeconds: request.leaseSeconds,
            expiresAt: null,
            hasSecret: request.secret !== null,
          });
      }
      return views;
    },
    verifications: () => verifications.map((verification) => ({ ...verification })),
    deliveries: () => deliveries.map((delivery) => ({ ...delivery })),
    idle: () => (busy === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    expire(topic) {
      const at = now();
      for (const record of store.list(topic)) if (record.expiresAt > at) store.put({ ...record, expiresAt: at });
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      // A retry that was waiting is not coming: whoever waits for the hub to be idle is let go.
      const dropped = timers.size;
      timers.clear();
      for (let i = 0; i < dropped; i += 1) end();
    },
  };
}
