// Real Chromium through playwright-core, with the checks every browser test makes:
// no console error, no failed request, axe (wcag2a + wcag2aa) clean, screenshots in an ignored folder.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';

const require = createRequire(import.meta.url);

export const baseURL = () => inject('baseURL');

export function chromePath(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) throw new Error("Chromium not found: install Debian's chromium or set CHROME_PATH");
  return found;
}

/**
 * Chromium reads one --disable-features, its last: Playwright's own list (playwright-core's chromiumSwitches.ts, 1.65:
 * services that reach Google at startup, PaintHolding, HTTPS upgrades of http://127.0.0.1 navigations), which an
 * argument of ours would replace, then ours.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Chromium 156 loads its omnibox popup (a WebUI page in a renderer of its own) even headless, where no address
  // bar is ever shown: 77 s of CPU over one npm test on 2026-11-30, about a sixth of all Chromium's.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ],
  });
}

export const widths = { mobile: 375, tablet: 768, laptop: 992, desktop: 1280 } as const;

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
}

/** A fresh context and page at `width`, watching for console errors and failed requests. */
export async function openPage(
  browser: Browser,
  width: number,
  options: { jwt?: string; clientAddress?: string; locale?: string } = {},
): Promise<Watched> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: baseURL(),
    // The browser's language (navigator.languages), which chooses the page's before anyone has (src/i18n).
    ...(options.locale ? { locale: options.locale } : {}),
    // The server trusts X-Forwarded-For in the journeys (TRUST_PROXY=1): a journey that fails sign-ins on purpose
    // counts them against its own address, not against every other journey's 127.0.0.1.
    ...(options.clientAddress ? { extraHTTPHeaders: { 'x-forwarded-for': options.clientAddress } } : {}),
  });
  if (options.jwt) {
    await context.addInitScript((token) => window.localStorage.setItem('jwt', token), options.jwt);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // The page's loads of a new document (a test's goto, a reload, a link out of the app): a call still out when one
  // starts is cut by the browser, as it would be for a person leaving the page, not by the product. So is a call the
  // old document starts while the new one is on its way (from its request until the main frame commits to it: a
  // renewed token's re-reads, 2026-12-02, on a busy machine): it counts as the old document's.
  let documents = 0;
  let leaving = false;
  const documentsAtStart = new WeakMap<Request, number>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents += 1;
      leaving = true;
    } else documentsAtStart.set(request, leaving ? documents - 1 : documents);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) leaving = false;
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Navigations that the test itself interrupts are not failures of the product.
    if (failure.includes('ERR_ABORTED') && request.resourceType() === 'document') return;
    // A call the page had out when a new document started loading (a busy machine answers later than the test
    // moves on); a call the product itself cancels is still reported.
    if (
      failure.includes('ERR_ABORTED') &&
      ['fetch', 'xhr'].includes(request.resourceType()) &&
      documents > (documentsAtStart.get(request) ?? documents)
    )
      return;
    // The live stream (its ticket, then GET /api/events) never ends by itself: the page cuts it when it leaves or
    // signs out, whichever of the two steps it is in.
    if (
      failure.includes('ERR_ABORTED') &&
      ['/api/events', '/api/events/ticket'].includes(new URL(request.url()).pathname)
    )
      return;
    // So does the overlay preview's stream (docs/product.md §The overlay for OBS): its page closes it when its token is replaced or it is left.
    if (failure.includes('ERR_ABORTED') && new URL(request.url()).pathname === '/api/overlay/stream') return;
    // Files a page is still loading (chunks it asks for after it is interactive, images, fonts) are cut when the
    // test navigates on; a file that is really missing answers 404, which is reported below.
    if (
      failure.includes('ERR_ABORTED') &&
      ['script', 'stylesheet', 'image', 'font', 'media'].includes(request.resourceType())
    )
      return;
    // The browser's own favicon fetch (resource type "other") is cut the same way when the page navigates on.
    if (failure.includes('ERR_ABORTED') && new URL(request.url()).pathname.startsWith('/favicon')) return;
    problems.push(`requestfailed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`http ${response.status()}: ${response.url()}`);
    const path = new URL(response.url()).pathname;
    if (response.status() === 404 && (path.startsWith('/assets/') || path.startsWith('/images/'))) {
      problems.push(`http 404: ${response.url()}`);
    }
  });
  return { page, context, problems };
}

let axeSource: string | undefined;

/** Runs axe-core (wcag2a, wcag2aa) on the page and returns the violations, described. */
/**
 * Waits until every animation and transition in `locator`'s subtree has finished: a state, not a guess of how long
 * a fade takes on a busy machine.
 */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * From now on, records in the page (performance.now(), the page's own clock) each value `attribute` of the element
 * at `selector` takes. Durations a journey checks are measured where they happen, so a slow test runner cannot
 * stretch or shrink them.
 */
export async function recordAttribute(
  page: Page,
  selector: string,
  attribute: string,
): Promise<() => Promise<{ value: string | null; at: number }[]>> {
  const key = `__record_${attribute}_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ([sel, attr, name]) => {
      const el = document.querySelector(sel!)!;
      const log: { value: string | null; at: number }[] = [{ value: el.getAttribute(attr!), at: performance.now() }];
      (window as unknown as Record<string, unknown>)[name!] = log;
      new MutationObserver(() => {
        const value = el.getAttribute(attr!);
        if (log[log.length - 1]!.value !== value) log.push({ value, at: performance.now() });
      }).observe(el, { attributes: true, attributeFilter: [attr!] });
    },
    [selector, attribute, key],
  );
  return () => page.evaluate((name) => (window as unknown as Record<string, never>)[name]!, key);
}

