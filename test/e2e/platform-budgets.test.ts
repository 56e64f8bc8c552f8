// The platforms' budgets in the operator console (docs/product.md §Platform limits) in real Chromium against the
// product started as `npm start`: a creator connects Twitch and YouTube through the stand-ins (calls that spend the
// budgets through the governor); the operator opens Platform budgets and reads them, a meter per card. Checked with
// axe, without sideways scroll, and photographed at 375 and 1280 px.
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
      await op.page.getByRole('tab', { name: 'Platform budgets' }).click();
      const budgets = op.page.getByRole('list', { name: 'Platform budgets' });
      await budgets.waitFor();
      // YouTube's project spent at least the connect's channels.list.
      const youtube = budgets.getByRole('listitem', { name: 'YouTube: the project’s daily quota' });
      await youtube.waitFor();
      const meter = youtube.getByRole('meter', { name: 'Spent today' });
      expect(Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await youtube.getByText('(midnight Pacific)').waitFor();
      await checked(op, 'operator-platform-budgets');
      await op.context.close();
    }
  });
});
