// Cuts the platforms' published descriptions down to the calls Castbridge makes (README.md beside this file says
// where each comes from). Run by hand when a description changes; the stand-ins read only the JSON it writes:
//
//   npx tsx standins/published/extract.ts stripe                       # from node_modules/stripe (its .d.ts)
//   npx tsx standins/published/extract.ts youtube <youtube.v3.json>    # a fetched copy of Google's discovery document
//   npx tsx standins/published/extract.ts stripe-fixtures <fixtures3.json>   # stripe/openapi's example objects
//   npx prettier --write standins/published/*.json
//
// Stripe: the `stripe` package's type declarations are generated from Stripe's OpenAPI description (stripe/openapi,
// the version named in node_modules/stripe/OPENAPI_VERSION) at the API version the product pins. Each endpoint below
// names its params and answer types; they are turned into JSON Schema (draft 2020-12 subset), transitively, without
// descriptions. An answer's expandable field (`string | Customer`) keeps the id and, for an expanded object, only
// "an object with an id": the expanded object's own schema is not carried.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** The Stripe calls the product and the stand-in make: method, path (OpenAPI style), params type, answer type. */
export const STRIPE_ENDPOINTS: readonly [string, string, string, string][] = [
  ['post', '/v1/checkout/sessions', 'Stripe.Checkout.SessionCreateParams', 'Stripe.Checkout.Session'],
  ['get', '/v1/checkout/sessions', 'Stripe.Checkout.SessionListParams', 'Stripe.ApiList<Stripe.Checkout.Session>'],
  ['get', '/v1/checkout/sessions/{session}', 'Stripe.Checkout.SessionRetrieveParams', 'Stripe.Checkout.Session'],
  [
    'get',
    '/v1/checkout/sessions/{session}/line_items',
    'Stripe.Checkout.SessionListLineItemsParams',
    'Stripe.ApiList<Stripe.LineItem>',
  ],
  ['post', '/v1/checkout/sessions/{session}/expire', 'Stripe.Checkout.SessionExpireParams', 'Stripe.Checkout.Session'],
  ['get', '/v1/payment_intents', 'Stripe.PaymentIntentListParams', 'Stripe.ApiList<Stripe.PaymentIntent>'],
  ['get', '/v1/payment_intents/{intent}', 'Stripe.PaymentIntentRetrieveParams', 'Stripe.PaymentIntent'],
  ['get', '/v1/charges', 'Stripe.ChargeListParams', 'Stripe.ApiList<Stripe.Charge>'],
  ['get', '/v1/charges/{charge}', 'Stripe.ChargeRetrieveParams', 'Stripe.Charge'],
  ['get', '/v1/payment_methods/{payment_method}', 'Stripe.PaymentMethodRetrieveParams', 'Stripe.PaymentMethod'],
  ['post', '/v1/refunds', 'Stripe.RefundCreateParams', 'Stripe.Refund'],
  ['get', '/v1/refunds', 'Stripe.RefundListParams', 'Stripe.ApiList<Stripe.Refund>'],
  ['get', '/v1/refunds/{refund}', 'Stripe.RefundRetrieveParams', 'Stripe.Refund'],
  ['get', '/v1/disputes', 'Stripe.DisputeListParams', 'Stripe.ApiList<Stripe.Dispute>'],
  ['get', '/v1/disputes/{dispute}', 'Stripe.DisputeRetrieveParams', 'Stripe.Dispute'],
  ['post', '/v1/disputes/{dispute}', 'Stripe.DisputeUpdateParams', 'Stripe.Dispute'],
  ['post', '/v1/disputes/{dispute}/close', 'Stripe.DisputeCloseParams', 'Stripe.Dispute'],
  ['get', '/v1/events', 'Stripe.EventListParams', 'Stripe.ApiList<Stripe.Event>'],
  ['get', '/v1/events/{id}', 'Stripe.EventRetrieveParams', 'Stripe.Event'],
  ['post', '/v1/accounts', 'Stripe.AccountCreateParams', 'Stripe.Account'],
  ['get', '/v1/accounts/{account}', 'Stripe.AccountRetrieveParams', 'Stripe.Account'],
  [
    'post',
    '/v1/accounts/{account}/external_accounts',
    'Stripe.AccountCreateExternalAccountParams',
    'Stripe.ExternalAccount',
  ],
  ['post', '/v1/account_links', 'Stripe.AccountLinkCreateParams', 'Stripe.AccountLink'],
  ['post', '/v1/transfers', 'Stripe.TransferCreateParams', 'Stripe.Transfer'],
  ['post', '/v1/payouts', 'Stripe.PayoutCreateParams', 'Stripe.Payout'],
  ['get', '/v1/payouts/{payout}', 'Stripe.PayoutRetrieveParams', 'Stripe.Payout'],
];

