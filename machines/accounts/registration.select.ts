// What the register screen reads from the registration wizard.
import type { SnapshotFrom } from 'xstate';
import { passwordProblem, REQUIRED, type PasswordFieldProblem } from './passwordPolicy';
import type { RegistrationField, registrationMachine } from './registration.machine';

type Snapshot = SnapshotFrom<typeof registrationMachine>;

/** Which step shows: the account choice, its leaving animation, or the details form. */
export function selectStep(snapshot: Snapshot): 'choosing' | 'animating' | 'details' {
  if (snapshot.matches({ wizard: 'choosing' })) return 'choosing';
  if (snapshot.matches({ wizard: 'animating' })) return 'animating';
  return 'details';
}

export const selectRegistrationFields = (snapshot: Snapshot) => snapshot.context;

/** Messages under each field of step 2, derived from the snapshot (empty → required; password → policy). */
export type RegistrationProblems = Partial<Record<RegistrationField, PasswordFieldProblem>>;

export function selectFieldProblems(snapshot: Snapshot): RegistrationProblems {
  if (!snapshot.matches({ wizard: { details: { editing: 'invalid' } } })) return {};
  const { email, password, policy } = snapshot.context;
  const problems: RegistrationProblems = {};
  if (email.trim() === '') problems.email = REQUIRED;
  if (password === '') problems.password = REQUIRED;
  else {
    const problem = passwordProblem(password, policy);
    if (problem) problems.password = problem;
  }
  return problems;
}
/** The same problems, field by field (each a new object per snapshot). */
export const sameProblems = (a: RegistrationProblems, b: RegistrationProblems) =>
  JSON.stringify(a.email) === JSON.stringify(b.email) && JSON.stringify(a.password) === JSON.stringify(b.password);

/** The server refused: alert "Error al registrar el usuario". */
export const selectRegistrationRejected = (snapshot: Snapshot) =>
  snapshot.matches({ wizard: { details: { editing: 'rejected' } } });
export const selectRegistrationSubmitting = (snapshot: Snapshot) =>
  snapshot.matches({ wizard: { details: 'submitting' } });
