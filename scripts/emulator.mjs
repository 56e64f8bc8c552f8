// The Firebase Auth emulator next to the server when no real Firebase project is configured (VITE_FIREBASE_API_KEY).
import { bin, start } from './processes.mjs';

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
  await start(bin('firebase'), ['emulators:start', '--only', 'auth', '--project', PROJECT_ID], {
    ready: /All emulators ready|Auth Emulator.*(ready|running)|emulators:start.*ready/i,
    prefix: '[firebase] ',
    quiet: process.env.FIREBASE_EMULATOR_LOG !== '1',
    env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1', NO_UPDATE_NOTIFIER: '1' },
    timeoutMs: 90_000,
  });
  return env;
}

export function usesRealFirebase() {
  return Boolean(process.env.VITE_FIREBASE_API_KEY) || process.env.FIREBASE_EMULATOR === '0';
}
