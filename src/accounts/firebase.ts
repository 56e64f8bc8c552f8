// Google sign-in through Firebase Auth's popup. Loaded on the Google button's click only: not a byte of
// Firebase is in the initial bundle. A real project comes from VITE_FIREBASE_*; without one, the Auth emulator.

const env = import.meta.env;

export const firebaseUsesEmulator = !env.VITE_FIREBASE_API_KEY;

const config = firebaseUsesEmulator
  ? {
      apiKey: 'demo-castbridge-key',
      authDomain: '127.0.0.1',
      projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-castbridge',
    }
  : {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    };

const emulatorHost = env.VITE_FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';

/** Opens the Google popup and resolves with the Firebase ID token, or null when no user came back. */
export async function googleIdToken(): Promise<string | null> {
  const [{ initializeApp, getApps }, { getAuth, connectAuthEmulator, GoogleAuthProvider, signInWithPopup }] =
    await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const app = getApps()[0] ?? initializeApp(config);
  const auth = getAuth(app);
  if (firebaseUsesEmulator && !auth.emulatorConfig) {
    connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });
  }
  const result = await signInWithPopup(auth, new GoogleAuthProvider());
  return result?.user ? await result.user.getIdToken() : null;
}