type Schema = Record<string, unknown>;

function stripe() {
  const file = join(root, '__stripe_published__.ts');
  const source = [
    "import type Stripe from 'stripe';",
    ...STRIPE_ENDPOINTS.flatMap(([, , params, answer], i) => [
      `export type P${i} = ${params};`,
      `export type R${i} = ${answer};`,
    ]),
  ].join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, source, version) : read(name, version, ...rest);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || exists(name);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file)!;
  const aliases = new Map<string, ts.Type>();
  sf.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, checker.getTypeAtLocation(node));
  });

  const schemas: Record<string, Schema> = {};
  const nameOf = (type: ts.Type): string | null => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || symbol.flags & ts.SymbolFlags.TypeLiteral || symbol.getName() === '__type') return null;
    if (type.aliasTypeArguments?.length || (type as ts.TypeReference).typeArguments?.length) return null;
    return checker
      .getFullyQualifiedName(symbol)
      .replace(/^".*?"\./, '')
      .replace(/[^A-Za-z0-9_.]/g, '_');
  };

  const convert = (type: ts.Type, mode: 'request' | 'response', seen: string[]): Schema => {
    const flags = type.getFlags();
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.StringLiteral) return { const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === 'true' };
    if (type.isUnion()) {
      const members = type.types.filter((t) => !(t.getFlags() & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
      const literals = members.filter((t) => t.getFlags() & ts.TypeFlags.StringLiteral);
      const bools = members.filter((t) => t.getFlags() & ts.TypeFlags.BooleanLiteral);
      // The package widens each enum with `OtherString` (string & {}) so that a value Stripe adds later still types;
      // the description's enums are closed for what a request sends (Stripe refuses another value) and kept open for
      // what an answer holds.
      const other = (t: ts.Type) => t.isIntersection() && t.types.some((u) => u.getFlags() & ts.TypeFlags.String);
      const rest = members.filter(
        (t) => !literals.includes(t) && !bools.includes(t) && !(mode === 'request' && literals.length && other(t)),
      );
      const out: Schema[] = [];
      if (literals.length) out.push({ enum: literals.map((t) => (t as ts.StringLiteralType).value).sort() });
      if (bools.length === 2) out.push({ type: 'boolean' });
      else if (bools.length === 1) out.push(convert(bools[0]!, mode, seen));
      const hasString = rest.some((t) => t.getFlags() & ts.TypeFlags.String);
      // A field that may hold any of many objects (an event's data.object, a payment's source): an object, its kind
      // not followed (or, where the field may also hold an id or null, those).
      if (rest.filter((t) => t.getFlags() & ts.TypeFlags.Object && !checker.isArrayType(t)).length > 4) {
        const many: Schema[] = [{ type: 'object', 'x-any-of-many': true }];
        if (hasString) many.unshift({ type: 'string' });
        if (rest.some((t) => t.getFlags() & ts.TypeFlags.Null)) many.unshift({ type: 'null' });
        return many.length === 1 ? many[0]! : { anyOf: many };
      }
      for (const member of rest) {
        // An answer's expandable field: the id, or (expanded) an object with an id.
        if (mode === 'response' && hasString && member.getFlags() & ts.TypeFlags.Object && !checker.isArrayType(member))
          out.push({ type: 'object', required: ['id'], 'x-expandable': nameOf(member) ?? true });
        else out.push(convert(member, mode, seen));
      }
      const unique = [...new Map(out.map((s) => [JSON.stringify(s), s])).values()];
      return unique.length === 1 ? unique[0]! : { anyOf: unique };
    }
    if (type.isIntersection() && type.types.some((t) => t.getFlags() & ts.TypeFlags.String)) return { type: 'string' };
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? convert(item, mode, seen) : {} };
    }
    if (flags & ts.TypeFlags.Object) {
      const symbolName = type.getSymbol()?.getName();
      if (symbolName === 'Decimal') return { type: 'string' };
      if (symbolName === 'Date') return { type: 'string' };
      const name = nameOf(type);
      const key = name ? (mode === 'request' && !name.includes('Params') ? `${name}_in` : name) : null;
      if (key && schemas[key]) return { $ref: `#/components/schemas/${key}` };
      if (key && seen.includes(key)) return { $ref: `#/components/schemas/${key}` };
      const schema: Schema = { type: 'object' };
      if (key) schemas[key] = schema; // placeholder against recursion
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const property of checker.getPropertiesOfType(type)) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        if (declaration && (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration))) continue;
        const propertyType = checker.getTypeOfSymbol(property);
        if (propertyType.getCallSignatures().length) continue;
        properties[property.getName()] = convert(propertyType, mode, key ? [...seen, key] : seen);
        if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.getName());
      }
      const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
      if (Object.keys(properties).length) schema.properties = properties;
      if (required.length) schema.required = required.sort();
      if (index) schema.additionalProperties = convert(index.type, mode, seen);
      else if (mode === 'request') schema.additionalProperties = false;
      if (key) return { $ref: `#/components/schemas/${key}` };
      return schema;
    }
    return {};
  };

  const paths: Record<string, Record<string, Schema>> = {};
  STRIPE_ENDPOINTS.forEach(([method, path, params, answer], i) => {
    const request = convert(aliases.get(`P${i}`)!, 'request', []);
    const response = convert(aliases.get(`R${i}`)!, 'response', []);
    (paths[path] ??= {})[method] = {
      'x-sdk-types': { params, answer },
      'x-params': request,
      responses: { '200': { content: { 'application/json': { schema: response } } } },
    };
  });
  // A type met in a request and in an answer is kept twice (`X_in` for the request: no unknown properties).
  const sdk = JSON.parse(readFileSync(join(root, 'node_modules/stripe/package.json'), 'utf8')) as { version: string };
  const openapiVersion = readFileSync(join(root, 'node_modules/stripe/OPENAPI_VERSION'), 'utf8').trim();
  const apiVersion = /ApiVersion = '([^']+)'/.exec(
    readFileSync(join(root, 'node_modules/stripe/esm/apiVersion.js'), 'utf8'),
  )![1];
  const out = {
    openapi: '3.0.0',
    info: {
      title: 'Stripe API (the calls Castbridge makes)',
      version: apiVersion,
      'x-source': `stripe@${sdk.version} type declarations, generated by Stripe from stripe/openapi ${openapiVersion}`,
    },
    paths,
    components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
  };
  writeFileSync(join(here, 'stripe-openapi.json'), `${JSON.stringify(out)}\n`);
  console.log(`stripe-openapi.json: ${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas`);
}

