// Lighthouse (mobile defaults: emulated phone, simulated slow 4G and 4x CPU) on pages of a running product,
// driving the system Chromium. Signed-in pages get a jwt in local storage first.
import * as chromeLauncher from 'chrome-launcher';
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface LighthouseResult {
  url: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
}

function chromePath(): string {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (path) => path && existsSync(path),
  );
  if (!found) throw new Error("Chromium not found: install Debian's chromium or set CHROME_PATH");
  return found;
}

export async function runLighthouse(
  baseURL: string,
  paths: { path: string; jwt?: string }[],
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const { path, jwt } of paths) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${baseURL}/favicon.svg`);
      await page.evaluate((token) => {
        localStorage.clear();
        if (token) localStorage.setItem('jwt', token);
      }, jwt ?? null);
      const url = `${baseURL}${path}`;
      const runner = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: true,
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        },
        undefined,
        page as never,
      );
      await page.close();
      await browser.disconnect();
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits, runtimeError } = runner.lhr;
      // A category without a score had an audit that could not run: say which and why, not just 0.
      const errored = Object.values(audits)
        .filter((audit) => audit.errorMessage)
        .map((audit) => `error: ${audit.id} (${audit.errorMessage})`);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failing = Object.values(categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category.id}: ${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
      );
      if (runtimeError) failing.unshift(`runtime error: ${runtimeError.code} (${runtimeError.message})`);
      failing.push(...errored);
      results.push({
        url,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        failing,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
