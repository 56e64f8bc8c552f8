// Configuration parsing, the CSP per Firebase mode, magic-byte sniffing and the JWT secret file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecret } from '../../server/accounts/tokens.ts';
import { loadConfig, REPO_ROOT } from '../../server/config.ts';
import { contentSecurityPolicy } from '../../server/http/security-headers.ts';
import { sniffImage } from '../../server/uploads/sniff.ts';
import { GIF_HEAD, JPEG_HEAD, PNG_1PX, tempDir, WEBP_HEAD } from './helpers.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      staticDir: path.join(REPO_ROOT, 'dist'),
      databaseUrl: null,
      databaseSchema: null,
      jwtSecret: null,
      corsOrigins: [],
      maxUploadBytes: 5 * 1024 * 1024,
      firebaseProjectId: 'demo-castbridge',
      firebaseAuthEmulatorHost: null,
      firebaseRealProject: false,
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/cb',
      STATIC_DIR: '/tmp/site',
      DATABASE_URL: 'postgres://u@db:5432/castbridge',
      DATABASE_SCHEMA: 'tenant_1',
      JWT_SECRET: 's'.repeat(40),
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      MAX_UPLOAD_BYTES: '1024',
      FIREBASE_PROJECT_ID: 'my-project',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/cb',
      staticDir: '/tmp/site',
      databaseUrl: 'postgres://u@db:5432/castbridge',
      databaseSchema: 'tenant_1',
      corsOrigins: ['https://a.example', 'https://b.example'],
      maxUploadBytes: 1024,
      firebaseProjectId: 'my-project',
      firebaseAuthEmulatorHost: '127.0.0.1:9099',
      firebaseRealProject: false,
      trustProxy: true,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ MAX_UPLOAD_BYTES: '-1' }, /MAX_UPLOAD_BYTES/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_SCHEMA: 'x; drop table users' }, /DATABASE_SCHEMA/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('Content-Security-Policy', () => {
  const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

  it('allows only the site itself without Firebase configured', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    for (const part of [
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
      "font-src 'self'",
    ]) {
      expect(csp).toContain(part);
    }
  });

  it("allows the Auth emulator for connections and its iframe, and the popup flow's gapi loader", () => {
    const csp = contentSecurityPolicy(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }));
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:9099");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' http://127.0.0.1:9099");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://apis.google.com");
  });

  it('allows the Google hosts with a real Firebase project', () => {
    const csp = contentSecurityPolicy(loadConfig({ FIREBASE_PROJECT_ID: 'castbridge-prod' }));
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://apis.google.com");
    expect(directive(csp, 'connect-src')).toContain('https://*.googleapis.com');
    expect(directive(csp, 'connect-src')).toContain('https://securetoken.googleapis.com');
    expect(directive(csp, 'frame-src')).toContain('https://*.firebaseapp.com');
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('sniffImage', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes only', () => {
    expect(sniffImage(PNG_1PX)?.contentType).toBe('image/png');
    expect(sniffImage(JPEG_HEAD)?.contentType).toBe('image/jpeg');
    expect(sniffImage(GIF_HEAD)?.contentType).toBe('image/gif');
    expect(sniffImage(WEBP_HEAD)?.contentType).toBe('image/webp');
  });

  it('refuses everything else', () => {
    for (const text of ['hello', '<svg></svg>', '%PDF-1.7', 'RIFF\0\0\0\0WAVE', ''])
      expect(sniffImage(Buffer.from(text))).toBeNull();
    expect(sniffImage(PNG_1PX.subarray(0, 4))).toBeNull();
  });
});

describe('JWT secret', () => {
  it('is generated once in DATA_DIR with mode 0600 and reused', () => {
    const dir = tempDir();
    try {
      const first = loadSecret(null, dir);
      const file = path.join(dir, 'jwt-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(loadSecret(null, dir))).toEqual(Buffer.from(first));
      expect(first.length).toBeGreaterThanOrEqual(32);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from JWT_SECRET when set, which must be at least 32 bytes', () => {
    expect(Buffer.from(loadSecret('k'.repeat(32), '/nonexistent')).toString()).toBe('k'.repeat(32));
    expect(() => loadSecret('short', '/nonexistent')).toThrow(/at least 32/);
  });
});
