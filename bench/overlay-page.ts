// The overlay page's figures for `npm run bench` (docs/product.md §The overlay for OBS): its gzipped JS and CSS from the build, and how long after
// navigation starts the first creative is painted (the page's own `overlay:first-creative` mark, set when the image
// has loaded), in system Chromium against the product started as `npm start` — the demo creator's overlay, whose
// accepted offers carry images. Each run is a fresh browser context (nothing cached).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { overlayReport } from '../scripts/bundle';

export interface OverlayPageFigures {
  js: number;
  css: number;
  react: boolean;
  /** Milliseconds from navigation start to the first creative painted, one per run. */
  firstCreativeMs: number[];
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
  } finally {
    await browser.close();
  }
  return { js: size.js, css: size.css, react: size.react, firstCreativeMs };
}
