// The whole product as a person meets it: every route of spec §2, signed out and signed in, at 375, 768, 992
// and 1280 px — no console error, no failed request, no sideways scroll, axe clean, a screenshot of each at 375 and
// 1280 when SCREENSHOTS=1 (the widths a person looks at; a full-page PNG costs about what axe does);
// keyboard focus is visible; reload keeps the route; the back button behaves.
import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledCommand } from '../server/compiled';
import { approvedAdvertiser, call, campaignFor, login, register, uniqueEmail, updateProfile } from './api';
import { expectCleanPage, launch, openPage, type Watched } from './harness';
import { protectedRoutes, publicRoutes } from './routes';

const widths = [375, 768, 992, 1280];
const photographed = (width: number) => width === 375 || width === 1280;

let browser: Browser;
let jwt = '';
beforeAll(async () => {
  browser = await launch();
  const account = await register();
  jwt = account.token;
  await updateProfile(jwt, {
    first_name: 'Sofía',
    last_name: 'Méndez',
    country: 'usa',
    language: 'English',
    tier: 1,
    category: 'Gaming',
  });
});
afterAll(async () => {
  await browser?.close();
});

const name = (path: string) => (path === '/' ? 'home' : path.slice(1));

/** The route is settled: its main heading is shown and no loader is up. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-busy="true"]'));
}

describe.each(widths)('every route at %i px', (width) => {
  // One tab per width and sign-in, loading route after route as a person who types each address does: every route is
  // a full page load, and the browser's cache keeps the bundle compiled (a fresh context per route cost each a cold
  // start, about a second of CPU). What a page logs is never cleared: a late error fails the route that follows.
  let signedIn: Watched | undefined;
  let signedOut: Watched | undefined;
  afterAll(async () => {
    await signedIn?.context.close();
    await signedOut?.context.close();
  });

  it.each([...publicRoutes, '/complete-register', ...protectedRoutes])('%s signed in', async (path) => {
    signedIn ??= await openPage(browser, width, { jwt });
    await signedIn.page.goto(path);
    await settled(signedIn.page);
    expect(new URL(signedIn.page.url()).pathname).toBe(path);
    await expectCleanPage(signedIn, `sweep-in-${name(path)}`, { screenshot: photographed(width) });
  });

  it.each(publicRoutes)('%s signed out', async (path) => {
    signedOut ??= await openPage(browser, width);
    await signedOut.page.goto(path);
    await settled(signedOut.page);
    await expectCleanPage(signedOut, `sweep-out-${name(path)}`, { screenshot: photographed(width) });
  });
});

// A browser that prefers Spanish gets the public site in Mexican Spanish (docs/architecture.md §Languages), whose texts
// run about a quarter longer: the same checks at the widths a person looks at, <html lang> saying the language.
describe.each([375, 1280])('the public routes in Spanish at %i px', (width) => {
  let spanish: Watched | undefined;
  afterAll(async () => {
    await spanish?.context.close();
  });

  it.each(publicRoutes)('%s', async (path) => {
    spanish ??= await openPage(browser, width, { locale: 'es-MX' });
    await spanish.page.goto(path);
    await settled(spanish.page);
    expect(await spanish.page.evaluate(() => document.documentElement.lang)).toBe('es-MX');
    await expectCleanPage(spanish, `sweep-es-${name(path)}`, { screenshot: true });
  });
});

// A creator who broadcasts in Spanish gets the dashboard in Spanish: the first broadcasting language preselects the
// account's (server/accounts/users.ts), and the page takes the account's at sign-in. The shell on a screen still
// English only, and the screens in both languages, at the widths a person looks at.
describe.each([375, 1280])('the dashboard in Spanish at %i px', (width) => {
  let spanish: Watched | undefined;
  let token = '';
  beforeAll(async () => {
    token = (await register()).token;
    await updateProfile(token, { first_name: 'Guadalupe', last_name: 'Hernández', language: 'Mexico', tier: 1 });
  });
  afterAll(async () => {
    await spanish?.context.close();
  });

  it.each([
    '/dashboard',
    '/obs-extension',
    '/connect-accounts',
    '/earnings',
    '/set-payout-method',
    '/tax-form',
    '/documents',
    '/help-and-support',
    '/settings',
    '/my-profile',
    '/archive-chat',
    '/media-kit',
    '/sponsorship-offers',
  ])('%s', async (path) => {
    // An English browser: the account's language wins once it is read.
    spanish ??= await openPage(browser, width, { jwt: token });
    await spanish.page.goto(path);
    await settled(spanish.page);
    await spanish.page.getByTestId('welcome').filter({ hasText: 'Hola de nuevo, Guadalupe' }).waitFor();
    expect(await spanish.page.evaluate(() => document.documentElement.lang)).toBe('es-MX');
    await expectCleanPage(spanish, `sweep-es-in-${name(path)}`, { screenshot: true });
  });
});

// A brand that chose Spanish in Settings gets its screens in Spanish: Campaigns with its funds, Company Profile, Find
// Creators, the campaign editor, a launched campaign's page and report (docs/architecture.md §Languages), at the widths a person looks at.
describe.each([375, 1280])('the advertiser in Spanish at %i px', (width) => {
  let spanish: Watched | undefined;
  let token = '';
  let campaignId = '';
  beforeAll(async () => {
    token = (await approvedAdvertiser('Luz Norte')).token;
    await call('PUT', '/api/settings', { token, json: { locale: 'es-MX' } });
    campaignId = (
      await call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
        token,
        json: campaignFor('Bhutan', { brand: 'Luz Norte', title: `Luces de estudio ${width}` }),
      })
    ).campaign.id;
    await call('POST', `/api/campaigns/${campaignId}/launch`, { token });
  });
  afterAll(async () => {
    await spanish?.context.close();
  });

  it.each(['/campaigns', '/company-profile', '/creators', '/campaigns/new', '/campaigns/:id', '/campaigns/:id/report'])(
    '%s',
    async (route) => {
      const path = route.replace(':id', campaignId);
      spanish ??= await openPage(browser, width, { jwt: token });
      await spanish.page.goto(path);
      await settled(spanish.page);
      await spanish.page.waitForFunction(() => document.documentElement.lang === 'es-MX');
      // No part of the screen kept English (an English-only part says lang="en": src/common/InLanguage.tsx).
      expect(await spanish.page.locator('main [lang="en"]').count()).toBe(0);
      await expectCleanPage(spanish, `sweep-es-advertiser-${name(route).replaceAll('/', '-').replace(':', '')}`, {
        screenshot: true,
      });
    },
  );
});

// An operator who chose Spanish gets the whole console in Spanish (src/operator): each tab at the widths a person looks
// at, Spanish being about a quarter longer than English. The operator is made as operators are, by the admin command
// (server/cli/admin.ts) on the journeys' server's data; the demo operator the other journeys share keeps English.
let spanishOperator: Promise<string> | undefined;
async function operatorInSpanish(): Promise<string> {
  const email = uniqueEmail('operadora');
  const made = spawnSync(process.execPath, compiledCommand('admin', ['create-operator', email]), {
    env: { ...process.env, DATA_DIR: inject('dataDir') },
    encoding: 'utf8',
  });
  expect(made.status, made.stderr).toBe(0);
  const password = /One-time password: (\S+)/.exec(made.stdout)![1]!;
  const token = await login(email, password);
  await call('PUT', '/api/settings', { token, json: { locale: 'es-MX' } });
  return token;
}

describe.each([375, 1280])('the operator console in Spanish at %i px', (width) => {
  let spanish: Watched | undefined;
  afterAll(async () => {
    await spanish?.context.close();
  });

  it('/admin, every tab', async () => {
    const token = await (spanishOperator ??= operatorInSpanish());
    spanish = await openPage(browser, width, { jwt: token });
    await spanish.page.goto('/admin');
    await settled(spanish.page);
    await spanish.page.getByRole('heading', { level: 1, name: 'Consola de operación' }).waitFor();
    expect(await spanish.page.evaluate(() => document.documentElement.lang)).toBe('es-MX');
    const tabs = spanish.page.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(9);
    for (let i = 0; i < count; i += 1) {
      const tab = tabs.nth(i);
      await tab.click();
      const panel = spanish.page.getByRole('tabpanel');
      await panel.waitFor();
      await settled(spanish.page);
      // No part of the tab kept English (src/common/InLanguage.tsx marks one lang="en").
      expect(await spanish.page.locator('main [lang="en"]').count()).toBe(0);
      await expectCleanPage(spanish, `sweep-es-admin-${i + 1}`, { screenshot: true });
    }
  });
});

describe('keyboard and navigation', () => {
  it('Tab shows a visible focus indicator on every stop of the landing page header', async () => {
    const { page, context } = await openPage(browser, 1280);
    await page.goto('/');
    await settled(page);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const visible = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'nothing focused';
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        return ring ? 'ok' : `${el.tagName} ${el.textContent?.trim()} has no focus ring`;
      });
      expect(visible).toBe('ok');
    }
    await context.close();
  });

  it.each(['/my-profile', '/earnings', '/settings'])(
    'a reload on %s keeps the signed-in person there',
    async (path) => {
      const { page, context } = await openPage(browser, 1280, { jwt });
      await page.goto(path);
      await settled(page);
      const heading = await page.locator('main h1').first().textContent();
      await page.reload();
      await settled(page);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.locator('main h1').first().textContent()).toBe(heading);
      await context.close();
    },
  );

  it('the back button returns through the visited routes', async () => {
    const { page, context } = await openPage(browser, 1280);
    await page.goto('/');
    await settled(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact-us');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.goBack();
    await page.waitForURL('**/contact-us');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });

  it('the guard’s redirect does not trap the back button', async () => {
    const { page, context } = await openPage(browser, 1280);
    await page.goto('/');
    await settled(page);
    await page.goto('/earnings');
    await page.waitForURL('**/login');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
