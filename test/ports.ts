// A port for a process that binds it later (a child server, an emulator, nginx) or binds it again after a restart.
// Asking the kernel for one (listen on port 0, then close) hands out a port of its ephemeral range, the same range it
// hands to every outgoing connection: between that check and the child's bind, or across a restart, a connection of
// another process could take it. It happened in a full npm test (2026-12-03, cluster.test.ts: instance B exited with
// EADDRINUSE on 127.0.0.1:46753 while the journeys' browsers and the other tests were connecting). A port below that
// range is given out to no one unasked: one is picked there at random and checked free.
import fs from 'node:fs';
import net from 'node:net';

/** The lowest port the kernel gives out on its own (Linux's ip_local_port_range; 32768 by default). */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Ports from here up to the ephemeral range: above the well-known and most services' registered defaults. */
const LOWEST = 20_000;

function listenable(port: number, host: string): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(null));
    probe.listen(port, host, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const high = ephemeralLow();
  if (high - LOWEST >= 1_000)
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const port = await listenable(LOWEST + Math.floor(Math.random() * (high - LOWEST)), host);
      if (port !== null) return port;
    }
  // A machine whose ephemeral range leaves no room below it: the kernel's choice.
  const port = await listenable(0, host);
  if (port === null) throw new Error(`no free port on ${host}`);
  return port;
}
