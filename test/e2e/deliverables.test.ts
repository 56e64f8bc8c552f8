// Deliverables end to end (docs/product.md §Deliverables) in real Chromium against the product started as `npm start`:
// a brand builds a campaign asking for a tracked link and a chat-bot message, launches it; the matching creator
// accepts and finds the offer's tracked link and bot on the Accepted card; visitors click it (three people, a search
// engine's crawler, a repeat), and the brand's report shows the three clicks that counted and the two that did not,
// by day, shared read-only through a link a colleague opens without signing in. Each screen is checked with axe and
// photographed at 1280 and 375 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptMatchedLinkOffer,
  approvedAdvertiser,
  call,
  campaignFor,
  connectThroughStandIn,
  demoAccounts,
  login,
  register,
  updateProfile,
} from './api';
import { baseURL, launch, openPage, widths } from './harness';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const today = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The creator's card for `title` in the given tab. */
function card(page: Page, tab: string, title: string) {
  return page
    .getByRole('tabpanel', { name: tab })
    .locator('li')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

/** A visitor's click on `link` from `address` with `userAgent`: the redirect, not followed. */
async function click(link: string, address: string, userAgent = BROWSER_UA) {
  const response = await fetch(link, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
  });
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

describe('deliverables', () => {
  it('a brand asks for a tracked link and a bot message; the creator accepts; clicks arrive; the report shows them', async () => {
    const country = 'Nauru';
    const suffix = Date.now().toString(36);
    const title = `Headsets for ${country} ${suffix}`;
    const advertiser = await approvedAdvertiser(`Pixel Links ${suffix}`);
    const creator = await register();
    await updateProfile(creator.token, {
      first_name: 'Ira',
      last_name: 'Link',
      language: 'English',
      country,
      type_content: 'Rhythm games on Twitch',
    });
    // The chat bot posts in a channel: the creator has one.
    await connectThroughStandIn(creator.token, 'twitch', `ira_${suffix}`);

    // The brand builds the campaign: no overlay, a tracked link with 3 clicks to deliver, a bot message.
    const adv = await signedIn(browser, widths.desktop, advertiser.token, '/campaigns/new');
    const a = adv.page;
    await a.getByLabel('Brand').fill('Pixel Links');
    await a.getByLabel('Title').fill(title);
    await a.getByLabel('Description').fill('Our headset on stream, a link in chat and a word about it.');
    await a.getByLabel('Pay per Creator').fill('120');
    await a.getByLabel('Spots').fill('1');
    await a.getByRole('checkbox', { name: 'Twitch' }).check();
    await a.getByRole('checkbox', { name: 'English' }).check();
    await a.getByLabel('Countries').selectOption(country);
    await a.getByLabel('Disclosure', { exact: true }).fill('Sponsored by Pixel Links');
    await a.getByLabel('Starts On').fill(today());
    await a.getByLabel('Ends On').fill(today(30));
    await a.getByRole('checkbox', { name: 'Show on the overlay' }).uncheck();
    await a.getByRole('checkbox', { name: 'Tracked link' }).check();
    await a.getByLabel('Brand URL').fill('https://pixel.example/headsets?ref=stream');
    await a.getByLabel('Unique clicks to deliver').fill('3');
    await a.getByRole('checkbox', { name: 'Chat bot message' }).check();
    await a.getByRole('textbox', { name: 'Bot message' }).fill('The Pixel headset: 20% off for this chat');
    await a.getByLabel('Post every (minutes)').fill('15');
    await a.getByLabel('Posts to deliver').fill('4');
    await checked(adv, 'deliverables-editor');
    await a.getByRole('button', { name: 'Save Draft' }).click();
    await a.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
    const campaignPath = new URL(a.url()).pathname;
    await a.getByRole('button', { name: 'Launch Campaign' }).click();
    await a
      .getByRole('alertdialog', { name: 'Launch this campaign?' })
      .getByRole('button', { name: 'Yes, Launch' })
      .click();
    await a.getByText('Active', { exact: true }).first().waitFor();

    // The creator accepts; the Accepted card shows the tracked link and the bot.
    const cr = await signedIn(browser, widths.desktop, creator.token, '/sponsorship-offers');
    const c = cr.page;
    const offer = card(c, 'Newley Offers', title);
    await offer.waitFor({ timeout: 20_000 });
    await offer.getByRole('button', { name: 'Accept', exact: true }).click();
    // Accept either moves the card out of Newley Offers or says on it why not: a refusal is named, not waited out.
    await Promise.race([offer.waitFor({ state: 'detached' }), offer.getByRole('alert').waitFor()]);
    expect(await offer.getByRole('alert').allTextContents(), 'Accept refused').toEqual([]);
    await c.getByRole('tab', { name: 'Accepted' }).click();
    const accepted = card(c, 'Accepted', title);
    await accepted.waitFor();
    const linkText = accepted.getByText(/\/l\/[A-Za-z0-9]{8}$/);
    await linkText.waitFor({ timeout: 15_000 });
    const link = (await linkText.textContent())!.trim();
    expect(link.startsWith(baseURL())).toBe(true);
    await accepted.getByText('0 of 3 clicks').waitFor();
    await checked(cr, 'deliverables-creator-accepted');
    // The bot on the same card: what it will post, none of the four posts yet.
    await accepted.getByRole('button', { name: 'Chat bot' }).click();
    const botDialog = c.getByRole('dialog', { name: `Chat bot: ${title}` });
    await botDialog.getByText('The Pixel headset: 20% off for this chat').waitFor();
    await botDialog.getByText('0 of 4 posts').waitFor();
    await botDialog.getByText('No posts yet.').waitFor();
    await c.keyboard.press('Escape');
    await botDialog.waitFor({ state: 'detached' });

    // Visitors: three people count; a crawler and a second click of the first do not. Each lands on the brand's
    // page with the UTM parameters.
    const landing = new URL(await click(link, '198.51.100.1'));
    expect(landing.origin + landing.pathname).toBe('https://pixel.example/headsets');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      ref: 'stream',
      utm_source: 'castbridge',
      utm_medium: 'stream',
    });
    await click(link, '198.51.100.2');
    await click(link, '198.51.100.3');
    await click(link, '198.51.100.4', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await click(link, '198.51.100.1');

    // The creator's card counts them (written within a second, the list refreshed live or on a reload).
    await expect
      .poll(
        async () => {
          await c.reload();
          await c.getByRole('tab', { name: 'Accepted' }).click();
          return (await card(c, 'Accepted', title).textContent()) ?? '';
        },
        { timeout: 20_000, interval: 1_000 },
      )
      // The counted and the refused clicks may be written in two flushes: both are waited for, each read on a reload.
      .toMatch(/3 of 3 clicks[\s\S]*2 not counted/);
    await card(c, 'Accepted', title)
      .getByText(/^2 not counted/)
      .waitFor();

    // The brand's report: 3 clicks, 2 refused, today.
    await a.goto(campaignPath);
    await a.getByRole('link', { name: 'Report' }).click();
    await a.waitForURL(`**${campaignPath}/report`);
    const totals = a.getByRole('region', { name: 'Totals' });
    await totals.waitFor();
    await expect.poll(async () => (await totals.textContent()) ?? '', { timeout: 10_000 }).toMatch(/Clicks\s*3/);
    await checked(adv, 'deliverables-report');

    // A share link for a colleague: opened without signing in, the same clicks.
    await a.getByLabel('Who is it for?').fill('Our CMO');
    await a.getByRole('button', { name: /Create link/ }).click();
    const shared = a.getByText(/\/reports\/[A-Za-z0-9_-]{43}$/);
    await shared.waitFor();
    const sharedUrl = (await shared.textContent())!.trim();
    const colleague = await openPage(browser, widths.mobile, {});
    await colleague.page.goto(sharedUrl);
    const sharedTotals = colleague.page.getByRole('region', { name: 'Totals' });
    await sharedTotals.waitFor();
    expect(await sharedTotals.textContent()).toMatch(/Clicks\s*3/);
    await checked(colleague, 'deliverables-shared-report-375');

    // The report at 375 px too.
    const small = await signedIn(browser, widths.mobile, advertiser.token, `${campaignPath}/report`);
    await small.page.getByRole('region', { name: 'Totals' }).waitFor();
    await checked(small, 'deliverables-report-375');

    for (const watched of [adv, cr, colleague, small]) {
      expect(watched.problems).toEqual([]);
      await watched.context.close();
    }
  });

  // Issue 48 items 1 and 2: a link-only offer completed by its clicks is proven by its clicks, on the proof the brand
  // disputes from and in the operator's review.
  it('a link-only offer completed by its clicks: the proof shows the clicks, the brand disputes, the operator reads the same', async () => {
    const country = 'Tonga';
    const suffix = Date.now().toString(36);
    const title = `Link only ${country} ${suffix}`;
    const advertiser = await approvedAdvertiser(`Clicky ${suffix}`);
    const creator = await register();
    await updateProfile(creator.token, {
      first_name: 'Lin',
      last_name: 'Kay',
      language: 'English',
      country,
      type_content: 'Speedruns on Twitch',
    });
    const base = campaignFor(country, { title, spots: 1, payCents: 9_000 });
    const { campaign } = await call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
      token: advertiser.token,
      json: {
        ...base,
        deliverable: {
          ...base.deliverable,
          overlay: false,
          link: { url: 'https://clicky.example/shop', clicks: 2 },
          chat: null,
          promo: null,
        },
      },
    });
    await call('POST', `/api/campaigns/${campaign.id}/launch`, { token: advertiser.token });
    // Matching runs as a job: the creator's offer arrives, and is accepted (no channel needed for a link).
    const { offerId, link } = await acceptMatchedLinkOffer(creator.token, campaign.id);
    await click(link, '198.51.100.21');
    await click(link, '198.51.100.22');
    await click(link, '198.51.100.21');
    await click(link, '198.51.100.23', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    // Completed by its counted clicks once they are written.
    await expect
      .poll(
        async () =>
          (await call<{ offer: { status: string } }>('GET', `/api/offers/${offerId}`, { token: creator.token })).offer
            .status,
        { timeout: 20_000, interval: 500 },
      )
      .toBe('completed');

    // The refused clicks may be written in a later flush than the counted ones: the evidence has both first.
    await expect
      .poll(
        async () => {
          const { evidence } = await call<{ evidence: { link: { refused: Record<string, number> } } }>(
            'GET',
            `/api/offers/${offerId}/evidence`,
            { token: advertiser.token },
          );
          return evidence.link.refused;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual({ bot: 1, repeat: 1, limited: 0, inactive: 0 });

    // The brand's proof: the clicks, counted and refused by why and by day; no minutes it never asked for.
    const adv = await signedIn(browser, widths.desktop, advertiser.token, `/offers/${offerId}/proof`);
    const a = adv.page;
    await a.getByRole('heading', { level: 1, name: 'Proof of delivery' }).waitFor();
    const clicks = a.getByRole('region', { name: 'Tracked-link clicks' });
    await clicks.getByText('2 of 2 counted clicks · 2 refused').waitFor();
    expect(await clicks.getByLabel('Refused clicks by reason').textContent()).toMatch(
      /Known bots1.*Same visitor again that day1/,
    );
    expect(await a.getByText(/verified$/).count()).toBe(0);
    await checked(adv, 'deliverables-proof-link');
    await a.getByRole('button', { name: 'Dispute delivery' }).click();
    const dialog = a.getByRole('dialog', { name: 'Dispute delivery' });
    await dialog.getByText('Tracked link: 2 of 2 counted clicks, 2 refused').waitFor();
    await checked(adv, 'deliverables-proof-link-dispute');
    await dialog.getByLabel('What is wrong with the delivery').fill('Two clicks from the same office, we think.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const small = await signedIn(browser, widths.mobile, advertiser.token, `/offers/${offerId}/proof`);
    await small.page.getByRole('region', { name: 'Tracked-link clicks' }).waitFor();
    await checked(small, 'deliverables-proof-link-375');

    // The operator's review: the same evidence.
    const { operator } = demoAccounts();
    const operatorToken = await login(operator.email, operator.password);
    const watched = [adv, small];
    for (const [width, name] of [
      [widths.desktop, 'deliverables-admin-review-link'],
      [widths.mobile, 'deliverables-admin-review-link-375'],
    ] as const) {
      const op = await signedIn(browser, width, operatorToken, '/admin');
      await op.page.getByRole('tab', { name: 'Reviews' }).click();
      const row = op.page
        .getByRole('list', { name: 'Earnings to review' })
        .getByRole('listitem')
        .filter({ has: op.page.getByRole('heading', { level: 2, name: new RegExp(title) }) });
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getByRole('region', { name: 'Tracked-link clicks' }).textContent()).toMatch(
        /2 of 2 counted clicks · 2 refused/,
      );
      expect(await row.textContent()).not.toMatch(/impressions/);
      await row.scrollIntoViewIfNeeded();
      await checked(op, name);
      watched.push(op);
    }
    for (const entry of watched) {
      expect(entry.problems).toEqual([]);
      await entry.context.close();
    }
  });
});
