// What Google and the WebSub specification publish about YouTube's push feed, each with its source, for the hub the
// YouTube stand-in serves (../websub.ts). The stand-in takes these from here, never from the product (server/): a
// subscriber that asks what the hub refuses, or trusts a push the hub would not sign, is then caught by the stand-in
// instead of being checked against itself.
//
// Sources (retrieved 2026-11):
// - YouTube's guide "Subscribe to Push Notifications", https://developers.google.com/youtube/v3/guides/push_notifications
//   (English page, and its Markdown export https://developers.google.com/youtube/data/guides/push_notifications.md.txt).
// - PubSubHubbub Core 0.4, https://pubsubhubbub.github.io/PubSubHubbub/pubsubhubbub-core-0.4.html (the spec Google's
//   hub says it conforms to: "This hub conforms to the Pubsubhubbub 0.4 specification", its welcome page
//   https://pubsubhubbub.appspot.com/, as archived 2019-05-28), and its successor W3C WebSub (Recommendation
//   2018-01-23), https://www.w3.org/TR/websub/. Section numbers below are WebSub's.
// - Google's hub's own implementation report to the W3C (w3c/websub, implementation-reports/
//   HUB-pubsubhubbub-appspot-com.md): signatures "sha1" only (not sha256, sha384, sha512).
// - The hub's open-source code, pubsubhubbub/PubSubHubbub `hub/main.py` (Apache-2.0; the App Engine app that ran
//   pubsubhubbub.appspot.com, last changed 2011-09-21, commit 30a1361): its lease bounds, its refusal texts and its
//   delivery retries. Google has not published these figures elsewhere; where the hub answers differently today, the
//   text below says which report shows it.

/**
 * Google's hub: where a subscriber POSTs its (un)subscription.
 * Source: the guide, step 2: "Use the Google hub to subscribe to receive push notifications", linking
 * https://pubsubhubbub.appspot.com/subscribe.
 */
export const GOOGLE_HUB_SUBSCRIBE_URL = 'https://pubsubhubbub.appspot.com/subscribe';

/**
 * The hub as YouTube's pushes name it: the feed's `<link rel="hub" href="https://pubsubhubbub.appspot.com"/>` (the
 * guide's example), and the `Link` header a delivery carries, `<http://pubsubhubbub.appspot.com/>; rel=hub` (a push
 * as received and logged in iv-org/invidious issue 3633, 2023-02-13: `link <https://www.youtube.com/xml/feeds/
 * videos.xml?channel_id=UC…>; rel=self, <http://pubsubhubbub.appspot.com/>; rel=hub`).
 */
export const YOUTUBE_FEED_HUB_HREF = 'https://pubsubhubbub.appspot.com';
export const YOUTUBE_PUSH_HUB_LINK = 'http://pubsubhubbub.appspot.com/';

/**
 * A channel's feed, the subscription's topic.
 * Source: the guide, step 2: "Set the topic URL to https://www.youtube.com/xml/feeds/videos.xml?channel_id=CHANNEL_ID,
 * where CHANNEL_ID is the YouTube channel ID for which you want to retrieve push notifications." (Some translations
 * of the guide still show the channel's public feed, https://www.youtube.com/feeds/videos.xml?channel_id=…; the hub
 * is told of the /xml/feeds/ topic, the one every push names as rel=self, so only that one is a channel's topic here.)
 */
export const youtubeFeedTopic = (channelId: string) =>
  `https://www.youtube.com/xml/feeds/videos.xml?channel_id=${channelId}`;

/** A YouTube channel id: "UC" and 22 characters of base64url (https://developers.google.com/youtube/v3/docs/channels#id). */
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/** The channel id of a topic that is a YouTube channel's feed (youtubeFeedTopic), null for any other URL. */
export function channelOfTopic(topic: string): string | null {
  let url: URL;
  try {
    url = new URL(topic);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.host !== 'www.youtube.com' || url.pathname !== '/xml/feeds/videos.xml')
    return null;
  const keys = [...url.searchParams.keys()];
  const channelId = url.searchParams.get('channel_id');
  return keys.length === 1 && channelId && CHANNEL_ID.test(channelId) ? channelId : null;
}

