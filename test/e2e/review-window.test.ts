// A link-only campaign end to end (issue 48 items 3 and 4) in real Chromium against the product started as
// `npm start` (its review window 72 s, test/e2e/global-setup.ts): the editor asks for no overlay disclosure once the
// overlay is off; the campaign page and the report show the clicks it asked for, never overlay minutes, impressions
// or CPM; once the clicks complete the offer, the brand's row says "in review until" the window's end and the
// creator's card says the pay is pending review until then, and Earnings when Pending becomes available, all read from
// the server's review; once released, the row says "paid", the card "in your Earning Balance" and Pending is empty. Each screen is checked with axe and photographed at 1280 and 375 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptMatchedLinkOffer, approvedAdvertiser, call, register, updateProfile } from './api';
import { launch, widths, type Watched } from './harness';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const today = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A visitor's click on `link` from `address`: the redirect, not followed. */
async function click(link: string, address: string) {
  const response = await fetch(link, {
    redirect: 'manual',
    headers: {
      'user-agent':
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'x-forwarded-for': address,
    },
  });
  expect(response.status).toBe(302);
}

describe('a link-only campaign', () => {
  it('asks and shows only its clicks; its completed offer is "in review until" the window ends, then paid', async () => {
    const country = 'Vanuatu';
    const suffix = Date.now().toString(36);
    const title = `Link drops ${country} ${suffix}`;
    const advertiser = await approvedAdvertiser(`Clicky ${suffix}`);
    const creator = await register();
    await updateProfile(creator.token, {
      first_name: 'Tala',
      last_name: 'Rau',
      language: 'English',
      country,
      type_content: 'Speedruns on Twitch',
    });

    // The editor: with the overlay off, no disclosure is asked for (it is the overlay's).
    const adv = await signedIn(browser, widths.desktop, advertiser.token, '/campaigns/new');
    const a = adv.page;
    await a.getByLabel('Brand').fill('Clicky');
    await a.getByLabel('Title').fill(title);
    await a.getByLabel('Description').fill('Our shop, linked from the stream.');
    await a.getByLabel('Pay per Creator').fill('90');
    await a.getByLabel('Spots').fill('1');
    await a.getByRole('checkbox', { name: 'Twitch' }).check();
    await a.getByRole('checkbox', { name: 'English' }).check();
    await a.getByLabel('Countries').selectOption(country);
    await a.getByLabel('Starts On').fill(today());
    await a.getByLabel('Ends On').fill(today(30));
    // With the overlay (the default) the disclosure it shows is asked under it.
    await a.getByLabel('Disclosure', { exact: true }).waitFor();
    await checked(adv, 'campaign-editor-overlay');
    await a.getByRole('checkbox', { name: 'Show on the overlay' }).uncheck();
    expect(await a.getByLabel('Disclosure', { exact: true }).count()).toBe(0);
    await a.getByRole('checkbox', { name: 'Tracked link' }).check();
    await a.getByLabel('Brand URL').fill('https://clicky.example/shop');
    await a.getByLabel('Unique clicks to deliver').fill('2');
    await checked(adv, 'link-only-editor');
    await a.getByRole('button', { name: 'Save Draft' }).click();
    await a.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
    const campaignPath = new URL(a.url()).pathname;
    const campaignId = campaignPath.split('/').at(-1)!;
    await a.getByRole('button', { name: 'Launch Campaign' }).click();
    await a
      .getByRole('alertdialog', { name: 'Launch this campaign?' })
      .getByRole('button', { name: 'Yes, Launch' })
      .click();
    await a.getByText('Active', { exact: true }).first().waitFor();

    // Matching runs as a job: the creator's offer arrives and is accepted (no channel needed for a link).
    const { offerId, link } = await acceptMatchedLinkOffer(creator.token, campaignId);
    await click(link, '198.51.100.61');
    await click(link, '198.51.100.62');
    await expect
      .poll(
        async () =>
          (await call<{ offer: { status: string } }>('GET', `/api/offers/${offerId}`, { token: creator.token })).offer
            .status,
        { timeout: 20_000, interval: 500 },
      )
      .toBe('completed');
    // The window's end as the server recorded it.
    const { offers } = await call<{ offers: { id: string; review: { endsAt: string } | null }[] }>(
      'GET',
      `/api/campaigns/${campaignId}`,
      { token: advertiser.token },
    );
    const endsAt = offers.find((entry) => entry.id === offerId)!.review!.endsAt;

    // The creator's card says where the $90 is: pending review until the window's end, not in the Earning Balance yet.
    const earnedOn = async (watched: Watched) => {
      await watched.page.getByRole('tab', { name: 'Accepted' }).click();
      const card = watched.page.getByRole('listitem', { name: title });
      await card.waitFor();
      return (await card.locator('dt:text-is("Earned") + dd').textContent()) ?? '';
    };
    const cards = await signedIn(browser, widths.desktop, creator.token, '/sponsorship-offers');
    expect(await earnedOn(cards)).toMatch(/^\$90, pending review until .+ UTC, then in your Earning Balance$/);
    await checked(cards, 'link-only-offer-pending');
    const cardsSmall = await signedIn(browser, widths.mobile, creator.token, '/sponsorship-offers');
    expect(await earnedOn(cardsSmall)).toMatch(/^\$90, pending review until /);
    await checked(cardsSmall, 'link-only-offer-pending-375');

    // The campaign page: no overlay figures or disclosure; the row in review until the window's end.
    await a.goto(campaignPath);
    const delivered = a.getByTestId('offer-delivered');
    await delivered.waitFor();
    expect(await delivered.textContent()).toMatch(/: \$90 in review until .+ UTC, then paid to the creator$/);
    expect(await a.getByRole('region', { name: 'Verified delivery' }).count()).toBe(0);
    expect(await a.getByText('Disclosure', { exact: true }).count()).toBe(0);
    await checked(adv, 'link-only-campaign-in-review');
    const small = await signedIn(browser, widths.mobile, advertiser.token, campaignPath);
    await small.page.getByTestId('offer-delivered').waitFor();
    await checked(small, 'link-only-campaign-in-review-375');

    // The creator's Earnings: Pending, and when it becomes available (first: the window is 72 s here).
    const cr = await signedIn(browser, widths.desktop, creator.token, '/earnings');
    const releases = cr.page.getByRole('list', { name: 'When your pending earnings become available' }).first();
    await releases.waitFor();
    expect(await releases.textContent()).toMatch(/from Clicky \(Link drops .+\): available .+ UTC/);
    await checked(cr, 'link-only-earnings-pending');
    const crSmall = await signedIn(browser, widths.mobile, creator.token, '/earnings');
    await crSmall.page.getByRole('list', { name: 'When your pending earnings become available' }).first().waitFor();
    await checked(crSmall, 'link-only-earnings-pending-375');

    // The report: clicks, CPC and spend; no minutes, impressions or CPM.
    await a.goto(`${campaignPath}/report`);
    const totals = a.getByRole('region', { name: 'Totals' });
    await totals.waitFor();
    await expect.poll(async () => (await totals.textContent()) ?? '', { timeout: 10_000 }).toMatch(/Clicks\s*2/);
    expect(await totals.textContent()).not.toMatch(/Verified minutes|Impressions|CPM/);
    await checked(adv, 'link-only-report');
    const report = await signedIn(browser, widths.mobile, advertiser.token, `${campaignPath}/report`);
    await report.page.getByRole('region', { name: 'Totals' }).waitFor();
    await checked(report, 'link-only-report-375');
    const editor = await signedIn(browser, widths.mobile, advertiser.token, '/campaigns/new');
    await editor.page.getByLabel('Disclosure', { exact: true }).waitFor();
    await checked(editor, 'campaign-editor-overlay-375');
    await editor.page.getByRole('checkbox', { name: 'Show on the overlay' }).uncheck();
    await editor.page.getByRole('checkbox', { name: 'Tracked link' }).check();
    await checked(editor, 'link-only-editor-375');

    // The release, as the server records it: polled until the review says released (the window has to end for real
    // here, 72 s from the completion, and the release job runs on its own schedule), never before the window's end.
    const review = async () =>
      (
        await call<{ offers: { id: string; review: { status: string; releasedAt: string | null } | null }[] }>(
          'GET',
          `/api/campaigns/${campaignId}`,
          { token: advertiser.token },
        )
      ).offers.find((entry) => entry.id === offerId)!.review!;
    await expect
      .poll(async () => (await review()).status, {
        timeout: Math.max(0, Date.parse(endsAt) - Date.now()) + 30_000,
        interval: 1_000,
      })
      .toBe('released');
    expect(Date.parse((await review()).releasedAt!)).toBeGreaterThanOrEqual(Date.parse(endsAt));
    // Released: paid, and nothing pending.
    await a.goto(campaignPath);
    await a.getByTestId('offer-delivered').waitFor();
    expect(await a.getByTestId('offer-delivered').textContent()).toMatch(/: paid \$90$/);
    await cr.page.reload();
    await cr.page.getByRole('heading', { name: 'Earning Balance' }).first().waitFor();
    expect(await cr.page.getByRole('list', { name: 'When your pending earnings become available' }).count()).toBe(0);
    // Released: the card says the $90 is in the Earning Balance.
    await cards.page.reload();
    expect(await earnedOn(cards)).toBe('$90, in your Earning Balance');

    for (const watched of [adv, small, report, editor, cr, crSmall, cards, cardsSmall]) {
      expect(watched.problems).toEqual([]);
      await watched.context.close();
    }
    // The review window (72 s) is waited out within the journey.
  }, 300_000);
});
