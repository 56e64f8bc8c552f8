// What the register screen reads from the registration wizard.
import type { SnapshotFrom } from 'xstate';
import { passwordProblem } from './passwordPolicy';
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
export function selectFieldProblems(snapshot: Snapshot): Partial<Record<RegistrationField, 'required' | string>> {
  if (!snapshot.matches({ wizard: { details: { editing: 'invalid' } } })) return {};
  const { email, password, policy } = snapshot.context;
  const problems: Partial<Record<RegistrationField, string>> = {};
  if (email.trim() === '') problems.email = 'required';
  if (password === '') problems.password = 'required';
  else {
    const problem = passwordProblem(password, policy);
    if (problem) problems.password = problem;
  }
  return problems;
}
export const sameProblems = (
  a: Partial<Record<RegistrationField, string>>,
  b: Partial<Record<RegistrationField, string>>,
) => a.email === b.email && a.password === b.password;

/** The server refused: alert "Error al registrar el usuario". */
export const selectRegistrationRejected = (snapshot: Snapshot) =>
  snapshot.matches({ wizard: { details: { editing: 'rejected' } } });
export const selectRegistrationSubmitting = (snapshot: Snapshot) =>
  snapshot.matches({ wizard: { details: 'submitting' } });