/**
 * What makes YouTube push to a channel's subscribers. Source: the guide: "Your PubSubHubbub callback server receives
 * Atom feed notifications when a channel does any of the following activities: uploads a video; updates a video's
 * title; updates a video's description". Nothing else: going live or ending a broadcast is not in the list, and
 * pushes nothing by itself. A live broadcast is a video (its id is the video's, videos.list reads it), so creating one
 * — scheduled, or started at once — is the channel adding a video to its feed: the stand-in pushes then, and when its
 * title changes. (The stand-in's broadcasts have no description to change.)
 */
export const YOUTUBE_PUSH_TRIGGERS = ['uploads a video', "updates a video's title", "updates a video's description"];

/**
 * The subscription request's parameters (WebSub §5.1, https://www.w3.org/TR/websub/#subscriber-sends-subscription-request;
 * PubSubHubbub 0.4 §6.1): a POST with `Content-Type: application/x-www-form-urlencoded` and
 * - `hub.callback` REQUIRED: "The subscriber's callback URL where content distribution notifications should be delivered."
 * - `hub.mode` REQUIRED: "The literal string "subscribe" or "unsubscribe"".
 * - `hub.topic` REQUIRED: "The topic URL that the subscriber wishes to subscribe to or unsubscribe from."
 * - `hub.lease_seconds` OPTIONAL: "Number of seconds for which the subscriber would like to have the subscription
 *   active, given as a positive decimal integer. Hubs MAY choose to respect this value or not […] This parameter MAY
 *   be present for unsubscription requests and MUST be ignored by the hub in that case."
 * - `hub.secret` OPTIONAL: "will be used to compute an HMAC digest for authorized content distribution. If not
 *   supplied, the HMAC digest will not be present for content distribution requests. […] This parameter MUST be less
 *   than 200 bytes in length."
 * "Hubs MUST ignore additional request parameters they do not understand." Google's hub also reads two parameters of
 * PubSubHubbub 0.3 (hub/main.py, SubscribeHandler): `hub.verify` (sync or async; 0.4 dropped it, and the stand-in
 * always verifies asynchronously, as 0.4 says) and `hub.verify_token`, which it hands back in its verification request.
 */
export const HUB_MODES = ['subscribe', 'unsubscribe'] as const;

/** WebSub §5.1: `hub.secret` "MUST be less than 200 bytes in length" (PubSubHubbub 0.4 §6.1 says the same). */
export const HUB_SECRET_MAX_BYTES = 199;

/**
 * The hub's answer to a request it takes. WebSub §5.1.2: "it MUST respond to a subscription request with an HTTP 202
 * "Accepted" response to indicate that the request was received and will now be verified". Google's hub answers an
 * unsubscription of a subscription it does not have with 204 at once ("Deletions for non-existant subscriptions will
 * be ignored", hub/main.py).
 */
export const HUB_ACCEPTED = 202;
export const HUB_NOTHING_TO_REMOVE = 204;

/**
 * Refusals, as Google's hub words them (plain text, 400; WebSub §5.1.2: "If a hub finds any errors in the subscription
 * request, an appropriate HTTP error response code (4xx or 5xx) MUST be returned. In the event of an error, hubs
 * SHOULD return a description of the error in the response body as plain text."). The hub checks callback, topic,
 * mode and lease in that order and answers the last that failed (hub/main.py, SubscribeHandler.post).
 * - Callback and topic: hub/main.py says "Invalid parameter: hub.callback; must be valid URI with no fragment and
 *   optional port %s" with its list of ports; the hub today names port ranges instead ("Invalid parameter:
 *   hub.callback; must be valid URI with no fragment and optional port in ranges 80-90, 440-450, 1024-655…", as
 *   received in iv-org/invidious issue 2409, 2021-09-16, the log line cut there; 65535 is the last port there is).
 *   A valid URL is http or https, with no fragment (hub/main.py is_valid_url).
 * - Mode: "Invalid value for hub.mode: %s" (hub/main.py; the mode is lower-cased first, so "Subscribe" is taken).
 * - Lease: "Invalid value for hub.lease_seconds: %s" when it is not a decimal integer written as one.
 * - A topic the hub will not take: "Restricted topic" (the body the hub answered every YouTube topic with on
 *   2021-02-26, iv-org/invidious issue 1819; its status is not in the report, the stand-in answers 400 as for the
 *   others). The stand-in's hub serves YouTube's feeds only: any other topic is restricted here.
 * - A secret of 200 bytes or more: the rule is WebSub's and PubSubHubbub's (above); Google has not published its
 *   hub's words for it, so the stand-in says it in the hub's own form.
 */
