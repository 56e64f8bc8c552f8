// A new advertiser's first use end to end (docs/product.md §Advertiser onboarding) in real Chromium against the product started as
// `npm start`: signs up as Advertiser, completes the company (not the creator's wizard), follows the Getting started
// checklist on Campaigns using only what the screens say; the operator publishes the transfer instructions, approves
// the company and records the deposit found by the reference Funds showed; the advertiser creates a campaign and
// launches it after the confirmation that shows the reservation. Each screen is checked with axe and photographed at
// 1280 px, the advertiser's also at 375 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, login, strongPassword, uniqueEmail } from './api';
import { launch, openPage, widths, type Watched } from './harness';
import { checked, signedIn } from './screens';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const today = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The checklist's step whose title is `title`. */
const step = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Getting started' }).locator('li').filter({ hasText: title });

/** The same screen at 375 px, checked too. */
async function alsoNarrow(watched: Watched, name: string) {
  await watched.page.setViewportSize({ width: widths.mobile, height: 900 });
  await checked(watched, name); // the screenshot is named by the width it is taken at
  await watched.page.setViewportSize({ width: widths.desktop, height: 900 });
}

describe('a new advertiser', () => {
  it('signs up, completes the company, follows the checklist to funds and a first launch', async () => {
    const suffix = Date.now().toString(36);
    const company = `Orbit Snacks ${suffix}`;
    const email = uniqueEmail('advertiser');

    // The operator has published the bank details advertisers send funds to.
    const { operator } = demoAccounts();
    const op = await signedIn(browser, widths.desktop, await login(operator.email, operator.password), '/admin');
    const o = op.page;
    const instructions = `Castbridge Demo Bank ${suffix} · IBAN GB33 BUKB 2020 1555 5555 55 · BIC BUKBGB22`;
    await o.getByRole('tab', { name: 'Funds', exact: true }).click();
    await o.getByLabel('Bank details advertisers send funds to').fill(instructions);
    await o.getByRole('button', { name: 'Save instructions' }).click();
    await o.getByText('Saved: advertisers now see these instructions on Funds.').waitFor();
    await checked(op, 'onboarding-operator-instructions');

    // Sign-up as Advertiser: the completion asks for the company, not the creator's questions.
    const adv = await openPage(browser, widths.desktop);
    const a = adv.page;
    await a.goto('/register');
    await a.getByRole('radio', { name: /Advertiser/ }).click();
    await a.getByRole('button', { name: 'Continue' }).click();
    await a.getByLabel('Email').fill(email);
    await a.getByLabel('Password', { exact: true }).fill(strongPassword);
    await a.getByLabel('Confirm password').fill(strongPassword);
    await a.getByRole('button', { name: 'Sign up' }).click();
    await a.waitForURL('**/complete-register');
    await a.getByRole('heading', { name: 'Complete your company profile' }).waitFor();
    expect(await a.getByLabel('Broadcasting Language').count()).toBe(0);
    expect(await a.getByLabel('Date of birth').count()).toBe(0);
    expect(await a.getByLabel('Contact Email').inputValue()).toBe(email);
    await a.getByLabel('Company Name').fill(company);
    await a.getByLabel('Website').fill('https://orbit-snacks.example');
    await a.getByLabel('Contact Name').fill('Oona Orbit');
    await a.getByLabel('What do you want to promote?').fill('Crunchy snacks for long streams');
    await checked(adv, 'onboarding-complete-register');
    await alsoNarrow(adv, 'onboarding-complete-register');
    await a.getByRole('button', { name: 'Send for Review' }).click();
    // Straight to the company profile that needs approval.
    await a.waitForURL('**/company-profile');
    await a.getByText('Waiting for approval').waitFor();
    await a.getByText('Crunchy snacks for long streams').waitFor();

    // Campaigns says the order of things.
    await a.goto('/campaigns');
    await step(a, 'Send your company profile').getByText('Done').waitFor();
    await step(a, 'Castbridge approves it').getByText('Waiting for review').waitFor();
    await step(a, 'Add funds').getByText('To do').waitFor();
    await checked(adv, 'onboarding-checklist-pending');
    await alsoNarrow(adv, 'onboarding-checklist-pending');

    // The operator approves the company (the console read its queue before the company was sent: read it again).
    await o.reload();
    await o.getByRole('tab', { name: 'Advertisers' }).click();
    const pending = o
      .getByRole('list', { name: 'Advertisers waiting for approval' })
      .locator('li')
      .filter({ has: o.getByRole('heading', { name: company }) });
    await pending.getByText('Promotes: Crunchy snacks for long streams').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    await pending.waitFor({ state: 'detached' });

    // The advertiser's checklist moves on live; its funds step leads to Funds, which says how to add funds.
    await step(a, 'Castbridge approves it').getByText('Done').waitFor({ timeout: 15_000 });
    await step(a, 'Add funds').getByRole('link', { name: 'See how to add funds' }).click();
    const funds = a.getByRole('region', { name: 'Funds', exact: true });
    await funds.getByText(instructions).waitFor();
    const reference = (await funds.getByText(/^CB-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/).textContent())!.trim();
    await checked(adv, 'onboarding-funds');
    await alsoNarrow(adv, 'onboarding-funds');

    // The operator pastes the reference from the bank statement: it finds the advertiser and fills the deposit.
    await o.getByRole('tab', { name: 'Funds', exact: true }).click();
    await o.getByLabel('Find by transfer reference').fill(`SEPA CREDIT ${reference.toLowerCase()} ORBIT`);
    await o.getByText(`${reference} is the reference of ${company}.`).waitFor();
    const table = o.getByRole('table', { name: 'Approved advertisers and their funds' });
    expect(await table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: `Record deposit for ${company}` }).click();
    const dialog = o.getByRole('dialog', { name: `Record a deposit for ${company}` });
    expect(await dialog.getByLabel('Reference').inputValue()).toBe(reference);
    await dialog.getByLabel('Amount received').fill('1,000');
    await dialog.getByRole('button', { name: 'Record deposit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await o.getByText(`recorded for ${company}.`).waitFor();
    await checked(op, 'onboarding-operator-deposit');
    expect(op.problems).toEqual([]);
    await op.context.close();

    // Funds arrive live; the next step is a campaign, then its launch.
    await step(a, 'Add funds').getByText('Done').waitFor({ timeout: 15_000 });
    await funds.getByText('$1,000').first().waitFor();
    await step(a, 'Create a campaign').getByRole('link', { name: 'New Campaign' }).click();
    await a.waitForURL('**/campaigns/new');
    await a.getByLabel('Brand').fill('Orbit Snacks');
    await a.getByLabel('Title').fill(`Snack breaks ${suffix}`);
    await a.getByLabel('Description').fill('Our snack on camera at each break.');
    await a.getByLabel('Pay per Creator').fill('150');
    await a.getByLabel('Spots').fill('4');
    await a.getByRole('checkbox', { name: 'Twitch' }).check();
    await a.getByRole('checkbox', { name: 'English' }).check();
    await a.getByLabel('Countries').selectOption('Micronesia');
    await a.getByLabel('Overlay Minutes').fill('60');
    await a.getByLabel('Disclosure', { exact: true }).fill('Sponsored by Orbit Snacks');
    await a.getByLabel('Starts On').fill(today());
    await a.getByLabel('Ends On').fill(today(30));
    await a.getByRole('button', { name: 'Save Draft' }).click();
    await a.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
    const campaignUrl = a.url();

    // Back on Campaigns, the launch step opens this draft.
    await a.goto('/campaigns');
    await step(a, 'Create a campaign').getByText('Done').waitFor();
    await step(a, 'Launch it').getByRole('link', { name: 'Open the draft' }).click();
    await a.waitForURL(campaignUrl);

    // Launch asks first, with what it reserves and what is left.
    await a.getByRole('button', { name: 'Launch Campaign' }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Launch this campaign?' });
    await confirm.getByText('Launching reserves $600 ($150 × 4 spots) from your balance').waitFor();
    await confirm.getByText('$400').waitFor(); // the balance after: $1,000 − $600
    await checked(adv, 'onboarding-launch-confirm');
    await alsoNarrow(adv, 'onboarding-launch-confirm');
    await confirm.getByRole('button', { name: 'No, Not Yet' }).click();
    await confirm.waitFor({ state: 'detached' });
    await a.getByText('Draft', { exact: true }).first().waitFor();
    await a.getByRole('button', { name: 'Launch Campaign' }).click();
    await confirm.getByRole('button', { name: 'Yes, Launch' }).click();
    await a.getByText('Active', { exact: true }).first().waitFor();

    // After the first launch the checklist is gone.
    await a.goto('/campaigns');
    await a.getByRole('region', { name: 'Funds', exact: true }).waitFor();
    await a.getByRole('list', { name: 'Campaigns' }).waitFor();
    expect(await a.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
    expect(adv.problems).toEqual([]);
    await adv.context.close();
  });
});
