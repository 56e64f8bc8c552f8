// docs/product.md §Accounts's account journeys in real Chromium against the real server, with e-mail delivered to a real SMTP server:
// reset through the delivered link, change password (the old token is refused), delete (sign-in then fails).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { register, strongPassword, uniqueEmail } from './api';
import { baseURL, expectCleanPage, launch, openPage, screenshot, widths } from './harness';
import { mailTo } from './mailbox';

const NEW_PASSWORD = 'Copper-Lantern-Meadow-77';

let journey = 0;
/** Each journey its own address: its deliberate failures (wrong passwords, a deleted account's sign-in) stay its own. */
const clientAddress = () => `198.51.100.${++journey}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const status = async (path: string, token: string) =>
  (await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

const apiLogin = (email: string, password: string) =>
  fetch(`${baseURL()}/api/auth/jwt-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firebaseResponse: null }),
  });

/** Problems other than the refusals a journey provokes on purpose (4xx answers, the spec's logged login error). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/status of 40[01]|status of 41\d|Error al autenticar el usuario/.test(p));

/** Opens `path` once the current page has finished loading (a navigation mid-load aborts its requests). */
async function goTo(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(path);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe.each([widths.mobile, widths.desktop])('account journeys at %i px', (width) => {
  it('reset: the delivered e-mail’s link opens the page, a new password signs in and opens /dashboard', async () => {
    const { email, token: before } = await register(uniqueEmail('reset'));
    const asked = await fetch(`${baseURL()}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(202);
    const [mail] = await mailTo(inject('mailboxURL'), email);
    const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();

    const watched = await openPage(browser, width, { clientAddress: clientAddress() });
    const { page } = watched;
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectCleanPage(watched, `reset-password-${width}`);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('welcome').waitFor();
    expect(await status('/api/user', before)).toBe(401);
    expect((await apiLogin(email, NEW_PASSWORD)).status).toBe(200);

    // The link works once.
    await goTo(page, link!);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(unexpected(watched.problems)).toEqual([]);
    await watched.context.close();
  });

  it('change password: the page goes on with a new token, the old one is refused', async () => {
    const { email, token: elsewhere } = await register(uniqueEmail('change'));
    const watched = await openPage(browser, width, { clientAddress: clientAddress() });
    const { page } = watched;
    await logIn(page, email, strongPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const here = await page.evaluate(() => localStorage.getItem('jwt'));
    await goTo(page, '/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Old Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByText('Your current password is not correct').waitFor();
    await page.getByLabel('Old Password').fill(strongPassword);
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByText('Your password has been changed. Other devices have been signed out.').waitFor();

    const renewed = await page.evaluate(() => localStorage.getItem('jwt'));
    expect(renewed).not.toBe(here);
    expect(await status('/api/user', here!)).toBe(401);
    expect(await status('/api/user', elsewhere)).toBe(401);
    expect(await status('/api/user', renewed!)).toBe(200);
    // The session goes on: another screen loads with the new token.
    await goTo(page, '/my-profile');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    expect((await apiLogin(email, NEW_PASSWORD)).status).toBe(200);
    expect(unexpected(watched.problems)).toEqual([]);
    await watched.context.close();
  });

  it('delete account: with the password, the account is gone, the page is /, signing in fails', async () => {
    const { email, token } = await register(uniqueEmail('delete'));
    const watched = await openPage(browser, width, { clientAddress: clientAddress() });
    const { page } = watched;
    await logIn(page, email, strongPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await goTo(page, '/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete your account?' });
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await dialog.getByText('The password is not correct').waitFor();
    await dialog.getByLabel('Password').fill(strongPassword);
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    expect(await status('/api/user', token)).toBe(401);

    await page.waitForLoadState('networkidle');
    await logIn(page, email, strongPassword);
    await page.getByText('Error al autenticar el usuario').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    expect(unexpected(watched.problems)).toEqual([]);
    await watched.context.close();
  });
});

describe.each([widths.mobile, widths.desktop])('sign-up before /register is interactive at %i px', (width) => {
  it('keeps Advertiser clicked on the prerendered page while the script was still loading', async () => {
    const watched = await openPage(browser, width, { clientAddress: clientAddress() });
    const { page } = watched;
    // The app's script is held back: the prerendered page shows, and nothing of React runs on it yet.
    let release!: () => void;
    const scriptMayLoad = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
      held++;
      await scriptMayLoad;
      await route.continue();
    });
    await page.goto('/register', { waitUntil: 'commit' });
    await page.getByRole('radio', { name: /Advertiser/ }).click();
    expect(held).toBeGreaterThan(0);
    expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).length)).toBe(0); // not hydrated
    await expect.poll(() => page.getByRole('radio', { name: /Advertiser/ }).isChecked()).toBe(true);
    await screenshot(page, 'register-chosen-before-hydration');

    release();
    // Hydrated: React has marked its root container.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__react')),
    );
    expect(await page.getByRole('radio', { name: /Advertiser/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Influencer/ }).isChecked()).toBe(false);
    // The root's mark is set when hydration starts; Continue answers once React has claimed its button (its props on
    // the node). A click before that could fall between the two on a busy machine.
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await continueButton.evaluate(
      (button) =>
        new Promise<void>((resolve) => {
          const claimed = () => Object.keys(button).some((key) => key.startsWith('__reactProps'));
          const check = () => (claimed() ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
    await continueButton.click();
    await page.getByText('Signing up as an Advertiser').waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('prehydration'));
    await page.getByLabel('Password', { exact: true }).fill(strongPassword);
    await page.getByLabel('Confirm password').fill(strongPassword);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/complete-register');
    // The advertiser's wizard, not the creator's.
    await page.getByRole('heading', { name: 'Complete your company profile' }).waitFor();
    expect(await page.getByLabel('Broadcasting Language').count()).toBe(0);
    expect(unexpected(watched.problems)).toEqual([]);
    await watched.context.close();
  });
});