export const HUB_VALID_PORTS = 'in ranges 80-90, 440-450, 1024-65535';
export const HUB_PORT_RANGES: readonly (readonly [number, number])[] = [
  [80, 90],
  [440, 450],
  [1024, 65535],
];
export const hubRefusals = {
  callback: `Invalid parameter: hub.callback; must be valid URI with no fragment and optional port ${HUB_VALID_PORTS}`,
  topic: `Invalid parameter: hub.topic; must be valid URI with no fragment and optional port ${HUB_VALID_PORTS}`,
  mode: (mode: string) => `Invalid value for hub.mode: ${mode}`,
  lease: (lease: string) => `Invalid value for hub.lease_seconds: ${lease}`,
  restrictedTopic: 'Restricted topic',
  secret: `Invalid parameter: hub.secret; must be less than ${HUB_SECRET_MAX_BYTES + 1} bytes`,
} as const;

/**
 * The lease Google's hub grants, in seconds. Google publishes no figure. hub/main.py: `DEFAULT_LEASE_SECONDS = (5 *
 * 24 * 60 * 60)  # 5 days` when none is asked, `MAX_LEASE_SECONDS = (10 * 24 * 60 * 60)  # 10 days` ("If more than
 * max_lease_seconds, will be capped to that value"); subscribers of YouTube's feeds report the same bounds (SeoulSKY/
 * ytnoti pull request 13, 2026-09-16: "Change the lease time to 10d (maximum), instead of the default 5d"). WebSub §8.2
 * agrees ("Hubs SHOULD enforce short lived hub.lease_seconds (10 days is a good default)"). The hub sets no lower bound
 * (pubsubhubbub/PubSubHubbub pull request 17: "pubsubhubbub.appspot.com does not have a min_lease_seconds"); a lease
 * of 0 or less is not one WebSub allows ("a positive decimal integer"), and the stand-in grants the default for it.
 */
export const HUB_DEFAULT_LEASE_SECONDS = 432_000;
export const HUB_MAX_LEASE_SECONDS = 864_000;

/**
 * Verification of intent (WebSub §5.3, https://www.w3.org/TR/websub/#hub-verifies-intent-of-the-subscriber): a GET to
 * the callback with `hub.mode`, `hub.topic`, `hub.challenge` ("A hub-generated, random string that MUST be echoed by
 * the subscriber") and `hub.lease_seconds` ("The hub-determined number of seconds that the subscription will stay
 * active before expiring, measured from the time the verification request was made […] Hubs MUST supply this parameter
 * when hub.mode is set to "subscribe""), appended to the callback's own query ("Hubs MUST preserve the query string
 * during subscription verification by appending new parameters to the end of the list using the & (ampersand)
 * character to join", PubSubHubbub 0.4 §6.1). §5.3.1: "the subscriber MUST respond with an HTTP success (2xx) code
 * with a response body equal to the hub.challenge parameter […] The hub MUST consider other server response codes
 * (3xx, 4xx, 5xx) to mean that the verification request has failed. If the subscriber returns an HTTP success (2xx)
 * but the content body does not match the hub.challenge parameter, the hub MUST also consider verification to have
 * failed." And §5.1: "Each subsequent request to a hub to subscribe or unsubscribe MUST override the previous
 * subscription state for a specific topic URL and callback URL combination, but only once the action is verified […]
 * If verification fails, the subscription state MUST be left unchanged." A subscription's key is "the tuple (Topic
 * URL, Subscriber Callback URL)" (§2).
 */
export const HUB_VERIFY_PARAMETERS = ['hub.mode', 'hub.topic', 'hub.challenge', 'hub.lease_seconds'] as const;

/**
 * How long the hub waits for a subscriber: hub/main.py `MAX_FETCH_SECONDS = 10` ("Maximum time to wait for fetching
 * a feed in seconds"), its verification fetch with `deadline=MAX_FETCH_SECONDS, follow_redirects=False`.
 */
export const HUB_FETCH_TIMEOUT_MS = 10_000;

