// The overlay page's figures for `npm run bench` (docs/product.md §The overlay for OBS), in system Chromium against
// the product started as `npm start` — the demo creator's overlay, whose accepted offers carry images:
// - its gzipped JS and CSS from the build;
// - how long after navigation starts the first creative is painted (the page's own `overlay:first-creative` mark, set
//   when the image has loaded), each run a fresh browser context (nothing cached);
// - how long the page takes to follow the creator, as test/e2e/overlay.test.ts drives it (that test checks only what
//   happens and in which order): the OBS Extension screen's switch clicked off → the page hidden, on → showing; an
//   offer accepted (POST /api/offers/:id/accept) → its creative on the page; a new URL confirmed in the screen's
//   dialog → the page on the old URL hidden. Each from the click event in the screen (or, for the accept, from just
//   before the request) to the first animation frame after the overlay page's change: Date.now() in each, the
//   system's wall clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { overlayReport } from '../scripts/bundle';

export interface OverlayPageFigures {
  js: number;
  css: number;
  react: boolean;
  /** Milliseconds from navigation start to the first creative painted, one per run. */
  firstCreativeMs: number[];
  /** Milliseconds, one per round: the switch clicked off → the page hidden. */
  switchOffMs: number[];
  /** The switch clicked on → the page showing. */
  switchOnMs: number[];
  /** An offer accepted → its creative on the page (one more creative in its rotation). */
  acceptedMs: number[];
  /** A new URL confirmed → the page on the old URL hidden. */
  rotatedMs: number[];
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function overlayPageFigures(
  productUrl: string,
  dataDir: string,
  distDir: string,
  runs = 5,
): Promise<OverlayPageFigures> {
  const size = overlayReport(distDir);
  const line = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('creator'));
  if (!line) throw new Error('The demo creator is missing (SEED_DEMO=0?)');
  const [, email, password] = line.trim().split(/\s+/);
  const login = await fetch(`${productUrl}/api/auth/jwt-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firebaseResponse: null }),
  });
  const { token } = (await login.json()) as { token: string };
  const { overlay } = (await (
    await fetch(`${productUrl}/api/overlay`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { overlay: { path: string } };

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const firstCreativeMs: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      // `?preview` keeps the bench's visits out of the demo creator's proof of display.
      await page.goto(`${productUrl}${overlay.path}?preview=1`);
      await page.waitForFunction(() => document.documentElement.dataset.firstCreativeMs !== undefined, undefined, {
        timeout: 10_000,
      });
      firstCreativeMs.push(Number(await page.evaluate(() => document.documentElement.dataset.firstCreativeMs)));
      await context.close();
    }
    const following = await followingFigures(browser, productUrl, token, runs);
    return { js: size.js, css: size.css, react: size.react, firstCreativeMs, ...following };
  } finally {
    await browser.close();
  }
}

/** How long a change takes to reach the page: the longest a single change may take before the bench gives up. */
const GIVE_UP_MS = 15_000;

/**
 * Arms the overlay page for its `#overlay`'s `attribute` becoming `value`, then runs `act` and answers the
 * milliseconds to the first animation frame after the change: from the click event `act` makes in `clickedIn`, or
 * without it from just before `act`.
 */
async function follow(
  page: Page,
  attribute: string,
  value: string,
  act: () => Promise<unknown>,
  clickedIn?: Page,
): Promise<number> {
  await page.evaluate(
    ([name, wanted]) => {
      const root = document.getElementById('overlay')!;
      (window as unknown as { benchChange: Promise<number> }).benchChange = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (root.getAttribute(name!) !== wanted) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(Date.now()));
        });
        observer.observe(root, { attributes: true, attributeFilter: [name!] });
      });
    },
    [attribute, value],
  );
  // The click as the screen gets it: Playwright's own checks before it (visible, stable, enabled) are not counted.
  await clickedIn?.evaluate(() => {
    const screen = window as unknown as { benchClickAt?: number };
    delete screen.benchClickAt;
    document.addEventListener('click', () => (screen.benchClickAt = Date.now()), { capture: true, once: true });
  });
  const before = Date.now();
  await act();
  const sent = clickedIn
    ? await clickedIn.evaluate(() => (window as unknown as { benchClickAt: number }).benchClickAt)
    : before;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const at = await Promise.race([
    page.evaluate(() => (window as unknown as { benchChange: Promise<number> }).benchChange),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the overlay page's ${attribute} did not become ${value} in ${GIVE_UP_MS} ms`)),
        GIVE_UP_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  return at - sent;
}

/** The demo creator's OBS Extension screen and overlay page side by side, driven as the browser test does. */
async function followingFigures(
  browser: Browser,
  productUrl: string,
  token: string,
  rounds: number,
): Promise<Pick<OverlayPageFigures, 'switchOffMs' | 'switchOnMs' | 'acceptedMs' | 'rotatedMs'>> {
  const api = async <T>(method: string, path: string): Promise<T> => {
    const response = await fetch(`${productUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** The overlay page at the creator's current URL, as OBS would open it, once it shows a creative. */
  const openOverlay = async (): Promise<Page> => {
    const { overlay } = await api<{ overlay: { path: string } }>('GET', '/api/overlay');
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${productUrl}${overlay.path}?preview=1`);
    await page.waitForFunction(() => document.getElementById('overlay')?.dataset.state === 'showing', undefined, {
      timeout: GIVE_UP_MS,
    });
    return page;
  };

  const dashboard = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: productUrl });
  await dashboard.addInitScript((jwt) => window.localStorage.setItem('jwt', jwt), token);
  const screen = await dashboard.newPage();
  await screen.goto('/obs-extension');
  const showOnStream = screen.getByRole('switch', { name: 'Show the overlay on stream' });
  await showOnStream.waitFor();
  let overlay = await openOverlay();

  const switchOffMs: number[] = [];
  const switchOnMs: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    switchOffMs.push(await follow(overlay, 'data-state', 'hidden', () => showOnStream.click(), screen));
    switchOnMs.push(await follow(overlay, 'data-state', 'showing', () => showOnStream.click(), screen));
  }

  // The demo creator's invited offers (the demo's campaigns show on the overlay, each with its image).
  const { offers } = await api<{ offers: { id: string; status: string }[] }>('GET', '/api/offers');
  const acceptedMs: number[] = [];
  for (const offer of offers.filter((entry) => entry.status === 'invited').slice(0, rounds)) {
    const creatives = Number(await overlay.locator('#overlay').getAttribute('data-creatives'));
    acceptedMs.push(
      await follow(overlay, 'data-creatives', String(creatives + 1), () =>
        api('POST', `/api/offers/${offer.id}/accept`),
      ),
    );
  }

  const rotatedMs: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await screen.getByRole('button', { name: 'New URL' }).click();
    const dialog = screen.getByRole('alertdialog', { name: 'Make a new overlay URL?' });
    await dialog.waitFor();
    // Open, as a person sees it before confirming: its fade-in over.
    await screen.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    rotatedMs.push(
      await follow(
        overlay,
        'data-state',
        'hidden',
        () => dialog.getByRole('button', { name: 'Yes, Make a New URL' }).click(),
        screen,
      ),
    );
    await dialog.waitFor({ state: 'detached' });
    await overlay.context().close();
    overlay = await openOverlay();
  }
  await overlay.context().close();
  await dashboard.close();
  return { switchOffMs, switchOnMs, acceptedMs, rotatedMs };
}
