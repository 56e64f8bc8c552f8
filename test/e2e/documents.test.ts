// Documents (docs/product.md §Self-serve money) in real Chromium against the real server, at 375 and 1280 px: the demo
// creator's payout statements and last year's statement, the demo advertiser's deposit receipt; Download saves the
// PDF the API answers, byte for byte, named after its number. Axe clean, no sideways scroll, screenshots.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, demoAccounts, login } from './api';
import { axeViolations, hasHorizontalScroll, launch, openPage, screenshot, widths } from './harness';

let browser: Browser;
let creatorToken: string;
let advertiserToken: string;

beforeAll(async () => {
  browser = await launch();
  const { creator, advertiser } = demoAccounts();
  creatorToken = await login(creator.email, creator.password);
  advertiserToken = await login(advertiser.email, advertiser.password);
});

afterAll(async () => {
  await browser?.close();
});

const main = (page: Page) => page.locator('main');

type Listed = { id: string; kind: string; number: string; title: string };

async function pdfFromApi(jwt: string, id: string): Promise<Buffer> {
  const response = await fetch(`${inject('baseURL')}/api/documents/${id}`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe.each([widths.mobile, widths.desktop])('Documents at %i px', (width) => {
  it.each([
    ['creator', () => creatorToken, ['Payout statement', 'Annual earnings statement']],
    ['advertiser', () => advertiserToken, ['Deposit receipt']],
  ] as const)('the %s lists their documents and downloads one', async (who, jwt, titles) => {
    const watched = await openPage(browser, width, { jwt: jwt() });
    const { page, problems } = watched;
    await page.goto('/documents');
    await main(page).getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    const table = main(page).getByRole('list', { name: 'Documents' });
    await table.waitFor();
    await page.waitForLoadState('networkidle');
    for (const title of titles) await expect(table.getByText(title).first().isVisible()).resolves.toBe(true);

    const { documents } = await call<{ documents: Listed[] }>('GET', '/api/documents', { token: jwt() });
    const first = documents[0]!;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page)
        .getByRole('button', { name: `Download ${first.title} ${first.number} (PDF)` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${first.number}.pdf`);
    const saved = await download.path();
    expect(Buffer.compare(readFileSync(saved), await pdfFromApi(jwt(), first.id))).toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await main(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await screenshot(page, `documents-${who}`);
    expect(problems).toEqual([]);
    await watched.context.close();
  });
});
