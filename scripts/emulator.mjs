// The Firebase Auth emulator next to the server when no real Firebase project is configured (VITE_FIREBASE_API_KEY).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, root, start } from './processes.mjs';

export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-castbridge';

async function emulatorAnswers() {
  try {
    const response = await fetch(`http://${EMULATOR_HOST}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok && JSON.stringify(await response.json()).includes('authEmulator');
  } catch {
    return false;
  }
}

/** Starts the Auth emulator (or reuses one already listening) and returns the env the server needs. */
export async function startAuthEmulator() {
  const env = { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, FIREBASE_PROJECT_ID: PROJECT_ID };
  if (await emulatorAnswers()) {
    console.log(`Using the Firebase Auth emulator already running at ${EMULATOR_HOST}`);
    return env;
  }
  await start(
    bin('firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', await emulatorConfig()],
    {
      ready: /All emulators ready|Auth Emulator.*(ready|running)|emulators:start.*ready/i,
      prefix: '[firebase] ',
      quiet: process.env.FIREBASE_EMULATOR_LOG !== '1',
      env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1', NO_UPDATE_NOTIFIER: '1' },
      timeoutMs: 90_000,
    },
  );
  return env;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The repository's firebase.json with the Auth emulator where FIREBASE_AUTH_EMULATOR_HOST says and the emulator hub
 * and logging on free ports, so several products (a test run beside `npm start`) can each run their own emulator.
 */
async function emulatorConfig() {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const [host, port] = EMULATOR_HOST.split(':');
  config.emulators = {
    ...config.emulators,
    auth: { host, port: Number(port) },
    hub: { host: '127.0.0.1', port: await freePort() },
    logging: { host: '127.0.0.1', port: await freePort() },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'castbridge-firebase-')), 'firebase.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

export function usesRealFirebase() {
  return Boolean(process.env.VITE_FIREBASE_API_KEY) || process.env.FIREBASE_EMULATOR === '0';
}
