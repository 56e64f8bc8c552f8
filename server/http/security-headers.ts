// Security headers sent with every response, including the Content-Security-Policy the client runs under: Hono's
// secureHeaders, one policy for the overlay page and one for everything else; /api/ answers are not cached.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.ts';

/** Hosts the Firebase JS SDK needs for Google sign-in against a real project. */
const FIREBASE_HOSTS = {
  script: ['https://apis.google.com'],
  connect: ['https://*.googleapis.com', 'https://securetoken.googleapis.com', 'https://apis.google.com'],
  frame: ['https://*.firebaseapp.com', 'https://apis.google.com'],
};

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type CspDirectives = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;

function cspDirectives(config: Config, frameAncestors: string): CspDirectives {
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
  return {
    defaultSrc: ["'self'"],
    scriptSrc: script,
    // Radix injects <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: connect,
    frameSrc: frame,
    frameAncestors: [frameAncestors],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** The Content-Security-Policy a page is sent under, as hono/secure-headers writes it (kebab-case names, "; "). */
export function contentSecurityPolicy(config: Config): string {
  return Object.entries(cspDirectives(config, "'none'"))
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...(values as string[])].join(' '),
    )
    .join('; ');
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const common: SecureHeadersOptions = {
    xContentTypeOptions: true, // nosniff
    // The Google sign-in popup has to be able to post its result back to the opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    // Off: hono's other defaults, which this server has never sent (HSTS and CORP would be a deployment decision).
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
  const page = secureHeaders({
    ...common,
    contentSecurityPolicy: cspDirectives(config, "'none'"),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  // The overlay page (docs/product.md §The overlay for OBS) may be framed by the dashboard's own preview, and its URL is a secret: it is never
  // sent as a referrer.
  const overlay = secureHeaders({
    ...common,
    contentSecurityPolicy: cspDirectives(config, "'self'"),
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'no-referrer',
  });
  return async (c, next) => {
    await (c.req.path.startsWith('/overlay/') ? overlay : page)(c, next);
    if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', 'no-store');
  };
}
