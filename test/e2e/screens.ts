// Opening a signed-in screen and checking it once it has settled, shared by the marketplace and money journeys.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, hasHorizontalScroll, openPage, screenshot, tablesHidingColumns, type Watched } from './harness';

/** A page at `width` signed in with `jwt`, on `path`, once its heading is shown. */
export async function signedIn(browser: Browser, width: number, jwt: string, path: string): Promise<Watched> {
  const watched = await openPage(browser, width, { jwt });
  await watched.page.goto(path);
  await watched.page.locator('main').getByRole('heading', { level: 1 }).first().waitFor();
  return watched;
}

/**
 * Axe clean, no sideways scroll and no table hiding its columns on a phone once the network is idle and the animations
 * have ended; then a screenshot.
 */
export async function checked(watched: Watched, name: string): Promise<void> {
  const { page } = watched;
  await page.waitForLoadState('networkidle');
  // Dialogs fade in: axe measures colours once the animations have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  expect(await axeViolations(page), name).toEqual([]);
  expect(await hasHorizontalScroll(page), name).toBe(false);
  expect(await tablesHidingColumns(page), name).toEqual([]);
  await screenshot(page, name);
}
