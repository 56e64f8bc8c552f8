// The Firebase Auth emulator next to the server when no real Firebase project is configured (VITE_FIREBASE_API_KEY).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, root, start } from './processes.mjs';

export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-castbridge';

/** How long `npm start` waits for the emulator's port to be answered or freed (an earlier run's emulator closing). */
export const PORT_WAIT_MS = 30_000;
const PROBE_EVERY_MS = 250;

const split = (host) => {
  const at = host.lastIndexOf(':');
  return { hostname: host.slice(0, at), port: Number(host.slice(at + 1)) };
};

async function emulatorAnswers(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok && JSON.stringify(await response.json()).includes('authEmulator');
  } catch {
    return false;
  }
}

/** Whether nothing listens on `host` (host:port): this process can bind it, and lets go at once. */
export function portFree(host) {
  const { hostname, port } = split(host);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    probe.listen({ port, host: hostname, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Waits until the emulator's port either answers as the Auth emulator ('running': reuse it) or is free ('free': start
 * one). Something else on it (typically the emulator of an earlier run, still closing) is waited for until
 * `deadline`, then it is an error that says what to do.
 */
export async function waitForEmulatorPort(host, { deadline = Date.now() + PORT_WAIT_MS, log = console.log } = {}) {
  let told = false;
  for (;;) {
    if (await emulatorAnswers(host)) return 'running';
    if (await portFree(host)) return 'free';
    const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    if (Date.now() >= deadline)
      throw new Error(
        `The Firebase Auth emulator's port ${host} is still taken by something that does not answer as the ` +
          'emulator. Stop what holds it (an earlier `npm start`?), or set FIREBASE_AUTH_EMULATOR_HOST to another ' +
          'host:port.',
      );
    if (!told) {
      log(
        `The Firebase Auth emulator's port ${host} is taken but not answering (an earlier emulator still closing?): ` +
          `waiting up to ${seconds} s for it to answer or close`,
      );
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
}

/** Starts the CLI's Auth emulator on `host`; resolves once it is ready. */
async function launchEmulator(host) {
  await start(
    bin('firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', await emulatorConfig(host)],
    {
      ready: /All emulators ready|Auth Emulator.*(ready|running)|emulators:start.*ready/i,
      prefix: '[firebase] ',
      quiet: process.env.FIREBASE_EMULATOR_LOG !== '1',
      env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1', NO_UPDATE_NOTIFIER: '1' },
      timeoutMs: 90_000,
    },
  );
}

/**
 * Starts the Auth emulator (or reuses one already listening) and returns the env the server needs. The port is
 * waited for while something that is not (yet, or any more) the emulator holds it, within `waitMs` in all: an
 * earlier run's emulator closing, or another run's starting, never fails the start. `launch` is the tests' seam.
 */
export async function startAuthEmulator({
  host = EMULATOR_HOST,
  waitMs = PORT_WAIT_MS,
  launch = launchEmulator,
  log = console.log,
} = {}) {
  const env = { FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: PROJECT_ID };
  const deadline = Date.now() + waitMs;
  for (;;) {
    if ((await waitForEmulatorPort(host, { deadline, log })) === 'running') {
      log(`Using the Firebase Auth emulator already running at ${host}`);
      return env;
    }
    try {
      await launch(host);
      return env;
    } catch (error) {
      // The port was taken between the check and the start (another run's emulator starting, or one coming back):
      // wait for it again; anything else is the emulator's own failure.
      if (Date.now() < deadline && !(await portFree(host))) continue;
      throw error;
    }
  }
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
async function emulatorConfig(emulatorHost) {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const { hostname, port } = split(emulatorHost);
  config.emulators = {
    ...config.emulators,
    auth: { host: hostname, port },
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
