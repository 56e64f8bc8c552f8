// Finds development-only inspector code in a production build: @statelyai/inspect and the offline panel.
// Used by `npm run bench` and by test/machines/bundle.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { INSPECTOR_PANEL_MARKER } from '../src/inspector/marker';

/** Strings that only these modules carry, with what each one betrays. */
export const inspectorMarkers: ReadonlyArray<{ marker: string; what: string }> = [
  { marker: INSPECTOR_PANEL_MARKER, what: 'the offline inspector panel (src/inspector)' },
  { marker: 'stately.ai/inspect', what: '@statelyai/inspect (its inspector URL)' },
  { marker: '@statelyai.connected', what: '@statelyai/inspect (its window handshake)' },
  { marker: 'xstateinspector', what: '@statelyai/inspect (its inspector window name)' },
  { marker: 'stately-sky', what: '@statelyai/inspect (its Sky websocket host)' },
];

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return /\.(m?js|cjs)$/.test(entry.name) ? [path] : [];
  });
}

/** One line per inspector marker found in the build's JavaScript (`file: what`); empty when the build is clean. Throws when `distDir` holds no JavaScript. */
export function inspectorCodeInBundle(distDir: string): string[] {
  const files = jsFiles(distDir);
  // An empty or missing build would pass vacuously.
  if (!files.length) throw new Error(`No JavaScript in ${distDir}: build the client first`);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const { marker, what } of inspectorMarkers) {
      if (text.includes(marker)) found.push(`${relative(distDir, file)}: ${what}`);
    }
  }
  return found;
}
