// The marketplace end to end (docs/product.md §Marketplace) in real Chromium against the product started as `npm start`: an advertiser
// sends the company profile, the operator approves it, the advertiser creates and launches a campaign; a matching
// creator sees the offer arrive live, asks for more information, the advertiser answers in the thread, the creator
// accepts — notifications arriving on both sides without a reload. Then a decline with a reason, and a full campaign
// refusing a late accept. Each screen is checked with axe and photographed at 1280 px (and the advertiser's at 375 px).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedAdvertiser,
  call,
  campaignFor,
  connectThroughStandIn,
  demoAccounts,
  login,
  register,
  updateProfile,
} from './api';
import { launch, openPage, screenshot, widths } from './harness';
import { recordDeposit } from './console';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const today = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The creator's card for `title` in the given tab. */
function card(page: Page, tab: string, title: string) {
  return page
    .getByRole('tabpanel', { name: tab })
    .locator('li')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) });
}

async function creatorIn(country: string, firstName: string): Promise<{ email: string; token: string }> {
  const creator = await register();
  await updateProfile(creator.token, {
    first_name: firstName,
    last_name: 'Stream',
    language: 'English',
    country,
    type_content: 'Indie games on Twitch',
  });
  // Accepting needs a channel the platform can confirm live (docs/product.md §Verified delivery).
  await connectThroughStandIn(creator.token, 'twitch', `${firstName.toLowerCase()}_${Date.now().toString(36)}`);
  return creator;
}

