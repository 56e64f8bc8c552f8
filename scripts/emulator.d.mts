// Types of scripts/emulator.mjs for the TypeScript that imports it (test/server/emulator-start.test.ts).
export const EMULATOR_HOST: string;
export const PROJECT_ID: string;
export const PORT_WAIT_MS: number;
export type Log = (message: string) => void;
export function portFree(host: string): Promise<boolean>;
export function waitForEmulatorPort(
  host: string,
  options?: { deadline?: number; log?: Log },
): Promise<'running' | 'free'>;
export function startAuthEmulator(options?: {
  host?: string;
  waitMs?: number;
  launch?: (host: string) => Promise<void>;
  log?: Log;
}): Promise<{ FIREBASE_AUTH_EMULATOR_HOST: string; FIREBASE_PROJECT_ID: string }>;
export function usesRealFirebase(): boolean;
