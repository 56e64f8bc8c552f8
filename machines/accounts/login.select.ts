// What the login screen reads from the login and Google sign-in machines.
import type { SnapshotFrom } from 'xstate';
import type { googleSignInMachine } from './googleSignIn.machine';
import type { LoginField, loginMachine } from './login.machine';

type Login = SnapshotFrom<typeof loginMachine>;
type Google = SnapshotFrom<typeof googleSignInMachine>;

export const selectLoginFields = (snapshot: Login) => snapshot.context;

/** Which fields show "Este campo es obligatorio": only after a submit with them empty. */
export function selectMissingFields(snapshot: Login): Record<LoginField, boolean> {
  const invalid = snapshot.matches({ editing: 'invalid' });
  return {
    email: invalid && snapshot.context.email.trim() === '',
    password: invalid && snapshot.context.password === '',
  };
}
export const sameMissing = (a: Record<LoginField, boolean>, b: Record<LoginField, boolean>) =>
  a.email === b.email && a.password === b.password;

/** The request is out, or it succeeded and the dashboard is opening. */
export const selectLoginBusy = (snapshot: Login) => snapshot.hasTag('busy');
/** The server refused: alert "Error al autenticar el usuario". */
export const selectLoginRejected = (snapshot: Login) => snapshot.matches({ editing: 'rejected' });
/** The server asks for a wait (429): its message (how long, and "Forgot your password?"), else null. */
export const selectLoginWait = (snapshot: Login) =>
  snapshot.matches({ editing: 'throttled' }) ? snapshot.context.waitMessage : null;

export const selectGoogleBusy = (snapshot: Google) => snapshot.hasTag('busy');
/** A falsy result: alert "Error al autenticar el usuario". */
export const selectGoogleRefused = (snapshot: Google) => snapshot.matches({ idle: 'refused' });