export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // The screen as it settles: a dialog fading in (150 ms, longer on a loaded machine) has text at part opacity, which
  // axe would measure as low contrast. Finite animations and transitions end first; a spinner's endless one is left.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      // Not a wait on a guess: a cap, so a paused animation (which never finishes) cannot hold the check; the
      // animations above end in a few hundred ms.
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) stays on; once per document (a
  // journey checks the same page again after each step): its 550 KB cost the renderer about 65 ms to evaluate again,
  // as much as a check (2026-12-04, a quiet machine, CDP Performance.getMetrics), and the browser as much to carry.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

const shotsDir = join(process.cwd(), 'test', '.output', 'screenshots');

/**
 * Whether the journeys photograph their screens: `SCREENSHOTS=1` (a person looking at what they built, or refreshing
 * docs/screenshots/). Off in `npm test`: nothing reads them there, and a full-page PNG more than doubled what Chromium
 * spent on a page (2026-12-01, four public pages at 375 and 1280 px, three times: 7.4 s of CPU without, 16.3 s with).
 */
export const takesScreenshots = process.env.SCREENSHOTS === '1';

/** Saves a full-page screenshot under test/.output/screenshots (ignored by git), when `SCREENSHOTS=1`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const path = join(shotsDir, `${name}-${width}.png`);
  if (!takesScreenshots) return path;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Whether the page scrolls sideways (a layout defect at narrow widths). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * On a phone (at most 576 px wide), the tables whose columns hide in a sideways scroll, or whose cells clip what they
 * show, by caption: none should (src/ui/Table.tsx stacks its rows there). Empty at wider widths.
 */
export function tablesHidingColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (window.innerWidth > 576) return [];
    const hiding: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      // A chart's data table is for screen readers only (visually hidden, a pixel wide).
      if (table.getBoundingClientRect().width <= 1) continue;
      const caption = table.querySelector('caption')?.textContent ?? '(no caption)';
      const region = table.closest('[role="region"]') ?? table.parentElement!;
      if (region.scrollWidth > region.clientWidth + 1) hiding.push(`${caption}: scrolls sideways`);
      for (const cell of table.querySelectorAll('td')) {
        if (cell.scrollWidth > cell.clientWidth + 1) {
          hiding.push(`${caption}: "${cell.textContent}" clipped`);
          break;
        }
      }
    }
    return hiding;
  });
}

/**
 * The checks every screen passes once it has settled: no sideways scroll, no table hiding its columns on a phone, axe
 * clean, no console error or failed request so far; and a screenshot of it for a person to look at (unless the
 * caller photographs that screen at other widths only).
 */
export async function expectCleanPage(
  { page, problems }: Watched,
  name: string,
  options: { screenshot?: boolean } = {},
): Promise<void> {
  expect(await hasHorizontalScroll(page), `${name}: horizontal scroll`).toBe(false);
  expect(await tablesHidingColumns(page), `${name}: tables`).toEqual([]);
  expect(await axeViolations(page), `${name}: axe`).toEqual([]);
  if (options.screenshot ?? true) await screenshot(page, name);
  expect(problems, `${name}: console errors or failed requests`).toEqual([]);
}
