// A new creator's first archived day (docs/user-guide.md §The chat archive) in real Chromium against the product started as `npm
// start`: signs up as Influencer and completes the profile, finds Search the archive before choosing a platform, is
// led from the empty archive to Connect Accounts, connects Twitch on the local stand-in's consent page, turns
// archiving on from the empty archive, and sees the first archived day appear without a reload (the live events
// stream's `archive` event), then opens it. Each screen is checked with axe and photographed at 1280 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword, uniqueEmail } from './api';
import { launch, openPage, widths } from './harness';
import { checked } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new creator', () => {
  it(
    'signs up and sees the first archived day appear on Archive Chat without a reload',
    { timeout: 180_000 },
    async () => {
      const watched = await openPage(browser, widths.desktop);
      const { page } = watched;
      const m = page.locator('main');
      const channel = `first_${Date.now().toString(36)}`;

      await page.goto('/register');
      await page.getByRole('radio', { name: /Influencer/ }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Email').fill(uniqueEmail('first-archive'));
      await page.getByLabel('Password', { exact: true }).fill(strongPassword);
      await page.getByLabel('Confirm password').fill(strongPassword);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL('**/complete-register');
      await page.getByLabel('First name').fill('Rin');
      await page.getByLabel('Last name').fill('Archer');
      await page.getByLabel('Date of birth').fill('1998-05-02');
      await page.getByLabel('Gender').selectOption('Female');
      await page.getByLabel('Country').selectOption('United States');
      await page.getByLabel('City').fill('Austin');
      await page.getByLabel('Zipcode').fill('73301');
      await page.getByLabel('Address').fill('1 Congress Ave');
      await page.getByLabel('Broadcasting Language').selectOption({ label: 'English' });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('What type of content do you make?').fill('Speedruns of retro platformers');
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL('**/dashboard');

      // Archive Chat from the side menu: search is there before a platform is chosen.
      await page.getByRole('navigation').getByRole('link', { name: 'Archive Chat' }).click();
      await m.getByRole('heading', { level: 1, name: 'Archive Chat' }).waitFor();
      await m.getByRole('search', { name: 'Search the archive' }).waitFor();
      await m.getByRole('radio', { name: 'Twitch' }).click();
      await m.getByText('Nothing of Twitch is archived yet.').waitFor();
      await checked(watched, 'first-archive-not-connected');
      await m.getByRole('link', { name: 'connect Twitch' }).click();

      // The stand-in's consent page, then back on Connect Accounts.
      await page.getByRole('region', { name: 'Twitch' }).getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByLabel('Channel name').fill(channel);
      await page.getByRole('button', { name: 'Authorize' }).click();
      await page.getByRole('region', { name: 'Twitch' }).getByText(channel, { exact: true }).first().waitFor();

      await page.getByRole('navigation').getByRole('link', { name: 'Archive Chat' }).click();
      await m.getByRole('heading', { level: 1, name: 'Archive Chat' }).waitFor();
      // From here on, a reload would lose this mark.
      await page.evaluate(() => Object.assign(window, { firstArchiveMark: true }));
      await m.getByRole('radio', { name: 'Twitch' }).click();
      await m
        .getByText(`Archiving is off for ${channel}: turn it on and every message is kept from then on.`)
        .waitFor();
      await checked(watched, 'first-archive-off');
      await m.getByRole('button', { name: 'Turn archiving on' }).click();
      await m.getByText(`Archiving is on: every message of ${channel}'s chat is kept from now on.`).waitFor();

      // The stand-in chat replays a synthetic session into the channel; the day appears on its own.
      const days = m.getByRole('list', { name: 'Archived days' });
      await days.waitFor({ timeout: 60_000 });
      expect(await page.evaluate(() => (window as unknown as { firstArchiveMark?: boolean }).firstArchiveMark)).toBe(
        true,
      );
      await checked(watched, 'first-archive-day');
      await days
        .getByRole('link', { name: /Open chat/ })
        .first()
        .click();
      await page
        .getByRole('log', { name: /^Messages of / })
        .getByText('good evening chat, did the speedrun attempt start yet?')
        .waitFor();
      expect(watched.problems).toEqual([]);
      await watched.context.close();
    },
  );
});
