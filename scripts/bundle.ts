// What each route loads before interaction, from the production build's manifest: gzipped JS and CSS,
// per route and per route chunk. Used by `npm run bench` and by the bundle-budget test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// The shell loads the API client with the session's first GET /api/user.
const dashboard = (screen: string) => ['src/app/SignedInRoutes.tsx', 'src/api/client.ts', screen];

/** The modules each route needs on top of the entry before a person can interact with it. */
export const routeModules: Record<string, string[]> = {
  '/': ['src/public/Landing.tsx'],
  '/contact-us': ['src/support/ContactUs.tsx'],
  '/forgot-password': ['src/accounts/ForgotPassword.tsx'],
  '/reset-password': ['src/accounts/ResetPassword.tsx'],
  '/unsubscribe': ['src/public/Unsubscribe.tsx'],
  '/login': ['src/accounts/Login.tsx'],
  '/register': ['src/accounts/Register.tsx'],
  '/complete-register': ['src/accounts/CompleteRegister.tsx'],
  '/dashboard': dashboard('src/analytics/Analytics.tsx'),
  '/analytics': dashboard('src/analytics/Analytics.tsx'),
  '/obs-extension': dashboard('src/overlay/ObsExtension.tsx'),
  '/help-and-support': dashboard('src/support/HelpAndSupport.tsx'),
  '/sponsorship-offers': dashboard('src/marketplace/SponsorshipOffers.tsx'),
  '/earnings': dashboard('src/money/Earnings.tsx'),
  '/archive-chat': dashboard('src/archive/ArchiveChat.tsx'),
  '/settings': dashboard('src/accounts/Settings.tsx'),
  '/set-payout-method': dashboard('src/money/PayoutMethods.tsx'),
  '/my-profile': dashboard('src/accounts/MyProfile.tsx'),
  '/connect-accounts': dashboard('src/connections/ConnectAccounts.tsx'),
  '/media-kit': dashboard('src/marketplace/MediaKit.tsx'),
  // Self-serve money (docs/product.md §Self-serve money).
  '/tax-form': dashboard('src/money/TaxForm.tsx'),
  '/documents': dashboard('src/money/Documents.tsx'),
  // The advertiser's workspace (docs/product.md §Marketplace).
  '/company-profile': dashboard('src/marketplace/CompanyProfile.tsx'),
  '/campaigns': dashboard('src/marketplace/Campaigns.tsx'),
  '/campaigns/new': dashboard('src/marketplace/CampaignEditor.tsx'),
  '/creators': dashboard('src/marketplace/FindCreators.tsx'),
  '/admin': dashboard('src/operator/OperatorConsole.tsx'),
  '/campaigns/:id': dashboard('src/marketplace/CampaignPage.tsx'),
  '/campaigns/:id/report': dashboard('src/deliverables/CampaignReport.tsx'),
  // A shared report: no sign-in, no shell; the API client comes with its one read.
  '/reports/:token': ['src/api/client.ts', 'src/deliverables/SharedReport.tsx'],
  '/offers/:id/proof': dashboard('src/overlay/DisplayProof.tsx'),
  '/archive-chat/:platform/:date': dashboard('src/archive/ArchiveViewer.tsx'),
};

export interface RouteWeight {
  route: string;
  js: number;
  css: number;
  files: string[];
  /** The manifest keys (source modules and shared chunks) behind those files. */
  modules: string[];
}

export interface BundleReport {
  routes: RouteWeight[];
  /** Each lazily loaded route chunk on its own (gzipped JS of the chunk file itself). */
  chunks: { module: string; file: string; js: number }[];
  /** Route → whether its closure contains Firebase / ky code. */
  contains: Record<string, { firebase: boolean; ky: boolean }>;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The static-import closure of the given manifest keys (what the browser fetches for them). */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export function bundleReport(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const entry = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const routes: RouteWeight[] = [];
  const contains: BundleReport['contains'] = {};
  for (const [route, modules] of Object.entries(routeModules)) {
    for (const module of modules)
      if (!manifest[module]) throw new Error(`${module} is not a chunk of the build (route ${route})`);
    const keys = closure(manifest, [entry, ...modules]);
    const jsFiles = [...keys].map((key) => manifest[key]!.file);
    const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
    const code = jsFiles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
    contains[route] = {
      firebase: code.includes('signInWithPopup') || code.includes('@firebase/'),
      ky: code.includes('Request failed with '),
    };
    routes.push({
      route,
      js: jsFiles.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0),
      css: cssFiles.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0),
      files: [...jsFiles, ...cssFiles],
      modules: [...keys],
    });
  }
  const chunks = [...new Set(Object.values(routeModules).flat())].map((module) => ({
    module,
    file: manifest[module]!.file,
    js: gzipSize(join(distDir, manifest[module]!.file)),
  }));
  return { routes, chunks, contains };
}

/** The overlay page OBS loads (docs/product.md §The overlay for OBS, its own build): gzipped JS and CSS, and whether any app code came along. */
export function overlayReport(distDir: string): { js: number; css: number; files: string[]; react: boolean } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'overlay-manifest.json'), 'utf8')) as Manifest;
  if (!manifest['overlay.html']) throw new Error('The overlay build has no overlay.html entry');
  const keys = closure(manifest, ['overlay.html']);
  const jsFiles = [...keys].map((key) => manifest[key]!.file);
  const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
  const code = jsFiles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
  return {
    js: jsFiles.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0),
    css: cssFiles.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0),
    files: [...jsFiles, ...cssFiles],
    react:
      code.includes('react.element') ||
      code.includes('__reactContainer') ||
      code.includes('react.transitional.element'),
  };
}

/**
 * The public routes' budget of gzipped JS before interaction (`/` has its own, 120 KB), in KB: 125, plus what the
 * languages' runtime (Lingui's core and src/i18n, docs/architecture.md §Languages) added to every route, 3.5 KB measured
 * on 2026-12-01 (/register 123.5 → 127.0 KB, /reports/:token to 126.2 KB); issue 49 allows the library's measured cost.
 * `npm run bench` and test/e2e/budgets.test.ts read it.
 */
export const PUBLIC_JS_BUDGET_KB = 128.5;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