describe('the marketplace', () => {
  it('an advertiser is approved and launches; a matching creator gets the offer live, asks, is answered, accepts', async () => {
    const country = 'Palau';
    const suffix = Date.now().toString(36);
    const title = `Key lights for ${country} ${suffix}`;
    const company = `Lumen Labs ${suffix}`;
    const creator = await creatorIn(country, 'Rin');
    const advertiser = await register(undefined, undefined, 'Advertiser');

    // The advertiser's company profile, sent for review.
    const adv = await signedIn(browser, widths.desktop, advertiser.token, '/company-profile');
    const a = adv.page;
    await a.getByLabel('Company Name').fill(company);
    await a.getByLabel('Website').fill('https://lumen.example');
    await a.getByLabel('Contact Name').fill('Lea Lumen');
    await a.getByLabel('Contact Email').fill('lea@lumen.example');
    await a.getByRole('button', { name: 'Send for Review' }).click();
    await a.getByText('Waiting for approval').waitFor();
    await checked(adv, 'advertiser-company-pending');

    // The operator approves it in the console (an operator signing in lands on /admin).
    const { operator } = demoAccounts();
    const operatorToken = await login(operator.email, operator.password);
    const op = await signedIn(browser, widths.desktop, operatorToken, '/dashboard');
    await op.page.waitForURL('**/admin');
    const pending = op.page
      .getByRole('list', { name: 'Advertisers waiting for approval' })
      .locator('li')
      .filter({ has: op.page.getByRole('heading', { name: company }) });
    await pending.waitFor();
    await checked(op, 'operator-console');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await pending.waitFor({ state: 'detached' });
    // Launching reserves pay × spots (docs/product.md §Money): the operator records the advertiser's deposit in the Funds tab.
    await recordDeposit(op.page, company, '600', `Wire ${suffix}`);
    expect(op.problems).toEqual([]);
    await op.context.close();
    // The advertiser hears it live.
    await a.getByRole('button', { name: /^Notifications, \d+ unread/ }).waitFor();

    // The creator's offers screen is open before the launch (with the demo campaigns' offers): not this one yet.
    const cr = await signedIn(browser, widths.desktop, creator.token, '/sponsorship-offers');
    const c = cr.page;
    await c.getByRole('tabpanel', { name: 'Newley Offers' }).getByRole('heading', { level: 2 }).first().waitFor();
    expect(await card(c, 'Newley Offers', title).count()).toBe(0);

    // The advertiser creates the campaign and launches it.
    await a.goto('/campaigns/new');
    await a.getByLabel('Brand').fill('Lumen Labs');
    await a.getByLabel('Title').fill(title);
    await a.getByLabel('Description').fill('Our key light on camera, and a word about it at the start of each stream.');
    await a.getByLabel('Pay per Creator').fill('300');
    await a.getByLabel('Spots').fill('2');
    await a.getByRole('checkbox', { name: 'Twitch' }).check();
    await a.getByRole('checkbox', { name: 'YouTube' }).check();
    await a.getByRole('checkbox', { name: 'English' }).check();
    await a.getByLabel('Countries').selectOption(country);
    await a.getByLabel('Overlay Minutes').fill('90');
    await a.getByLabel('Disclosure', { exact: true }).fill('Sponsored by Lumen Labs');
    await a.getByLabel('Starts On').fill(today());
    await a.getByLabel('Ends On').fill(today(30));
    await checked(adv, 'advertiser-campaign-editor');
    await a.getByRole('button', { name: 'Save Draft' }).click();
    await a.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
    await a.getByRole('button', { name: 'Launch Campaign' }).click();
    // Launch asks first, showing what it reserves (docs/product.md §Advertiser onboarding).
    await a
      .getByRole('alertdialog', { name: 'Launch this campaign?' })
      .getByRole('button', { name: 'Yes, Launch' })
      .click();
    await a.getByText('Active', { exact: true }).first().waitFor();

    // The creator sees it arrive without a reload, with why they matched.
    const offer = card(c, 'Newley Offers', title);
    await offer.waitFor({ timeout: 15_000 });
    await offer.getByText('Based in Palau').waitFor();
    await offer.getByText('$300').waitFor();
    await c.getByRole('button', { name: /^Notifications, \d+ unread/ }).waitFor();
    await checked(cr, 'creator-offer-arrived');

    // More information: the card moves to the third tab and its thread opens.
    await offer.getByRole('button', { name: 'Request More Information' }).click();
    const ask = c.getByRole('dialog', { name: 'Request More Information' });
    await ask.getByLabel('Message').fill('Which light would you send, and may I keep it?');
    await ask.getByRole('button', { name: 'Send' }).click();
    const thread = c.getByRole('dialog', { name: `Conversation about ${title}` });
    await thread.waitFor();
    await thread.getByText('Which light would you send, and may I keep it?').waitFor();
    await checked(cr, 'creator-thread');

    // The advertiser answers in the offer's thread on the campaign page (the page refreshes with the question).
    const group = a.getByRole('list', { name: 'Requested More Information' });
    await group.waitFor({ timeout: 15_000 });
    await group.getByRole('button', { name: /^Messages/ }).click();
    const reply = a.getByRole('dialog', { name: /^Conversation/ });
    await reply.getByText('Which light would you send, and may I keep it?').waitFor();
    await reply.getByLabel('Message', { exact: true }).fill('The Lumen Pro 2 <b>and</b> yes, it is yours.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await reply.getByText('The Lumen Pro 2 <b>and</b> yes, it is yours.').waitFor();
    await checked(adv, 'advertiser-thread');
    await a.keyboard.press('Escape');

    // The answer reaches the creator's open thread live, as plain text.
    await thread.getByText('The Lumen Pro 2 <b>and</b> yes, it is yours.').waitFor({ timeout: 15_000 });
    await c.keyboard.press('Escape');
    await thread.waitFor({ state: 'detached' });

    // The creator accepts: the card moves to Accepted, and the advertiser is told live.
    await c.getByRole('tab', { name: 'Requested More Information' }).click();
    const accepted = c.waitForResponse(
      (answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname.endsWith('/accept'),
    );
    await card(c, 'Requested More Information', title).getByRole('button', { name: 'Accept', exact: true }).click();
    // The server's answer first, so that a refusal says why (the card shows it) instead of a card never arriving.
    const answer = await accepted;
    expect(answer.status(), `${await answer.text()} · creator: ${cr.problems.join(' · ')}`).toBe(200);
    await c.getByRole('tab', { name: 'Accepted' }).click();
    await card(c, 'Accepted', title).waitFor();
    await a.getByRole('list', { name: 'Accepted' }).waitFor({ timeout: 15_000 });
    await a.getByRole('button', { name: /^Notifications/ }).click();
    const notes = a.getByRole('dialog', { name: 'Notifications' });
    await notes.getByText('Offer accepted').waitFor();
    await checked(adv, 'advertiser-notifications');

    expect(cr.problems).toEqual([]);
    expect(adv.problems).toEqual([]);
    await cr.context.close();
    await adv.context.close();
  });

  it('a creator declines with a reason the advertiser reads; a full campaign refuses a late accept', async () => {
    const country = 'Kiribati';
    const advertiser = await approvedAdvertiser();
    const [first, second, third] = [
      await creatorIn(country, 'Ada'),
      await creatorIn(country, 'Bo'),
      await creatorIn(country, 'Cy'),
    ];
    const { campaign } = await call<{ campaign: { id: string; title: string } }>('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignFor(country, { spots: 1 }),
    });
    await call('POST', `/api/campaigns/${campaign.id}/launch`, { token: advertiser.token });

    // Decline with a reason, in the browser.
    const one = await signedIn(browser, widths.mobile, first.token, '/sponsorship-offers');
    const offer = card(one.page, 'Newley Offers', campaign.title);
    await offer.waitFor({ timeout: 15_000 });
    await offer.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = one.page.getByRole('dialog', { name: 'Decline this offer?' });
    await dialog.getByLabel('Reason (optional)').fill('My audience does not use key lights');
    await checked(one, 'creator-decline');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => offer.count()).toBe(0);

    const adv = await signedIn(browser, widths.mobile, advertiser.token, `/campaigns/${campaign.id}`);
    await adv.page.getByText('Declined: My audience does not use key lights').waitFor();
    await checked(adv, 'advertiser-campaign-declined');

    // The third creator's screen misses the live news (its stream is cut) while the second takes the only spot.
    const late = await openPage(browser, widths.desktop, { jwt: third.token });
    await late.context.route('**/api/events**', (route) => route.abort());
    await late.page.goto('/sponsorship-offers');
    const stale = card(late.page, 'Newley Offers', campaign.title);
    await stale.waitFor({ timeout: 15_000 });
    const { offers } = await call<{ offers: { id: string; campaignId: string }[] }>('GET', '/api/offers', {
      token: second.token,
    });
    await call('POST', `/api/offers/${offers.find((o) => o.campaignId === campaign.id)!.id}/accept`, {
      token: second.token,
    });
    await stale.getByRole('button', { name: 'Accept', exact: true }).click();
    await stale.getByText('All spots of this campaign are taken').waitFor();
    // The conflict closes the card's actions: nothing on it can succeed any more.
    expect(await stale.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    await screenshot(late.page, 'creator-late-accept');

    expect(one.problems).toEqual([]);
    expect(adv.problems).toEqual([]);
    // The refused accept (409) and the cut stream are the only failures the third page saw.
    expect(late.problems.filter((p) => !/409|api\/events|ERR_FAILED/.test(p))).toEqual([]);
    await Promise.all([one.context.close(), adv.context.close(), late.context.close()]);
  });

  it("the demo advertiser's campaigns at 375 and 1280 px", async () => {
    const { advertiser } = demoAccounts();
    const token = await login(advertiser.email, advertiser.password);
    for (const width of [widths.mobile, widths.desktop]) {
      const watched = await signedIn(browser, width, token, '/campaigns');
      await watched.page.getByRole('list', { name: 'Campaigns' }).waitFor();
      await checked(watched, 'advertiser-campaigns');
      await watched.page.getByRole('link', { name: 'Nova Energy Drink' }).first().click();
      await watched.page.getByRole('button', { name: 'Pause' }).waitFor();
      await checked(watched, 'advertiser-campaign-page');
      expect(watched.problems).toEqual([]);
      await watched.context.close();
    }
  });

  it('the operator console at 375 and 1280 px: the pending demo advertiser, campaigns, users, support tickets', async () => {
    const { operator } = demoAccounts();
    const token = await login(operator.email, operator.password);
    for (const width of [widths.mobile, widths.desktop]) {
      const watched = await signedIn(browser, width, token, '/admin');
      const { page } = watched;
      await page.getByRole('heading', { level: 2, name: 'PixelForge Gear' }).waitFor();
      await checked(watched, 'operator-advertisers');
      for (const [tab, caption] of [
        ['Campaigns', 'Campaigns'],
        ['Users', 'Users'],
        ['Support Tickets', 'Support tickets'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('region', { name: caption }).waitFor();
        await checked(watched, `operator-${tab.toLowerCase().replace(' ', '-')}`);
      }
      expect(watched.problems).toEqual([]);
      await watched.context.close();
    }
  });
});
