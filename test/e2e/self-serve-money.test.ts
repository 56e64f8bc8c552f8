// Self-serve money end to end (docs/product.md §Self-serve money) in real Chromium against the product started as
// `npm start`, whose Stripe is the stand-in under /standin/stripe: an approved advertiser with nothing in the balance
// adds $500 by card — Stripe's fee and the total shown before paying, a declined card refused on Stripe's page, the
// test card paid — and comes back to "Funds added" once Stripe's signed webhook has credited the balance; launches a
// campaign from it; asks for $100 of the rest back (the card payment refunded through Stripe); and finds the deposit's
// and the refund's receipts on Documents. Each screen is checked with axe, no sideways scroll, and photographed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedAdvertiser, call, campaignFor } from './api';
import { launch, widths } from './harness';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('self-serve money', () => {
  it('Add funds by card → Stripe’s page (declined, then paid) → Funds added → launch → refund $100 → receipts', async () => {
    const suffix = Date.now().toString(36);
    const advertiser = await approvedAdvertiser(`Card Brand ${suffix}`, 0);
    const adv = await signedIn(browser, widths.desktop, advertiser.token, '/campaigns');
    const page = adv.page;
    const funds = page.getByRole('region', { name: 'Funds', exact: true });
    const term = (label: string) => funds.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    await expect.poll(() => term('Balance').textContent()).toBe('$0');

    // The dialog shows Stripe's fee (2.9% + $0.30, grossed up) and the total before anything is charged.
    await funds.getByRole('button', { name: 'Add funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    await dialog.getByLabel('Amount').fill('500');
    await dialog.getByRole('radio', { name: /Card/ }).click();
    const quote = (label: string) => dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    await expect.poll(() => quote('Total charged').textContent()).toBe('$515.25');
    expect(await quote('Stripe’s fee').textContent()).toBe('$15.25');
    expect(await quote('Added to your balance').textContent()).toBe('$500');
    await checked(adv, 'self-serve-add-funds');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    // Stripe's page (the stand-in's): a declined card stays on the page with the reason; the test card pays.
    await page.waitForURL(/\/standin\/stripe\/pay\/cs_/);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
    await checked(adv, 'self-serve-stripe-page');
    const pay = async (card: string) => {
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByRole('button', { name: /^Pay \$515\.25/ }).click();
    };
    await pay('4000 0000 0000 0002');
    await page
      .getByRole('alert')
      .getByText(/declined/i)
      .waitFor();
    expect(page.url()).toMatch(/\/standin\/stripe\/pay\/cs_/);
    await pay('4242 4242 4242 4242');

    // Back on Campaigns: the payment is credited once Stripe's webhook says so, and the query is taken off.
    await page.waitForURL(/\/campaigns/);
    await page.getByText('Funds added', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => term('Balance').textContent(), { timeout: 15_000 }).toBe('$500');
    expect(new URL(page.url()).search).toBe('');
    // Listed once, among the card payments with its state; the wires' list does not repeat it.
    await funds
      .getByRole('list')
      .getByText(/\$500 by card/)
      .waitFor();
    expect(await funds.getByText('Card payment through Stripe').count()).toBe(0);
    await checked(adv, 'self-serve-funds-added');

    // The balance launches a campaign (pay × spots reserved).
    const { campaign } = await call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
      token: advertiser.token,
      json: campaignFor('Solomon Islands', { payCents: 15_000, spots: 2, title: `Card-funded ${suffix}` }),
    });
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('button', { name: 'Launch Campaign' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Launch this campaign?' });
    await confirm.getByText('Launching reserves $300 ($150 × 2 spots) from your balance').waitFor();
    await confirm.getByRole('button', { name: 'Yes, Launch' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (
            await call<{ campaign: { status: string } }>('GET', `/api/campaigns/${campaign.id}`, {
              token: advertiser.token,
            })
          ).campaign.status,
      )
      .toBe('active');

    // $100 of the $200 left comes back to the card through Stripe.
    await page.goto('/campaigns');
    await expect.poll(() => term('Balance').textContent()).toBe('$200');
    await funds.getByRole('button', { name: 'Refund unspent funds' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund unspent funds' });
    await refund.getByLabel('Amount').fill('100');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    const pieces = refund.getByRole('list', { name: 'Refund pieces' });
    await pieces.getByText('$100 back to the card or bank account that paid it, through Stripe').waitFor();
    await checked(adv, 'self-serve-refund');
    await refund.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => term('Balance').textContent()).toBe('$100');

    // Stripe refunds the card (a job hands the piece over): the piece succeeds.
    await expect
      .poll(
        async () =>
          JSON.stringify(
            (
              await call<{ refunds: { status: string }[] }>('GET', '/api/advertiser/refunds', {
                token: advertiser.token,
              })
            ).refunds,
          ),
        { timeout: 20_000 },
      )
      .toMatch(/"status":"succeeded"/);

    // Documents: the deposit's receipt and the refund's, issued with the payment and the refund.
    await page.goto('/documents');
    const documents = page.locator('main').getByRole('list', { name: 'Documents' });
    await documents.getByText('Deposit receipt').waitFor();
    await documents.getByText('Refund receipt').waitFor();
    const receipt = documents.getByRole('listitem').filter({ hasText: 'Deposit receipt' });
    expect(await receipt.textContent()).toMatch(/R-\d{4}-\d{6}/);
    // A receipt shows what was paid: the amount and Stripe's fee.
    expect(await receipt.textContent()).toContain('$515.25');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('button', { name: /^Download Deposit receipt R-\d{4}-\d{6} \(PDF\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^R-\d{4}-\d{6}\.pdf$/);
    await checked(adv, 'self-serve-documents');

    // The declined card's page (402, as Stripe answers a declined payment) is the only failure the page saw.
    expect(adv.problems.filter((p) => !/status of 402/.test(p))).toEqual([]);
    await adv.context.close();
  });
});