/**
 * Content distribution (WebSub §7, https://www.w3.org/TR/websub/#content-distribution): a POST to the callback
 * whose "Content-Type Header corresponding to the Content-Type of the topic" (YouTube's pushes: `application/atom+xml`,
 * invidious issue 3633), with "at least one Link Header with rel=hub […] It MUST also include one Link Header with
 * rel=self set to the canonical URL of the topic […] The Hub SHOULD combine these headers into a single Link Header."
 * "The hub MUST consider all other subscriber response codes [than 2xx] as failures". Google's hub fetches as
 * `FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)` (its User-Agent in the same report).
 */
export const YOUTUBE_PUSH_CONTENT_TYPE = 'application/atom+xml';
export const YOUTUBE_PUSH_USER_AGENT = 'FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)';
export const youtubePushLinkHeader = (topic: string) => `<${topic}>; rel=self, <${YOUTUBE_PUSH_HUB_LINK}>; rel=hub`;

/**
 * Retries of a failed delivery. WebSub §7: "Hubs SHOULD retry content distribution requests up to self-imposed limits
 * on the number of times and the overall time period to retry. When the failing delivery exceeds the hub's limits,
 * the hub stops attempting to deliver that nofication. The hub MUST keep the subscription active until the end of the
 * lease duration". Google's hub's limits (hub/main.py): `MAX_DELIVERY_FAILURES = 4`, `DELIVERY_RETRY_PERIOD = 30 #
 * seconds`, "exponential (base-2) backoff": `retry_delay = retry_period * (2 ** (self.retry_attempts-1))` — four
 * retries after 30, 60, 120 and 240 seconds, then it gives up on that notification.
 */
export const HUB_DELIVERY_RETRY_DELAYS_MS = [30_000, 60_000, 120_000, 240_000] as const;

/**
 * The signature (WebSub §7.1, https://www.w3.org/TR/websub/#authenticated-content-distribution; PubSubHubbub 0.4 §8):
 * "If the subscriber supplied a value for hub.secret in their subscription request, the hub MUST generate an HMAC
 * signature of the payload and include that signature in the request headers of the content distribution request.
 * The X-Hub-Signature header's value MUST be in the form method=signature […] computed using the HMAC algorithm with
 * the request body as the data and the hub.secret as the key." Google's hub signs with `sha1` (its implementation
 * report; 0.4: "sha1=signature where signature is a 40-byte, hexadecimal representation of a SHA1 signature").
 * (hub/main.py of 2011 signed every delivery, with an empty key when there was no secret; the stand-in follows 0.4 and
 * WebSub: no secret, no header.)
 */
export const HUB_SIGNATURE_HEADER = 'X-Hub-Signature';
export const HUB_SIGNATURE_ALGORITHM = 'sha1';