/** The YouTube methods the product and the stand-in serve: resource, method. */
export const YOUTUBE_METHODS: readonly [string, string][] = [
  ['channels', 'list'],
  ['videos', 'list'],
  ['liveBroadcasts', 'list'],
  ['liveChatMessages', 'list'],
  ['liveChatMessages', 'insert'],
];

function youtube(file: string) {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    revision: string;
    resources: Record<string, { methods: Record<string, Schema> }>;
    schemas: Record<string, Schema>;
  };
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'enumDescriptions')
        .map(([key, v]) => [key, key === 'description' && typeof v === 'string' ? v.slice(0, 2000) : strip(v)]),
    );
  };
  const resources: Record<string, { methods: Record<string, unknown> }> = {};
  const wanted = new Set<string>();
  const refsOf = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(refsOf);
    else if (typeof value === 'object' && value !== null)
      for (const [key, v] of Object.entries(value)) {
        if (key === '$ref' && typeof v === 'string' && !wanted.has(v)) {
          wanted.add(v);
          refsOf(doc.schemas[v]);
        } else refsOf(v);
      }
  };
  for (const [resource, method] of YOUTUBE_METHODS) {
    const found = doc.resources[resource]?.methods[method];
    if (!found) throw new Error(`${resource}.${method} is not in the document`);
    (resources[resource] ??= { methods: {} }).methods[method] = strip(found);
    refsOf(found);
  }
  // Written from Google's reference where the stored document (revision 20210427) predates a method or a part:
  // - liveChatMessages.streamList, https://developers.google.com/youtube/v3/live/docs/liveChatMessages/streamList
  //   ("GET https://www.googleapis.com/youtube/v3/liveChat/messages/stream", the parameters of liveChatMessages.list,
  //   answering a stream of LiveChatMessageListResponse);
  // - the video's paidProductPlacementDetails part, https://developers.google.com/youtube/v3/docs/videos#resource
  //   ("paidProductPlacementDetails": { "hasPaidProductPlacement": boolean }).
  const list = resources.liveChatMessages!.methods.list as Schema;
  resources.liveChatMessages!.methods.streamList = {
    ...list,
    id: 'youtube.liveChatMessages.streamList',
    flatPath: 'youtube/v3/liveChat/messages/stream',
    path: 'youtube/v3/liveChat/messages/stream',
    'x-written-from': 'https://developers.google.com/youtube/v3/live/docs/liveChatMessages/streamList',
  };
  const schemas = Object.fromEntries([...wanted].sort().map((name) => [name, strip(doc.schemas[name]) as Schema]));
  schemas.VideoPaidProductPlacementDetails = {
    id: 'VideoPaidProductPlacementDetails',
    type: 'object',
    properties: { hasPaidProductPlacement: { type: 'boolean' } },
    'x-written-from': 'https://developers.google.com/youtube/v3/docs/videos#paidProductPlacementDetails',
  };
  const video = schemas.Video as { properties: Record<string, Schema> };
  video.properties.paidProductPlacementDetails = { $ref: 'VideoPaidProductPlacementDetails' };
  // The chat message types YouTube added since, with their details objects (kept open: their fields not carried).
  // Source: https://developers.google.com/youtube/v3/live/docs/liveChatMessages#resource (snippet.type and the
  // memberMilestoneChatDetails, newSponsorDetails, membershipGiftingDetails, giftMembershipReceivedDetails,
  // pollDetails objects) and its #snippet.authorChannelId list (giftEvent, giftDetails).
  const snippet = schemas.LiveChatMessageSnippet as { properties: Record<string, Schema & { enum?: string[] }> };
  snippet.properties.type!.enum = [
    ...snippet.properties.type!.enum!,
    'memberMilestoneChatEvent',
    'membershipGiftingEvent',
    'giftMembershipReceivedEvent',
    'pollEvent',
    'giftEvent',
  ];
  for (const details of [
    'newSponsorDetails',
    'memberMilestoneChatDetails',
    'membershipGiftingDetails',
    'giftMembershipReceivedDetails',
    'pollDetails',
    'giftDetails',
  ])
    snippet.properties[details] ??= {
      type: 'object',
      additionalProperties: { type: 'any' },
      'x-written-from': 'https://developers.google.com/youtube/v3/live/docs/liveChatMessages#resource',
    };
  const out = {
    ...Object.fromEntries(
      Object.entries(doc).filter(([key]) =>
        ['id', 'name', 'version', 'revision', 'rootUrl', 'parameters'].includes(key),
      ),
    ),
    resources,
    schemas,
  };
  writeFileSync(join(here, 'youtube-discovery.json'), `${JSON.stringify(out, null, 1)}\n`);
  console.log(`youtube-discovery.json: revision ${doc.revision}, ${wanted.size} schemas`);
}

/** Stripe's example objects (fixtures3.json of stripe/openapi) of the resources the product reads. */
export const STRIPE_FIXTURES = [
  'account',
  'account_link',
  'bank_account',
  'charge',
  'dispute',
  'payment_intent',
  'payment_method',
  'payout',
  'refund',
  'transfer',
] as const;

function stripeFixtures(file: string) {
  const { resources } = JSON.parse(readFileSync(file, 'utf8')) as { resources: Record<string, unknown> };
  const out = Object.fromEntries(STRIPE_FIXTURES.map((name) => [name, resources[name]]));
  writeFileSync(join(here, 'stripe-fixtures.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`stripe-fixtures.json: ${STRIPE_FIXTURES.length} objects`);
}

const [what, file] = process.argv.slice(2);
if (what === 'stripe') stripe();
else if (what === 'stripe-fixtures' && file) stripeFixtures(file);
else if (what === 'youtube' && file) youtube(file);
else {
  console.error('usage: extract.ts stripe | youtube <youtube.v3.json> | stripe-fixtures <fixtures3.json>');
  process.exit(2);
}
