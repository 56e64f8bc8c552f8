// Which way imports may run (npm run lint: `depcruise src machines server contract --config .dependency-cruiser.cjs`).
// No cycles anywhere, type-only imports included; on the server, contract/ → the basics (http, db, jobs, mail, cluster and
// the root helpers) → the domains, each declaring the small interface it needs → server/app.ts, the only module that
// builds the whole. Between the domains that share offers and money the direction is fixed too: accounts at the
// bottom, then money, then the marketplace (which owns offer completion: server/marketplace/completion.ts), then
// the overlay and the operator console. Where a lower module must tell a higher one something, it declares a
// callback that app.ts fills in (e.g. OverlayRefresh in server/marketplace/routes.ts).

/** The server's basics: they import each other and contract/, never a domain. */
const BASICS = '^server/(http|db|jobs|mail|cluster|metrics)/|^server/(log|async-context|config|secret-file)[.]ts$';
/** What only the top may import: the whole app and its bag of services. */
const THE_WHOLE = '^server/(app|main|serve|services)[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (type-only imports count): move the shared part down, or let the lower module declare an interface the higher one fills.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-basics-import-no-domain',
      severity: 'error',
      comment:
        'server/http, db, jobs, mail, cluster and metrics (and log, async-context, config, secret-file) are below every domain: declare an interface here and let server/app.ts pass the domain in.',
      from: { path: BASICS },
      to: { path: '^server/', pathNot: BASICS },
    },
    {
      name: 'server-only-the-top-builds-the-whole',
      severity: 'error',
      comment:
        'Domain modules declare the small interface they need (e.g. OfferDeps) instead of importing Services or the app; only app.ts, main.ts, the CLI, the demo and the tests know the whole.',
      from: { path: '^server/', pathNot: `${THE_WHOLE}|^server/cli/` },
      to: { path: THE_WHOLE },
    },
    {
      name: 'server-accounts-at-the-bottom',
      severity: 'error',
      comment:
        'Every domain builds on accounts; accounts imports only the basics (other domains reach it through UserChangeHooks and its route deps).',
      from: { path: '^server/accounts/' },
      to: { path: '^server/', pathNot: `^server/accounts/|${BASICS}` },
    },
    {
      name: 'server-money-below-marketplace',
      severity: 'error',
      comment:
        'The marketplace owns offer completion and calls money (payEarning, reservations); money never calls back.',
      from: { path: '^server/money/' },
      to: { path: '^server/(marketplace|overlay|operator|deliverables)/' },
    },
    {
      name: 'server-marketplace-below-overlay',
      severity: 'error',
      comment:
        'The overlay and the deliverables build on the marketplace (offers, completion); the marketplace tells them things through hooks (OverlayRefresh) that app.ts fills in.',
      from: { path: '^server/marketplace/' },
      to: { path: '^server/(overlay|operator|deliverables)/' },
    },
    {
      name: 'server-deliverables-below-overlay',
      severity: 'error',
      comment:
        "The overlay hands an offer whose campaign asks for more than overlay minutes to the deliverables' settlement; the deliverables learn the overlay's fraud signals through a callback app.ts fills in.",
      from: { path: '^server/deliverables/' },
      to: { path: '^server/(overlay|operator)/' },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'contract/ is shared by the client and the server: it may import packages and itself, nothing else of this repository.',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract|node_modules)/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'server-loads-no-stand-in',
      severity: 'error',
      comment:
        'The product never loads the stand-ins or the demo (docs/architecture.md "Stand-ins and the demo"): the demo entry (demo/main.ts) and the tests hand the stand-ins to createApp.',
      from: { path: '^server/' },
      to: { path: '^(standins|demo|test)/' },
    },
    {
      name: 'stand-ins-import-nothing-of-ours',
      severity: 'error',
      comment:
        "A stand-in is held to the platform's published description (standins/published/), never to the product's own tables: it imports nothing of Castbridge.",
      from: { path: '^standins/' },
      to: { path: '^(server|src|machines|contract|demo|test)/' },
    },
    {
      name: 'machines-import-no-app',
      severity: 'error',
      comment: 'Statecharts are plain logic: they never import the client (src/) or the server.',
      from: { path: '^machines/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'client-imports-no-server',
      severity: 'error',
      comment: 'The client shares types and schemas with the server through contract/, never by importing server/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too: `import type` cycles are cycles.
    tsPreCompilationDeps: true,
    // The `@/` alias (tsconfig.json paths).
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
