// `npm run docs:api`: the endpoint tables of docs/api.md, written from the contract between the file's api markers:
// method, path and auth from contract/endpoints.ts, request and answer shapes from the zod schemas of
// contract/index.ts (through z.toJSONSchema), and what a schema cannot say (who, errors, notes) from the contract's
// endpointDocs. The hand-kept text around the markers stays as it is. test/machines/api-docs.test.ts fails when the
// committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { endpointDocs, endpoints, type EndpointDoc, type EndpointMeta, type EndpointName } from '../contract/endpoints';
import { schemas, type EndpointSchemas } from '../contract/index';
import { ERROR_CODES, STATUS_CODES } from '../contract/errors';
import { analyticsResponse } from '../contract/schemas/analytics';
import { archiveDaysResponse, archiveSearchResponse } from '../contract/schemas/archive';
import { platformBudget } from '../contract/schemas/budgets';
import { campaignReport, deliverableProgress } from '../contract/schemas/deliverables';
import { connection } from '../contract/schemas/connections';
import * as m from '../contract/schemas/marketplace';
import * as money from '../contract/schemas/money';
import { offerDisplay, overlaySettings } from '../contract/schemas/overlay';
import { user } from '../contract/schemas/user';

const root = resolve(fileURLToPath(import.meta.url), '../..');
export const API_DOC = 'docs/api.md';
export const API_START = '<!-- api:start -->';
export const API_END = '<!-- api:end -->';

