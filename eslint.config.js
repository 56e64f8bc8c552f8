import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md): app → domain folders → ui, views → machines, wiring modules → api.
// machines/ is pure: xstate, machines/* and the contract's plain data only. contract/ is shared by client and server;
// the client imports its zod schemas as types only, so zod stays out of the browser bundle.
const restrict = (patterns) => ['error', { patterns }];
// The product's domains: the same folder names in machines/, src/ and server/ (docs/architecture.md).
const DOMAINS = [
  'public',
  'support',
  'accounts',
  'connections',
  'shell',
  'notifications',
  'marketplace',
  'money',
  'overlay',
  'archive',
  'analytics',
  'operator',
  'deliverables',
];
const clientDomains = `src/{${DOMAINS.join(',')},common}`;
const contractTypesOnly = {
  regex: '(^|/)contract(/index(\\.ts)?|/schemas/.*)?$',
  allowTypeImports: true,
  message:
    'The client takes types from the contract; values only from contract/profile and contract/endpoints (no zod in the bundle).',
};
// Product code never imports the tests: a flow's samples sit beside its machine (machines/<domain>/<flow>.samples.ts).
const noTest = { group: ['**/test/**'], message: 'src/ and machines/ import nothing from test/.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'coverage', 'docs', 'test/.output'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['react', 'react-dom', 'react-*', '@xstate/react'], message: 'Machines are pure: no React.' },
        {
          group: ['**/src/**', 'ky', 'firebase', 'firebase/*'],
          message: 'Machines name their effects; src/ provides them.',
        },
        { group: ['**/server/**'], message: 'Machines never import the server.' },
        noTest,
        contractTypesOnly,
      ]),
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'window', 'document', 'setTimeout', 'setInterval'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'The client never imports the server.' },
        noTest,
        contractTypesOnly,
      ]),
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/theme/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        // The theme's motion tokens take the spec's delays from the one place that holds them.
        {
          group: [
            ...DOMAINS.map((d) => `**/src/${d}/**`),
            '**/common/**',
            '**/app/**',
            '**/api/**',
            '**/machines/**',
            '!@/machines/timing',
          ],
          message: 'ui/ and theme/ are leaves.',
        },
        { group: ['**/server/**', '**/contract/**'], message: 'ui/ and theme/ know nothing of the API.' },
        noTest,
      ]),
    },
  },
  {
    // Views: the screens and parts in each domain folder (.tsx). Their wiring modules beside them (.ts) talk to the API.
    files: [`${clientDomains}/**/*.tsx`],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/api/**', 'ky'], message: "Views send events; the flow's wiring module talks to the API." },
        { group: ['firebase', 'firebase/*'], message: 'Firebase lives in src/accounts/firebase.ts.' },
        { group: ['**/server/**'], message: 'The client never imports the server.' },
        noTest,
        contractTypesOnly,
      ]),
      // Views read machines through their selectors (machines/<flow>.select.ts), never by state value.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='matches']",
          message: 'Use a selector from machines/<flow>.select.ts.',
        },
        {
          selector: "CallExpression[callee.property.name='hasTag']",
          message: 'Use a selector from machines/<flow>.select.ts.',
        },
        {
          selector: "MemberExpression[object.name=/^(snapshot|snap|state|current)$/][property.name='value']",
          message: 'Use a selector from machines/<flow>.select.ts.',
        },
      ],
    },
  },
  {
    // The areas in both languages (docs/architecture.md §Languages): a text a person reads comes from the domain's
    // catalogue (t('id')), never a literal in the view. Names, paths, class names and other values a person does not
    // read are left alone by the patterns below.
    // Every view of the product; the statechart inspector (src/inspector) is a developers' tool, in English.
    files: [
      'src/{public,support,common,shell,app,ui}/**/*.tsx',
      'src/{main,entry-server}.tsx',
      'src/accounts/{AuthLayout,Login,ForgotPassword,Register,ResetPassword,Settings,AccountLanguage,MyProfile}.tsx',
      'src/analytics/{Analytics,Details,Chart,CampaignReach}.tsx',
      'src/notifications/NotificationsModal.tsx',
      'src/connections/ConnectAccounts.tsx',
      'src/money/{Earnings,Withdraw,PayoutMethods,StripePayouts,Documents,TaxForm}.tsx',
      'src/overlay/{ObsExtension,CountingPanel,OverlaySettingsPanel,DisplayProof}.tsx',
      'src/deliverables/{OfferBot,DeliveryEvidence,ReportBody,SharedReport}.tsx',
      'src/archive/*.tsx',
      'src/marketplace/MediaKit.tsx',
      'src/marketplace/{OfferActions,CounterOffer,ProposalDialog,ProposalReply,ThreadDialog}.tsx',
      'src/marketplace/SponsorshipOffers.tsx',
      'src/marketplace/OffersOutlook.tsx',
      'src/marketplace/OffersProblem.tsx',
      'src/marketplace/OfferDeliverables.tsx',
      'src/marketplace/{CompanyProfile,AdvertiserCompletion,Campaigns}.tsx',
      'src/accounts/CompleteRegister.tsx',
      'src/marketplace/{CampaignEditor,CampaignDeliverables,CountryPicker,LaunchNeeds}.tsx',
      'src/marketplace/{FindCreators,FindCreatorsDialogs}.tsx',
      'src/marketplace/{CampaignPage,AddSpots,CampaignDelivery}.tsx',
      'src/deliverables/{CampaignReport,ReportShares,PromoCodes,CopyButton}.tsx',
      'src/money/{FundsParts,AddFunds,FundsRefund,DeliveryDispute}.tsx',
      'src/operator/{OperatorConsole,Problem,RejectReason,OperatorRecords,OperatorRefunds,OperatorMoney,DecisionDialog,ReviewQueue,OperatorBudgets}.tsx',
    ],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // Values, not texts: a path or URL, an identifier, a CSS or HTML token, an ICU id ('landing.title').
            '^(/|#|https?:|mailto:|blob:|data:)',
            // Names, the same in every language: the brand's, the payment platforms', a file format's, the IRS's TINs.
            '^(Castbridge|Stripe|PayPal|PDF|EIN|SSN|Twitch|YouTube|Youtube)$',
            '^[a-z0-9]+([A-Z][a-z0-9]*)*$',
            '^[a-z0-9]+(-[a-z0-9]+)+$',
            // A stored field's name ('first_name').
            '^[a-z0-9]+(_[a-z0-9]+)+$',
            '^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9_-]*)+$',
            // A route's path ('offers/:id/proof') and an SVG path's data ('M4 6h16M4 12h16').
            '^:?[a-z0-9*-]+(/:?[A-Za-z0-9*-]+)+$',
            '^[Mm][-0-9. ,MmLlHhVvCcSsQqTtAaZz]*$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^([a-z][A-Za-z]*Id|className|to|href|src|srcSet|id|name|type|variant|size|tone|icon|lang|width|height|rel|target|role|as|key|autoComplete|fetchPriority|method|page|aria-controls|aria-labelledby|describedBy|transform|data-[a-z-]+)$',
              },
            },
          ],
          ignoreFunctions: [
            'Error',
            'console.*',
            'new URLSearchParams',
            'useActorRef',
            'send',
            '*.send',
            'matchMedia',
            '*.querySelector',
            '*.includes',
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/src/**', '**/server/**', '**/machines/**', '**/test/**'],
          message: 'The contract depends on nothing but zod.',
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/src/**', '**/machines/**'], message: 'The server stands alone.' },
        {
          group: ['**/standins/**', '**/demo/**', '**/test/**'],
          message:
            'The product never loads the stand-ins, the demo or the tests: the demo entry (demo/main.ts) and the tests hand the stand-ins to createApp.',
        },
      ]),
    },
  },
  {
    files: ['standins/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/src/**', '**/machines/**', '**/contract/**', '**/demo/**', '**/test/**'],
          message:
            "A stand-in is held to the platform's published description, never to the product's own tables: it imports nothing of Castbridge.",
        },
      ]),
    },
  },
);
