// Starts the product exactly as `npm start` does (build + one server process), on a random port with a temp DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../ports.ts';
import { scratchDir } from '../scratch.ts';
import { startMailbox } from './mailbox.ts';

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  const port = await freePort();
  // The run's own Auth emulator (the build points the client at it), so it never meets another product's.
  const emulatorHost = `127.0.0.1:${await freePort()}`;
  dataDir = mkdtempSync(join(scratchDir, 'castbridge-e2e-'));
  // Account e-mail goes to a real SMTP server in this process; journeys read it through the mailbox's HTTP window.
  const mailbox = await startMailbox();
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    // CONTRACT_CHECK: every answer the browser journeys get is checked against its contract schema.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      OUT_DIR: join(dataDir, 'dist'),
      CONTRACT_CHECK: '1',
      SMTP_URL: mailbox.smtpUrl,
      // The journeys sign up many accounts from one address.
      RATE_LIMIT_SCALE: '1000',
      // Verified delivery within a journey's time: the platforms asked every 2 s, a review window of 72 s (long enough for the
      // review-window journey to see the pending screens at both widths while several journeys run at once).
      LIVE_POLL_SECONDS: '2',
      REVIEW_HOURS: '0.02',
      // Journeys that fail sign-ins on purpose give their own client address (test/e2e/harness.ts openPage).
      TRUST_PROXY: '1',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      // The stand-ins say each request or answer that breaks a platform's published description (the run fails on one).
      STANDINS_REPORT: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready in 240 s:\n${output.join('')}`)), 240_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = text.match(/ready at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child!.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output.join('')}`));
    });
  });
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('mailboxURL', mailbox.url);

  return async () => {
    const started = child;
    if (started?.pid && started.exitCode === null && started.signalCode === null) {
      // `npm start` stops its services on SIGTERM and exits once they have: the data directory is free to go then.
      const exited = new Promise((resolve) => started.once('exit', resolve));
      try {
        process.kill(-started.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      // Its services get SIGKILL after 5 s (scripts/processes.mjs stopAll); one that outlives that goes the same way.
      const stuck = setTimeout(() => {
        try {
          process.kill(-started.pid!, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }, 15_000);
      await exited;
      clearTimeout(stuck);
    }
    await mailbox.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // Every stand-in held to its platform's published description through the journeys too (standins/published/).
    const violations = output
      .join('')
      .split('\n')
      .filter((line) => line.includes('breaks the published description'));
    if (violations.length > 0)
      throw new Error(
        `The stand-ins saw ${violations.length} violation(s) of the platforms' descriptions:\n${violations.join('\n')}`,
      );
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    mailboxURL: string;
  }
}
