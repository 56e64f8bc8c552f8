// The stand-ins' pages and control APIs take any channel live or settle any card payment: they answer only clients on
// this machine. A request that came through a socket from another address, or that a proxy says came from one
// (Forwarded, X-Forwarded-For, X-Real-IP), is refused with 403. Calls the app makes to itself in process carry no
// socket and are let through.
import { Hono, type Context, type MiddlewareHandler } from 'hono';

export function isLoopback(address: string): boolean {
  const a = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return a === '::1' || a === 'localhost' || /^127\./.test(a) || /^::ffff:127\./.test(a);
}

function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

function forwardedAddresses(c: Context): string[] {
  const out: string[] = [];
  for (const part of (c.req.header('x-forwarded-for') ?? '').split(',')) if (part.trim()) out.push(part.trim());
  const real = c.req.header('x-real-ip');
  if (real) out.push(real);
  for (const match of (c.req.header('forwarded') ?? '').matchAll(/for=("?)([^;,"]+)\1/gi)) out.push(match[2]!);
  // An IPv4 address may carry its port (Forwarded: for="192.0.2.1:4711"); an IPv6 one is bracketed with it.
  return out.map((a) => a.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1').replace(/^\[([^\]]+)\](:\d+)?$/, '$1'));
}

export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  const socket = socketAddress(c);
  const others = [...(socket ? [socket] : []), ...forwardedAddresses(c)].filter((a) => !isLoopback(a));
  if (others.length > 0)
    return c.json(
      {
        message:
          'The stand-ins answer only this machine: the demo is never to be exposed (npm run serve is production)',
      },
      403,
    );
  await next();
};

/** `app` behind the loopback guard. */
export function guarded(app: Hono): Hono {
  const outer = new Hono();
  outer.use('*', loopbackOnly);
  outer.route('/', app);
  return outer;
}
