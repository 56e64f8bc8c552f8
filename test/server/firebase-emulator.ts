// Starts the Firebase Auth emulator for a test file (repo firebase.json, with free ports so parallel runs do not clash).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../server/config.ts';
import { freePort, tempDir } from './helpers.ts';

export interface AuthEmulator {
  host: string;
  projectId: string;
  /** Signs in with a fake Google credential and returns the emulator's Firebase ID token. */
  googleIdToken(
    email: string,
    options?: { verified?: boolean; sub?: string },
  ): Promise<{ idToken: string; localId: string }>;
  /** Creates an email/password account (email not verified) and returns its ID token. */
  passwordIdToken(email: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(projectId = 'demo-castbridge', timeoutMs = 120_000): Promise<AuthEmulator> {
  const repoConfig = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, unknown>;
  };
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const dir = tempDir('castbridge-firebase-');
  const configFile = path.join(dir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        ...repoConfig.emulators,
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
      },
    }),
  );
  const firebase = path.join(REPO_ROOT, 'node_modules', '.bin', 'firebase');
  // Own process group, so stop() reaches anything the CLI starts.
  const child = spawn(firebase, ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: '1' },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const host = `127.0.0.1:${authPort}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the Firebase Auth emulator exited early (code ${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`http://${host}/`);
      const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
      if (body.authEmulator?.ready) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Firebase Auth emulator was not ready on ${host} within ${timeoutMs} ms:\n${output}`);
    }
    // A poll: until the emulator answers ready, exits, or the deadline is past.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const call = async (method: string, body: unknown) => {
    const response = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`emulator ${method} failed: ${JSON.stringify(json)}`);
    return json;
  };

  return {
    host,
    projectId,
    async googleIdToken(email, { verified = true, sub = `google-${email}` } = {}) {
      const fakeGoogleToken = JSON.stringify({ sub, email, email_verified: verified });
      const answer = await call('signInWithIdp', {
        postBody: `id_token=${encodeURIComponent(fakeGoogleToken)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnIdpCredential: true,
        returnSecureToken: true,
      });
      return { idToken: answer.idToken as string, localId: answer.localId as string };
    },
    async passwordIdToken(email, password) {
      const answer = await call('signUp', { email, password, returnSecureToken: true });
      return answer.idToken as string;
    },
    stop,
  };
}
