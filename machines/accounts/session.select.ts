// What views read from the session actor.
import type { SnapshotFrom } from 'xstate';
import type { Role } from '@/contract/marketplace';
import type { sessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** The global loading flag: the user is being read, or a screen holds the overlay. */
export const selectLoading = (snapshot: Snapshot): boolean =>
  snapshot.matches({ signedIn: 'loading' }) || snapshot.context.holds > 0;
export const selectSignedIn = (snapshot: Snapshot): boolean => snapshot.matches('signedIn');
export const selectUser = (snapshot: Snapshot) => snapshot.context.user;
export const selectJwt = (snapshot: Snapshot) => snapshot.context.jwt;
/**
 * Which workspace the signed-in user gets (docs/product.md §Marketplace): the user's role, null while the user is still being read;
 * a failed read leaves the creator's workspace, as before roles existed (the server checks every call anyway).
 */
export const selectRole = (snapshot: Snapshot): Role | null =>
  snapshot.context.user?.role ?? (snapshot.matches({ signedIn: 'failed' }) ? 'creator' : null);
/** The signed-in account's language, once its user is read; null before. */
export const selectAccountLocale = (snapshot: Snapshot) => snapshot.context.user?.locale ?? null;