/** The reference's sections, in reading order; every endpoint of the contract sits in exactly one. */
export const groups: { title: string; intro: string; names: EndpointName[] }[] = [
  {
    title: 'Accounts',
    intro: 'Registration, sign-in, the user and their profile, passwords, settings and account deletion.',
    names: [
      'passwordPolicy',
      'register',
      'jwtLogin',
      'firebaseLogin',
      'forgotPassword',
      'resetPassword',
      'changePassword',
      'getUser',
      'updateProfile',
      'uploadPhoto',
      'getSettings',
      'updateSettings',
      'deleteUser',
    ],
  },
  {
    title: 'Public',
    intro: 'What the public site and anyone may call.',
    names: ['health', 'support', 'newsletter', 'unsubscribe'],
  },
  {
    title: 'Notifications and live events',
    intro: 'The dashboard shell’s notifications, and the Server-Sent Events stream that brings them live.',
    names: ['listNotifications', 'readNotifications', 'clearNotifications', 'eventsTicket', 'events'],
  },
  {
    title: 'Marketplace',
    intro:
      'The advertiser’s profile and campaigns; offers and their threads, for the creator and the campaign’s advertiser.',
    names: [
      'getAdvertiserProfile',
      'updateAdvertiserProfile',
      'getAdvertiserChecklist',
      'createCampaign',
      'listCampaigns',
      'getCampaign',
      'updateCampaign',
      'uploadCampaignImage',
      'launchCampaign',
      'pauseCampaign',
      'resumeCampaign',
      'cancelCampaign',
      'addCampaignSpots',
      'listOffers',
      'offersOutlook',
      'getOffer',
      'acceptOffer',
      'declineOffer',
      'requestInfo',
      'listMessages',
      'postMessage',
      'listProposals',
      'propose',
      'acceptProposal',
      'declineProposal',
    ],
  },
  {
    title: 'Money',
    intro:
      'Payout methods, payouts, earnings and the tax form (W-9 or W-8BEN, its TIN masked in every answer) for creators; funds, card and bank-debit deposits through Stripe Checkout, refunds of unspent funds, delivery confirmation and disputes inside the review window for advertisers; Stripe Connect onboarding for the stripe payout rail; the Stripe webhooks (the platform’s and Connect’s).',
    names: [
      'listPayoutMethods',
      'addPayoutMethod',
      'deletePayoutMethod',
      'getStripePayouts',
      'startStripeOnboarding',
      'requestPayout',
      'listPayouts',
      'getEarnings',
      'getTaxForm',
      'submitTaxForm',
      'getAdvertiserBalance',
      'getFundingDetails',
      'createDeposit',
      'getDeposit',
      'cancelDeposit',
      'requestRefund',
      'listRefunds',
      'confirmDelivery',
      'disputeDelivery',
      'stripeWebhook',
      'stripeConnectWebhook',
    ],
  },
  {
    title: 'Documents',
    intro:
      'Numbered PDF documents, each the same file on every download: deposit and refund receipts for advertisers, payout statements and yearly earnings statements for creators.',
    names: ['listDocuments', 'downloadDocument'],
  },
  {
    title: 'Overlay',
    intro:
      'The creator’s overlay settings and whether it is being counted, the overlay page’s stream, heartbeat and presence report (authenticated by the overlay token alone), and an offer’s proof of display as the platform verified it.',
    names: [
      'getOverlay',
      'updateOverlay',
      'rotateOverlayToken',
      'overlayStatus',
      'overlayStream',
      'overlayHeartbeat',
      'overlayPresence',
      'offerDisplay',
    ],
  },
  {
    title: 'Media kit',
    intro:
      'The creator’s public media kit: a handle and whether `/c/<handle>` (a server-rendered page, not part of the API) is published; creators only. Publishing lists the creator in brand search.',
    names: ['getMediaKit', 'updateMediaKit'],
  },
  {
    title: 'Creator search',
    intro:
      'Approved advertisers search the creators who published their media kit (public figures only: a creator not listed never appears, and nothing private is answered), keep them in saved lists, and invite one to an active campaign: an offer of origin `invitation` within the campaign’s spots and its reservation. Search answers in ≤ 50 ms (p95) over 100,000 listed creators with any filters (`npm run bench -- search`).',
    names: [
      'searchCreators',
      'listCreatorLists',
      'createCreatorList',
      'getCreatorList',
      'renameCreatorList',
      'deleteCreatorList',
      'addToCreatorList',
      'removeFromCreatorList',
      'inviteCreator',
      'inviteOptions',
    ],
  },
  {
    title: 'Connected accounts',
    intro: 'Twitch and YouTube connected through OAuth 2.0 with PKCE; creators only.',
    names: [
      'listConnections',
      'startConnection',
      'connectionCallback',
      'completeConnection',
      'disconnect',
      'youtubeFeedVerify',
      'youtubeFeedPush',
    ],
  },
  {
    title: 'Chat archive',
    intro: 'The creator’s own archive; each call reads the caller’s, so another creator’s is simply not found.',
    names: [
      'archiveDays',
      'archiveMessages',
      'archiveSearch',
      'archiveExport',
      'archiveSettings',
      'deleteArchiveDay',
      'deleteArchiveStream',
      'deleteArchiveChatter',
      'deleteArchive',
    ],
  },
  {
    title: 'Analytics',
    intro: 'A creator’s figures, or an advertiser’s reach per campaign.',
    names: ['analytics'],
  },
  {
    title: 'Deliverables',
    intro:
      "Deliverables beyond the overlay ([product model](product.md#deliverables)): each offer's progress and its chat bot (the offer's creator or its campaign's advertiser), promo codes and redemptions, the brand's report and its share links (the campaign's advertiser; another advertiser's campaign 404). The tracked link `GET /l/<code>` is a 302 to the brand's URL, not API; a redemption is posted by the shop's server with the campaign's redemption key; a share link's page reads `GET /api/reports/:token` without a session.",
    names: [
      'getOfferDeliverables',
      'offerEvidence',
      'getOfferBot',
      'pauseOfferBot',
      'setBotConsent',
      'listPromoCodes',
      'setPromoCodes',
      'createRedemptionKey',
      'uploadRedemptions',
      'postRedemption',
      'campaignReport',
      'campaignReportCsv',
      'listReportShares',
      'createReportShare',
      'revokeReportShare',
      'sharedReport',
    ],
  },
  {
    title: 'Operator',
    intro: 'The operator console at `/admin`: operators only (everyone else 403).',
    names: [
      'adminAdvertisers',
      'approveAdvertiser',
      'rejectAdvertiser',
      'adminCampaigns',
      'adminUsers',
      'adminTickets',
      'recordDeposit',
      'getTransferInstructions',
      'updateTransferInstructions',
      'adminPayouts',
      'markPayoutPaid',
      'markPayoutFailed',
      'adminCardDisputes',
      'adminRefunds',
      'markRefundSent',
      'markRefundFailed',
      'export1099',
      'adminReviews',
      'resolveReview',
      'adminBudgets',
    ],
  },
];

// --- Shapes ------------------------------------------------------------------------------------------------------

/** Answer objects that several endpoints share, written once under "Shapes" and named in the tables. */
export const namedShapes: Record<string, z.ZodType> = {
  User: user,
  AdvertiserProfile: m.advertiserProfile,
  Campaign: m.campaign,
  Offer: m.offer,
  ThreadMessage: m.threadMessage,
  Notification: m.notification,
  AdminAdvertiser: m.adminAdvertiser,
  AdminCampaign: m.adminCampaign,
  PayoutMethod: money.payoutMethod,
  Payout: money.payout,
  AdminPayout: money.adminPayout,
  OverlaySettings: overlaySettings,
  OfferDisplay: offerDisplay,
  Connection: connection,
  ArchiveChannel: archiveDaysResponse.shape.channel.unwrap(),
  ArchiveStream: archiveDaysResponse.shape.streams.element,
  ArchivedMessage: archiveSearchResponse.shape.messages.element,
  PlatformAnalytics: analyticsResponse.options[0].shape.twitch,
  PlatformBudget: platformBudget,
  DeliverableProgress: deliverableProgress,
  CampaignReport: campaignReport,
};
const registry = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries(namedShapes)) registry.add(schema, { id });

