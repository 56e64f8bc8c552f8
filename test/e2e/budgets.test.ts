// Bundle budgets on the very build the browser tests run against (sizes are deterministic).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bundleReport, overlayReport, PUBLIC_JS_BUDGET_KB } from '@/scripts/bundle';

const KB = 1024;
const distDir = () => join(inject('dataDir'), 'dist');
const publicRoutes = ['/', '/contact-us', '/forgot-password', '/login', '/register', '/complete-register'];

describe('bundle budgets', () => {
  const report = bundleReport(distDir());
  const byRoute = Object.fromEntries(report.routes.map((r) => [r.route, r]));

  it('/ loads at most 120 KB of gzipped JS and 15 KB of CSS, without Firebase or ky', () => {
    expect(byRoute['/']!.js).toBeLessThanOrEqual(120 * KB);
    expect(byRoute['/']!.css).toBeLessThanOrEqual(15 * KB);
    expect(report.contains['/']).toEqual({ firebase: false, ky: false });
  });

  it('/login and /register load at most 128.5 KB of gzipped JS (125 and the languages’ runtime), without Firebase', () => {
    expect(PUBLIC_JS_BUDGET_KB).toBe(128.5);
    for (const route of ['/login', '/register']) {
      expect(byRoute[route]!.js, route).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_KB * KB);
      expect(report.contains[route]!.firebase, route).toBe(false);
    }
  });

  it('every dashboard route loads at most 160 KB of gzipped JS; every route at most 15 KB of CSS', () => {
    for (const route of report.routes) {
      if (!publicRoutes.includes(route.route)) expect(route.js, route.route).toBeLessThanOrEqual(160 * KB);
      expect(route.css, route.route).toBeLessThanOrEqual(15 * KB);
    }
  });

  it('public routes load no dashboard code; each screen chunk is at most 30 KB', () => {
    for (const route of publicRoutes) {
      expect(
        byRoute[route]!.modules.filter((module) => /DashboardLayout|Analytics|Earnings|MyProfile/.test(module)),
        route,
      ).toEqual([]);
    }
    for (const chunk of report.chunks) expect(chunk.js, chunk.module).toBeLessThanOrEqual(30 * KB);
  });

  it('the overlay page (docs/product.md §The overlay for OBS) loads at most 60 KB of gzipped JS and none of the app (no React)', () => {
    const overlay = overlayReport(distDir());
    expect(overlay.js).toBeLessThanOrEqual(60 * KB);
    expect(overlay.react).toBe(false);
    // Its files are its own: nothing of the app's routes.
    const appFiles = new Set(report.routes.flatMap((route) => route.files));
    expect(overlay.files.filter((file) => appFiles.has(file) && file.endsWith('.js'))).toEqual([]);
  });

  it('ships no source maps', () => {
    const files = readdirSync(join(distDir(), 'assets'));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const js = files
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(distDir(), 'assets', file), 'utf8'));
    expect(js.filter((code) => code.includes('sourceMappingURL'))).toEqual([]);
  });
});
