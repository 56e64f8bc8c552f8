// `npm start`'s Firebase Auth emulator (scripts/emulator.mjs; docs/operations.md §The Auth emulator) when its port is
// busy: an earlier run's emulator still closing holds it without answering, so the start waits until the port answers
// as an emulator (reused) or is free (one is started), within a bounded wait, instead of starting one that finds the
// port taken ("firebase exited with 1 before it was ready"). The CLI is replaced by a launcher that binds the port as
// the emulator would, and fails as the CLI does when the port is taken.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../../scripts/emulator.mjs';
import { freePort } from './helpers.ts';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const server of open.splice(0)) server.close();
});

/** A listener that holds the port and never answers (an emulator shutting down), until `release()`. */
async function closingEmulator(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const release = () =>
    new Promise<number>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve(Date.now()));
    });
  open.push({ close: () => void release() });
  return { release };
}

/** What answers on the port once an emulator runs there: GET / says authEmulator. Rejects when the port is taken. */
function runningEmulator(port: number) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ authEmulator: { ready: true, docs: 'https://firebase.google.com/docs/emulator-suite' } }));
  });
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      open.push(server);
      resolve();
    });
  });
}

/** Stands in for the Firebase CLI: binds the port, or exits before it is ready when the port is taken. */
function launcher() {
  const calls: number[] = [];
  const launch = async (host: string) => {
    calls.push(Date.now());
    try {
      await runningEmulator(Number(host.split(':')[1]));
    } catch {
      throw new Error('firebase exited with 1 before it was ready');
    }
  };
  return { launch, calls };
}

function logger() {
  const lines: string[] = [];
  return { log: (line: string) => lines.push(line), lines };
}

describe('npm start: the Auth emulator port', () => {
  it('an earlier emulator still closing is waited for; once the port is free a new one starts', async () => {
    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    const earlier = await closingEmulator(port);
    // Not a wait of the test: the earlier emulator lets the port go 1.5 s from now, and the start must wait for that.
    const released = new Promise<number>((resolve) => setTimeout(() => resolve(earlier.release()), 1500));
    const { launch, calls } = launcher();
    const { log, lines } = logger();

    const env = await startAuthEmulator({ host, waitMs: 20_000, launch, log });
    expect(env).toEqual({ FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: expect.any(String) });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThanOrEqual(await released);
    expect(lines.join('\n')).toMatch(new RegExp(`port ${host} is taken but not answering.*waiting up to \\d+ s`));
    // The emulator it started answers there.
    expect(await (await fetch(`http://${host}/`)).json()).toHaveProperty('authEmulator');
  });

  it('an emulator that comes up on the port meanwhile is reused, none is started', async () => {
    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    const earlier = await closingEmulator(port);
    // Not a wait of the test: 1.2 s from now the port is let go and another emulator answers there.
    setTimeout(() => void earlier.release().then(() => runningEmulator(port)), 1200);
    const { launch, calls } = launcher();
    const { log, lines } = logger();

    await startAuthEmulator({ host, waitMs: 20_000, launch, log });
    expect(calls).toEqual([]);
    expect(lines).toContain(`Using the Firebase Auth emulator already running at ${host}`);
  });

  it('a start that loses the port to another emulator starting at that moment reuses that one', async () => {
    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    const { log, lines } = logger();
    const calls: string[] = [];
    // The port is free when checked; as the CLI starts, another run's emulator takes it and this one exits.
    const launch = async () => {
      calls.push('launch');
      await runningEmulator(port);
      throw new Error('firebase exited with 1 before it was ready');
    };

    await startAuthEmulator({ host, waitMs: 20_000, launch, log });
    expect(calls).toEqual(['launch']);
    expect(lines).toContain(`Using the Firebase Auth emulator already running at ${host}`);
  });

  it('a port held for good fails after the bounded wait, saying what to do', async () => {
    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    await closingEmulator(port);
    const { launch, calls } = launcher();
    const began = Date.now();

    await expect(startAuthEmulator({ host, waitMs: 1500, launch, log: () => {} })).rejects.toThrow(
      `The Firebase Auth emulator's port ${host} is still taken by something that does not answer as the emulator. ` +
        'Stop what holds it (an earlier `npm start`?), or set FIREBASE_AUTH_EMULATOR_HOST to another host:port.',
    );
    expect(Date.now() - began).toBeLessThan(6000);
    expect(calls).toEqual([]);
  });
});