/** The JSON Schema subset z.toJSONSchema writes for the contract. */
interface Json {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  not?: Json;
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: boolean | Json;
  items?: Json;
  prefixItems?: Json[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
}

/** At most this many literals of an enum are listed. */
const MAX_LITERALS = 16;
const number = (n: number) => n.toLocaleString('en-US');
const isSafeBound = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;

function range(min: number | undefined, max: number | undefined, unit = ''): string | null {
  const lo = isSafeBound(min) ? min : undefined;
  const hi = isSafeBound(max) ? max : undefined;
  if (lo !== undefined && hi !== undefined)
    return lo === hi ? `${number(lo)}${unit}` : `${number(lo)}–${number(hi)}${unit}`;
  if (lo !== undefined && lo > 0) return `≥ ${number(lo)}${unit}`;
  if (hi !== undefined) return `≤ ${number(hi)}${unit}`;
  return null;
}

function literals(values: unknown[]): string {
  const shown = values.slice(0, MAX_LITERALS).map((v) => JSON.stringify(v));
  return values.length > MAX_LITERALS ? `${shown.join(' | ')} | … (${values.length} in all)` : shown.join(' | ');
}

function withNotes(base: string, notes: (string | null | undefined)[]): string {
  const kept = notes.filter((n): n is string => Boolean(n));
  return kept.length ? `${base} (${kept.join(', ')})` : base;
}

/**
 * A compact, TypeScript-like rendering of a schema: `{ key: type, optional?: type }`, `T[]`, `"a" | "b"`,
 * `T | null`. With `constraints` (request bodies and queries) lengths, ranges, formats and dates are noted.
 */
export function shape(schema: Json, constraints: boolean): string {
  const inner = (s: Json) => shape(s, constraints);
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return literals(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const flat = options.flatMap((o) => (o.anyOf ?? o.oneOf ?? [o]) as Json[]);
    const nullable = flat.some((o) => o.type === 'null');
    const rest = flat.filter((o) => o.type !== 'null');
    const allLiteral = rest.length > 0 && rest.every((o) => o.const !== undefined || o.enum);
    const parts = allLiteral
      ? [literals(rest.flatMap((o) => (o.enum ? o.enum : [o.const])))]
      : [...new Set(rest.map((o) => inner(o)))];
    if (nullable) parts.push('null');
    return parts.join(' | ');
  }
  if (schema.allOf) return schema.allOf.map((s) => inner(s)).join(' & ');
  if (schema.not && Object.keys(schema.not).length === 0) return 'never';
  if (Array.isArray(schema.type)) {
    return schema.type.map((type) => inner({ ...schema, type })).join(' | ');
  }
  switch (schema.type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (props.length === 0) {
        if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
          return `{ [key: string]: ${inner(schema.additionalProperties)} }`;
        }
        return '{}';
      }
      const required = new Set(schema.required ?? []);
      return `{ ${props.map(([key, value]) => `${key}${required.has(key) ? '' : '?'}: ${inner(value)}`).join(', ')} }`;
    }
    case 'array': {
      if (schema.prefixItems) return `[${schema.prefixItems.map((s) => inner(s)).join(', ')}]`;
      const item = schema.items ? inner(schema.items) : 'unknown';
      const base = /[ |&]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
      return constraints ? withNotes(base, [range(schema.minItems, schema.maxItems, ' items')]) : base;
    }
    case 'string': {
      if (!constraints) return 'string';
      const date = schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? 'YYYY-MM-DD' : null;
      return withNotes('string', [
        date ?? schema.format,
        date ? null : range(schema.minLength, schema.maxLength, ' chars'),
      ]);
    }
    case 'integer':
    case 'number': {
      const base = schema.type;
      if (!constraints) return base;
      const min = schema.minimum ?? schema.exclusiveMinimum;
      const max = schema.maximum ?? schema.exclusiveMaximum;
      return withNotes(base, [range(min, max)]);
    }
    case 'boolean':
    case 'null':
      return schema.type;
    default:
      return 'any';
  }
}

interface Root extends Json {
  $defs?: Record<string, Json>;
}

/** The JSON Schema of a contract schema; the named shapes inside it stay references. */
function jsonOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata: registry }) as Json;
}

