// The platforms' budgets in the operator console (docs/product.md §Platform limits) in real Chromium against the
// product started as `npm start`: a creator connects Twitch and YouTube through the stand-ins (calls that spend the
// budgets through the governor); the operator opens Platform budgets and reads them, a meter per card, and how often
// verification reads through the YouTube quota. Checked with axe, without sideways scroll, every console tab in sight,
// and photographed at 375 and 1280 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughStandIn, demoAccounts, login, register } from './api';
import { launch, widths } from './harness';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('platform budgets', () => {
  it('the operator reads each platform budget after a creator connected Twitch and YouTube', async () => {
    const suffix = Date.now().toString(36);
    const creator = await register();
    await connectThroughStandIn(creator.token, 'twitch', `budget_${suffix}`);
    await connectThroughStandIn(creator.token, 'youtube', `budget_${suffix}`);

    const { operator } = demoAccounts();
    const operatorToken = await login(operator.email, operator.password);
    for (const width of [widths.mobile, widths.desktop]) {
      const op = await signedIn(browser, width, operatorToken, '/admin');
      // All nine sections in sight, at 375 px as at 1280: the strip wraps instead of hiding tabs in a scroll.
      const tabs = op.page.getByRole('tablist', { name: 'Operator console' });
      expect(await tabs.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(1);
      const strip = (await tabs.boundingBox())!;
      const triggers = await tabs.getByRole('tab').all();
      expect(triggers).toHaveLength(9);
      for (const trigger of triggers) {
        const box = (await trigger.boundingBox())!;
        expect(box.x, (await trigger.textContent()) ?? '').toBeGreaterThanOrEqual(strip.x - 1);
        expect(box.x + box.width, (await trigger.textContent()) ?? '').toBeLessThanOrEqual(strip.x + strip.width + 1);
      }
      await op.page.getByRole('tab', { name: 'Platform budgets' }).click();
      const budgets = op.page.getByRole('list', { name: 'Platform budgets' });
      await budgets.waitFor();
      // YouTube's project spent at least the connect's channels.list.
      const youtube = budgets.getByRole('listitem', { name: 'YouTube: the project’s daily quota' });
      await youtube.waitFor();
      const meter = youtube.getByRole('meter', { name: 'Spent today' });
      expect(Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await youtube.getByText('(midnight Pacific)').waitFor();
      // How often delivery verification reads through it (issue 46): the seeded creator's live broadcast, at the
      // product's poll.
      await youtube.getByRole('heading', { name: 'How often it looks' }).waitFor();
      await youtube.getByText(/^Delivery verification: \d+ live or starting broadcasts? read every /).waitFor();
      await checked(op, 'operator-platform-budgets');
      await op.context.close();
    }
  });
});
