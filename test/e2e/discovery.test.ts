// Discovery and negotiation end to end (docs/product.md §Discovery and negotiation) in real Chromium against the
// product started as `npm start`: a creator publishes a media kit and its public page shows with Open Graph tags; an
// approved brand whose campaign matched nobody finds the creator in Find creators and invites them; the creator reads
// "Invitation from <brand>" and proposes more pay; the brand accepts on the campaign page, the reservation grows by
// the difference, and the creator's offer is accepted at the agreed pay. Unpublishing removes the page at once.
// The Invite dialog offers only the campaigns that can take the creator and says why the others cannot (issue 48 item
// 5); the campaign page adds a spot with the launch's confirmation, and a draft can switch matching off (item 6).
// Each screen is checked with axe and photographed (the search and the creator's offer also at 375 px).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedAdvertiser, call, campaignFor, connectThroughStandIn, register, updateProfile } from './api';
import { axeViolations, baseURL, hasHorizontalScroll, launch, screenshot, widths } from './harness';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('discovery and negotiation', () => {
  it('media kit → search → invitation → counter-offer → accepted at the agreed pay', async () => {
    const suffix = Date.now().toString(36);
    const handle = `kiri_${suffix}`;
    const company = `Kestrel Audio ${suffix}`;

    // The creator: a profile, a Twitch channel through the stand-in, and the media kit published on its screen.
    const creator = await register();
    await updateProfile(creator.token, {
      first_name: 'Kiri',
      last_name: 'Vale',
      language: 'English',
      country: 'New Zealand',
      type_content: 'Synth music on Twitch',
    });
    await connectThroughStandIn(creator.token, 'twitch', handle);
    const kit = await signedIn(browser, widths.desktop, creator.token, '/media-kit');
    const k = kit.page;
    await k.getByLabel('Handle').fill(handle);
    await k.getByRole('button', { name: 'Save handle' }).click();
    await k.getByRole('switch', { name: 'Publish my media kit' }).click();
    await expect.poll(() => k.getByTestId('media-kit-url').textContent()).toContain(`/c/${handle}`);
    await checked(kit, 'discovery-media-kit');

    // The public page: server-rendered, with its Open Graph tags and nothing private.
    const page = await browser.newPage({ viewport: { width: widths.mobile, height: 800 } });
    const answer = await page.goto(`${baseURL()}/c/${handle}`);
    expect(answer?.status()).toBe(200);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(handle);
    expect(await page.content()).not.toContain(creator.email);
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'discovery-public-kit');

    // The brand: approved and funded, with a campaign launched for a country nobody in the journey lives in.
    const advertiser = await approvedAdvertiser(company);
    const { campaign } = await call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignFor('Bhutan', { brand: company, title: `Studio monitors ${suffix}`, payCents: 30_000 }),
    });
    await call('POST', `/api/campaigns/${campaign.id}/launch`, { token: advertiser.token });
    // A draft: the Invite dialog names it, with why it cannot take the creator, before anything is sent.
    const { campaign: draft } = await call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignFor('Bhutan', { brand: company, title: `Headphones ${suffix}`, payCents: 20_000 }),
    });
    const before = await call<{ reservedCents: number }>('GET', '/api/advertiser/balance', {
      token: advertiser.token,
    });

    // Find creators: the handle's prefix, then Invite with a message.
    const search = await signedIn(browser, widths.mobile, advertiser.token, '/creators');
    const s = search.page;
    await s.getByLabel('Name or handle starts with').fill(handle);
    await s.getByRole('button', { name: 'Search', exact: true }).click();
    const result = s.getByRole('list', { name: 'Creators' }).getByRole('listitem').first();
    await expect.poll(() => result.textContent()).toContain(handle);
    await checked(search, 'discovery-search-mobile');
    await result.getByRole('button', { name: /^Invite / }).click();
    const invite = s.getByRole('dialog');
    const unavailable = invite.getByRole('region', { name: 'Not available' });
    await expect
      .poll(() => unavailable.textContent())
      .toContain('Not launched yet (a draft): only an active campaign takes invitations');
    expect(await invite.getByLabel('Campaign').locator('option').allTextContents()).toEqual([
      `${company}: Studio monitors ${suffix}`,
    ]);
    await checked(search, 'discovery-invite-options-mobile');
    await invite.getByLabel('Campaign').selectOption({ label: `${company}: Studio monitors ${suffix}` });
    await invite.getByLabel('Message (optional)').fill('We loved your synth streams.');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('Invitation sent').waitFor();
    await checked(search, 'discovery-invited');

    // The creator reads the invitation and proposes $350 instead of $300.
    const offers = await signedIn(browser, widths.mobile, creator.token, '/sponsorship-offers');
    const o = offers.page;
    const card = o
      .getByRole('tabpanel', { name: 'Newley Offers' })
      .locator('li')
      .filter({ has: o.getByRole('heading', { level: 2, name: `Studio monitors ${suffix}` }) });
    await expect.poll(() => card.textContent()).toContain(`Invitation from ${company}`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Propose different pay' }).click();
    const propose = o.getByRole('dialog', { name: 'Propose different pay' });
    await propose.getByLabel('Pay (US dollars)').fill('350');
    await propose.getByLabel('Message').fill('My rate for a 90-minute overlay.');
    await propose.getByRole('button', { name: 'Send proposal' }).click();
    await card.getByRole('heading', { name: 'You proposed' }).waitFor();
    await checked(offers, 'discovery-proposed-mobile');

    // The brand accepts on the campaign page: the offer is accepted at $350, the reservation grows by $50.
    const detail = await signedIn(browser, widths.desktop, advertiser.token, `/campaigns/${campaign.id}`);
    const d = detail.page;
    const reply = d.locator('section').filter({ has: d.getByRole('heading', { name: /proposes$/ }) });
    await reply.getByRole('button', { name: 'Accept', exact: true }).click();
    // What stays: the page reads the offer again (its "Answered." goes with the proposal) and shows the agreed pay.
    await d.getByText(/^Agreed pay \$350 for \d+ minutes/).waitFor();
    await checked(detail, 'discovery-accepted');
    const reserved = async () =>
      (await call<{ reservedCents: number }>('GET', '/api/advertiser/balance', { token: advertiser.token }))
        .reservedCents;
    expect((await reserved()) - before.reservedCents).toBe(5_000);

    // More room on the running campaign: Add Spots asks first, with the launch's figures (issue 48 item 6).
    const spots = d.getByRole('region', { name: 'Spots' });
    await spots.getByRole('button', { name: 'Add Spots' }).click();
    const more = d.getByRole('alertdialog', { name: 'Add spots to this campaign?' });
    await expect.poll(() => more.getByRole('definition').nth(1).textContent()).not.toBe('…');
    await checked(detail, 'campaign-add-spots');
    await more.getByRole('button', { name: 'Yes, Add Spots' }).click();
    await expect.poll(() => spots.textContent()).toContain('3 spots');
    await checked(detail, 'campaign-spots-added');
    // The added spot reserved the campaign's pay, $300, on top.
    expect((await reserved()) - before.reservedCents).toBe(5_000 + 30_000);
    const narrow = await signedIn(browser, widths.mobile, advertiser.token, `/campaigns/${campaign.id}`);
    await narrow.page.getByRole('region', { name: 'Spots' }).getByRole('button', { name: 'Add Spots' }).click();
    await narrow.page
      .getByRole('alertdialog', { name: 'Add spots to this campaign?' })
      .getByRole('definition')
      .nth(1)
      .filter({ hasText: '$' })
      .waitFor();
    await checked(narrow, 'campaign-add-spots-mobile');
    // The draft's editor: matching can be switched off, to invite only.
    const editor = await signedIn(browser, widths.mobile, advertiser.token, `/campaigns/${draft.id}/edit`);
    await editor.page.getByRole('checkbox', { name: 'Match creators automatically' }).click();
    await editor.page.getByText('Only the creators you invite from Find creators get offers.').waitFor();
    await checked(editor, 'campaign-editor-matching-mobile');

    await o.reload();
    await o.getByRole('tab', { name: 'Accepted' }).click();
    const accepted = o
      .getByRole('tabpanel', { name: 'Accepted' })
      .locator('li')
      .filter({ has: o.getByRole('heading', { level: 2, name: `Studio monitors ${suffix}` }) });
    await expect.poll(() => accepted.textContent()).toContain('$350');

    // Unpublished, the page is gone at once.
    await k.getByRole('switch', { name: 'Publish my media kit' }).click();
    await expect.poll(async () => (await fetch(`${baseURL()}/c/${handle}`)).status).toBe(404);

    for (const watched of [kit, search, offers, detail, narrow, editor]) expect(watched.problems).toEqual([]);
    await page.close();
    for (const watched of [kit, search, offers, detail, narrow, editor]) await watched.context.close();
  });
});