/** A named shape itself, its own fields written out (other named shapes inside it stay names). */
function namedJson(name: string): Json {
  const root = z.toJSONSchema(namedShapes[name]!, { io: 'output', unrepresentable: 'any', metadata: registry }) as Root;
  return root.$defs?.[name] ?? root;
}

// --- Tables ------------------------------------------------------------------------------------------------------

/** A table cell: pipes escaped, line breaks flattened. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

const AUTH: Record<EndpointMeta['auth'], string> = { none: 'none', bearer: 'Bearer', optional: 'Bearer optional' };

function requestCell(spec: EndpointSchemas, doc: EndpointDoc): string {
  const parts: string[] = [];
  if (spec.query) parts.push(`query ${code(shape(jsonOf(spec.query, 'input'), true))}`);
  if (spec.body === 'multipart') parts.push(`multipart/form-data${doc.request ? `: ${doc.request}` : ''}`);
  else if (spec.body) parts.push(`body ${code(shape(jsonOf(spec.body, 'input'), true))}`);
  if (doc.request && spec.body !== 'multipart') parts.push(doc.request);
  return parts.length ? parts.join('; ') : '—';
}

function answerCell(spec: EndpointSchemas, doc: EndpointDoc): string {
  const json = jsonOf(spec.response, 'output');
  const streamed = shape(json, false) === 'never';
  // Streams, redirects and downloads are not JSON: their note says what they are.
  if (streamed) return doc.answer ?? `${spec.status}`;
  return [`**${spec.status}** ${code(shape(json, false))}`, doc.answer].filter(Boolean).join(': ');
}

function row(name: EndpointName): string {
  const meta: EndpointMeta = endpoints[name];
  const spec: EndpointSchemas = schemas[name];
  const doc: EndpointDoc = endpointDocs[name];
  const auth = doc.who ? `${AUTH[meta.auth]}: ${doc.who}` : AUTH[meta.auth];
  return `| ${code(`${meta.method} ${meta.path}`)}<br>${code(name)} | ${cell(auth)} | ${cell(requestCell(spec, doc))} | ${cell(answerCell(spec, doc))} | ${cell(doc.errors)} |`;
}

/** The generated part of docs/api.md: a table per group, every endpoint of the contract once. */
export function apiMarkdown(): string {
  const listed = groups.flatMap((g) => g.names);
  const twice = listed.filter((name, i) => listed.indexOf(name) !== i);
  if (twice.length) throw new Error(`Endpoints listed in two groups of scripts/api-docs.ts: ${twice.join(', ')}`);
  const missing = (Object.keys(endpoints) as EndpointName[]).filter((name) => !listed.includes(name));
  if (missing.length) throw new Error(`Endpoints in no group of scripts/api-docs.ts: ${missing.join(', ')}`);
  const sections = groups.map((group) =>
    [
      `### ${group.title}`,
      '',
      group.intro,
      '',
      '| Endpoint | Auth | Request | Success | Errors |',
      '| --- | --- | --- | --- | --- |',
      ...group.names.map(row),
    ].join('\n'),
  );
  const shapes = [
    '### Shapes',
    '',
    'The answer objects named in the tables above.',
    '',
    '| Shape | Fields |',
    '| --- | --- |',
    ...Object.keys(namedShapes).map((name) => `| ${code(name)} | ${cell(code(shape(namedJson(name), false)))} |`),
  ].join('\n');
  const errors = [
    '### Error codes',
    '',
    'Every error answer carries one of these `code`s (`contract/errors.ts`). The generic codes go with the errors',
    'that have no code of their own yet:',
    Object.entries(STATUS_CODES)
      .map(([status, generic]) => `${code(generic)} (${status})`)
      .join(', ') + '.',
    '',
    '| Code | When |',
    '| --- | --- |',
    ...Object.entries(ERROR_CODES).map(([name, when]) => `| ${code(name)} | ${cell(when)} |`),
  ].join('\n');
  return [...sections, shapes, errors].join('\n\n');
}

/** Replaces the text between the api markers; throws when they are missing. */
export function withApi(doc: string, generated: string): string {
  const start = doc.indexOf(API_START);
  const end = doc.indexOf(API_END);
  if (start < 0 || end < start) throw new Error(`${API_DOC} has no ${API_START} … ${API_END} markers`);
  return `${doc.slice(0, start + API_START.length)}\n${generated}\n${doc.slice(end)}`;
}

function main() {
  const path = join(root, API_DOC);
  const doc = readFileSync(path, 'utf8');
  const next = withApi(doc, apiMarkdown());
  if (next === doc) {
    console.log(`${API_DOC} is up to date`);
  } else {
    writeFileSync(path, next);
    console.log(`Wrote the endpoint tables of ${API_DOC}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
