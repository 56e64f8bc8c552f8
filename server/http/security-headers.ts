// Security headers sent with every response, including the Content-Security-Policy the client runs under.
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/** Hosts the Firebase JS SDK needs for Google sign-in against a real project. */
const FIREBASE_HOSTS = {
  script: ['https://apis.google.com'],
  connect: ['https://*.googleapis.com', 'https://securetoken.googleapis.com', 'https://apis.google.com'],
  frame: ['https://*.firebaseapp.com', 'https://apis.google.com'],
};

export function contentSecurityPolicy(config: Config): string {
  const script = ["'self'"];
  const connect = ["'self'"];
  const frame = ["'self'"];
  if (config.firebaseAuthEmulatorHost) {
    // The SDK talks to the emulator over plain HTTP and loads its auth iframe from there; the popup
    // flow still loads Google's iframe loader (gapi) from apis.google.com, emulator or not.
    const origin = `http://${config.firebaseAuthEmulatorHost}`;
    script.push(...FIREBASE_HOSTS.script);
    connect.push(origin);
    frame.push(origin);
  } else if (config.firebaseRealProject) {
    script.push(...FIREBASE_HOSTS.script);
    connect.push(...FIREBASE_HOSTS.connect);
    frame.push(...FIREBASE_HOSTS.frame);
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // Radix injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(config)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    // The Google sign-in popup has to be able to post its result back to the opener.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  // The overlay page (issue 15) may be framed by the dashboard's own preview, and its URL is a secret: it is never
  // sent as a referrer.
  const overlayPolicy = contentSecurityPolicy(config).replace("frame-ancestors 'none'", "frame-ancestors 'self'");
  return async (c, next) => {
    await next();
    const target = c.res.headers;
    for (const [name, value] of headers) target.set(name, value);
    if (c.req.path.startsWith('/overlay/')) {
      target.set('Content-Security-Policy', overlayPolicy);
      target.set('X-Frame-Options', 'SAMEORIGIN');
      target.set('Referrer-Policy', 'no-referrer');
    }
    if (c.req.path.startsWith('/api/') && !target.has('Cache-Control')) target.set('Cache-Control', 'no-store');
  };
}
