// Verifies Firebase ID tokens (Google sign-in) with firebase-admin, against the Auth emulator when configured.
import crypto from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';

export interface FirebaseIdentity {
  uid: string;
  email: string;
}

export interface FirebaseVerifier {
  /** The verified identity, or null when the token is invalid, expired, for another project, or has no verified email. */
  verify(idToken: string): Promise<FirebaseIdentity | null>;
  close(): Promise<void>;
}

export function createFirebaseVerifier(config: Config, logger: Logger): FirebaseVerifier {
  // firebase-admin reads the emulator address from the environment only.
  if (config.firebaseAuthEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  let app: App | null = null;
  const getApp = () => {
    // Verifying ID tokens needs only the project id: Google's public keys are fetched without credentials.
    app ??= initializeApp({ projectId: config.firebaseProjectId }, `castbridge-${crypto.randomUUID()}`);
    return app;
  };

  return {
    async verify(idToken) {
      try {
        const decoded = await getAuth(getApp()).verifyIdToken(idToken);
        if (typeof decoded.email !== 'string' || !decoded.email || decoded.email_verified !== true) return null;
        return { uid: decoded.uid, email: decoded.email };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // Bad tokens are the caller's problem; anything else (no network to Google, misconfiguration) is worth a log line.
        if (typeof code !== 'string' || !/token|argument|credential/i.test(code)) {
          logger.warn('Firebase ID token verification failed', { code, error: (error as Error).message });
        }
        return null;
      }
    },
    async close() {
      if (app) await deleteApp(app);
      app = null;
    },
  };
}