/** A video as YouTube's push describes it (the guide's notification format). */
export interface YouTubePushEntry {
  videoId: string;
  channelId: string;
  /** The channel's title (the entry's `<author><name>`). */
  channelTitle: string;
  title: string;
  /** When the video was published (created), and when this change was made (ms since the epoch). */
  published: number;
  updated: number;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
/** The guide's timestamps: `2015-03-06T21:40:57+00:00`, and with a fraction `2015-03-09T19:05:24.552394234+00:00`. */
const seconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const fraction = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000+00:00');

/**
 * The Atom document YouTube pushes for a new or changed video. Source: the guide, step 3 ("The notification format is
 * shown below"):
 *
 *     <feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
 *       <link rel="hub" href="https://pubsubhubbub.appspot.com"/>
 *       <link rel="self" href="https://www.youtube.com/xml/feeds/videos.xml?channel_id=CHANNEL_ID"/>
 *       <title>YouTube video feed</title>
 *       <updated>2015-04-01T19:05:24.552394234+00:00</updated>
 *       <entry>
 *         <id>yt:video:VIDEO_ID</id>
 *         <yt:videoId>VIDEO_ID</yt:videoId>
 *         <yt:channelId>CHANNEL_ID</yt:channelId>
 *         <title>Video title</title>
 *         <link rel="alternate" href="http://www.youtube.com/watch?v=VIDEO_ID"/>
 *         <author><name>Channel title</name><uri>http://www.youtube.com/channel/CHANNEL_ID</uri></author>
 *         <published>2015-03-06T21:40:57+00:00</published>
 *         <updated>2015-03-09T19:05:24.552394234+00:00</updated>
 *       </entry>
 *     </feed>
 *
 * ("Note that you can use the <yt:videoId> element's value to identify the newly added or updated video. You can also
 * use the <yt:channelId> element's value to identify the channel that owns that video.") Pushes come with the XML
 * declaration `<?xml version='1.0' encoding='UTF-8'?>` (a push as received, ytorg/Yotter issue 126, 2020-11-06).
 */
export function youtubePushFeed(entry: YouTubePushEntry): string {
  const topic = youtubeFeedTopic(entry.channelId);
  return (
    `<?xml version='1.0' encoding='UTF-8'?>\n` +
    `<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">` +
    `<link rel="hub" href="${YOUTUBE_FEED_HUB_HREF}"/>` +
    `<link rel="self" href="${xml(topic)}"/>` +
    `<title>YouTube video feed</title>` +
    `<updated>${fraction(entry.updated)}</updated>` +
    `<entry>` +
    `<id>yt:video:${xml(entry.videoId)}</id>` +
    `<yt:videoId>${xml(entry.videoId)}</yt:videoId>` +
    `<yt:channelId>${xml(entry.channelId)}</yt:channelId>` +
    `<title>${xml(entry.title)}</title>` +
    `<link rel="alternate" href="http://www.youtube.com/watch?v=${xml(entry.videoId)}"/>` +
    `<author><name>${xml(entry.channelTitle)}</name><uri>http://www.youtube.com/channel/${xml(entry.channelId)}</uri></author>` +
    `<published>${seconds(entry.published)}</published>` +
    `<updated>${fraction(entry.updated)}</updated>` +
    `</entry></feed>\n`
  );
}

/**
 * The Atom document YouTube pushes for a deleted video: an Atom tombstone (RFC 6721, "The Atom "deleted-entry"
 * Element", https://www.rfc-editor.org/rfc/rfc6721, namespace `http://purl.org/atompub/tombstones/1.0`) instead of
 * the entry, with the video as `ref` and the channel as `at:by`:
 *
 *     <feed xmlns:at="http://purl.org/atompub/tombstones/1.0" xmlns="http://www.w3.org/2005/Atom">
 *       <at:deleted-entry ref="yt:video:VIDEO_ID" when="2015-03-09T19:05:24.552394234+00:00">
 *         <link href="https://www.youtube.com/watch?v=VIDEO_ID"/>
 *         <at:by><name>Channel title</name><uri>https://www.youtube.com/channel/CHANNEL_ID</uri></at:by>
 *       </at:deleted-entry>
 *     </feed>
 *
 * The guide does not show it; this is its shape as a subscriber received it (a deleted-entry kept in
 * bdunklau/TelePatriot-Android, firebase-functions/functions, "Example of a deleted action": `<at:deleted-entry
 * ref="yt:video:xScSTh-gHpQ" when="2018-07-26T17:43:36+00:00"><link href="https://www.youtube.com/watch?v=…"/>
 * <at:by><name>…</name><uri>https://www.youtube.com/channel/UC…</uri></at:by></at:deleted-entry>`). The stand-in
 * deletes no video, so its hub never sends one; it is here for a subscriber's tests.
 */
export function youtubeDeletedFeed(
  entry: Pick<YouTubePushEntry, 'videoId' | 'channelId' | 'channelTitle'>,
  when: number,
) {
  const topic = youtubeFeedTopic(entry.channelId);
  return (
    `<?xml version='1.0' encoding='UTF-8'?>\n` +
    `<feed xmlns:at="http://purl.org/atompub/tombstones/1.0" xmlns="http://www.w3.org/2005/Atom">` +
    `<link rel="hub" href="${YOUTUBE_FEED_HUB_HREF}"/>` +
    `<link rel="self" href="${xml(topic)}"/>` +
    `<title>YouTube video feed</title>` +
    `<updated>${fraction(when)}</updated>` +
    `<at:deleted-entry ref="yt:video:${xml(entry.videoId)}" when="${fraction(when)}">` +
    `<link href="https://www.youtube.com/watch?v=${xml(entry.videoId)}"/>` +
    `<at:by><name>${xml(entry.channelTitle)}</name><uri>https://www.youtube.com/channel/${xml(entry.channelId)}</uri></at:by>` +
    `</at:deleted-entry></feed>\n`
  );
}
