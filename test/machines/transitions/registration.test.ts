// The registration wizard's transitions, pinned by hand: source, event, expected target and what it changes.
// Two regions run side by side (the password policy and the wizard), so each value names both. Each pin also checks
// what the register screen reads through registration.select.ts, what POST /api/register is sent, and the event
// names the wizard receives from its calls.
import { describe, expect, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { defaultPasswordPolicy, type PasswordPolicy } from '@/machines/accounts/passwordPolicy';
import { registrationMachine } from '@/machines/accounts/registration.machine';
import {
  selectFieldProblems,
  selectRegistrationFields,
  selectRegistrationRejected,
  selectRegistrationSubmitting,
  selectStep,
} from '@/machines/accounts/registration.select';
import { STEP_ANIMATION_MS } from '@/machines/timing';
import type { AccountType } from '@/machines/types';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

function start(input?: { accountType?: AccountType }) {
  const actions = { signIn: vi.fn(), goToCompleteRegister: vi.fn(), logError: vi.fn() };
  const loadPolicy = controlled<PasswordPolicy>();
  const register = controlled<string, { email: string; password: string; type_account: AccountType }>();
  const clock = new SimulatedClock();
  const logic = registrationMachine.provide({
    actions,
    actors: { loadPolicy: loadPolicy.logic, register: register.logic },
  });
  /** The events the wizard itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  /** The steps the wizard took, by the event each was on (an event it raised itself included). */
  const microsteps: string[] = [];
  const actor = createActor(logic, {
    clock,
    input,
    inspect: (inspection) => {
      inspect(inspection);
      if (inspection.type === '@xstate.microstep') microsteps.push(inspection.event.type);
    },
  }).start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    received,
    microsteps,
    /** What the register screen reads: the step, the fields, each field's problem, the alert, Sign up busy. */
    screen: () => ({
      step: selectStep(snapshot()),
      problems: selectFieldProblems(snapshot()),
      rejected: selectRegistrationRejected(snapshot()),
      submitting: selectRegistrationSubmitting(snapshot()),
    }),
    fields: () => selectRegistrationFields(snapshot()),
    actions,
    loadPolicy,
    register,
    clock,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** Past the step animation, on the credentials step, with the server's policy (minimum 8) loaded. */
async function details() {
  const wizard = start();
  wizard.actor.send({ type: 'step.continue' });
  await wizard.loadPolicy.resolve({ minLength: 8 });
  wizard.clock.increment(STEP_ANIMATION_MS);
  expect(wizard.value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'pristine' } } });
  return wizard;
}

/** Credentials that pass the policy, submitted: `details.submitting`. */
async function submitting() {
  const wizard = await details();
  wizard.actor.send({ type: 'field.change', field: 'email', value: ' ana@example.com ' });
  wizard.actor.send({ type: 'field.change', field: 'password', value: 'Castbridge!2024' });
  wizard.actor.send({ type: 'form.submit' });
  return wizard;
}

describe('registration transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(registrationMachine);

  pin(
    { from: 'registration.policy.idle', on: 'step.continue', to: 'registration.policy.loading' },
    "Continue fetches the server's password policy",
    () => {
      const { actor, value, loadPolicy } = start();
      expect(loadPolicy.started).toBe(0);
      actor.send({ type: 'step.continue' });
      expect(value()).toEqual({ policy: 'loading', wizard: 'animating' });
      expect(loadPolicy.started).toBe(1);
    },
  );

  pin(
    { from: 'registration.policy.loading', on: 'xstate.done.actor.loadPolicy', to: 'registration.policy.loaded' },
    "the server's policy raises the default",
    async () => {
      const { actor, value, context, loadPolicy } = start();
      actor.send({ type: 'step.continue' });
      await loadPolicy.resolve({ minLength: 8, maxLength: 128 });
      expect(value()).toEqual({ policy: 'loaded', wizard: 'animating' });
      expect(context().policy).toEqual({ ...defaultPasswordPolicy, minLength: 8, maxLength: 128 });
    },
  );

  pin(
    { from: 'registration.policy.loading', on: 'xstate.error.actor.loadPolicy', to: 'registration.policy.unavailable' },
    'without the policy the default stands',
    async () => {
      const { actor, value, context, loadPolicy } = start();
      actor.send({ type: 'step.continue' });
      await loadPolicy.reject(new Error('policy unavailable'));
      expect(value()).toEqual({ policy: 'unavailable', wizard: 'animating' });
      expect(context().policy).toEqual(defaultPasswordPolicy);
    },
  );

  pin(
    { from: 'registration.wizard.choosing', on: 'account.choose', to: null },
    'the chosen account type is kept, on the same step',
    () => {
      const { actor, value, context, fields, screen } = start();
      expect(fields()).toEqual({
        accountType: 'Influencer',
        email: '',
        password: '',
        confirmPassword: '',
        agreed: true,
        policy: defaultPasswordPolicy,
        serverReason: null,
      });
      actor.send({ type: 'account.choose', accountType: 'Advertiser' });
      expect(value()).toEqual({ policy: 'idle', wizard: 'choosing' });
      expect(context().accountType).toBe('Advertiser');
      expect(screen()).toEqual({ step: 'choosing', problems: {}, rejected: false, submitting: false });
      // Without an input (no choice made before hydration) it is Influencer; a choice made before is kept.
      expect(start().fields().accountType).toBe('Influencer');
      expect(start({}).fields().accountType).toBe('Influencer');
      expect(start({ accountType: 'Advertiser' }).fields().accountType).toBe('Advertiser');
    },
  );

  pin(
    { from: 'registration.wizard.choosing', on: 'step.continue', to: 'registration.wizard.animating' },
    'Continue starts the step animation',
    () => {
      const { actor, value } = start();
      actor.send({ type: 'step.continue' });
      expect(value()).toEqual({ policy: 'loading', wizard: 'animating' });
    },
  );

  pin(
    { from: 'registration.wizard.animating', on: 'xstate.after.stepAnimation', to: 'registration.wizard.details' },
    'the credentials step shows after the animation (1 s)',
    () => {
      const { actor, value, clock } = start();
      actor.send({ type: 'step.continue' });
      clock.increment(STEP_ANIMATION_MS - 1);
      expect(value()).toEqual({ policy: 'loading', wizard: 'animating' });
      clock.increment(1);
      expect(value()).toEqual({ policy: 'loading', wizard: { details: { editing: 'pristine' } } });
    },
  );

  pin(
    { from: 'registration.wizard.details.editing', on: 'field.change', to: null },
    'a typed field is kept, in the same state',
    async () => {
      const { actor, value, context } = await details();
      actor.send({ type: 'field.change', field: 'confirmPassword', value: 'anything' });
      expect(value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'pristine' } } });
      expect(context().confirmPassword).toBe('anything');
    },
  );

  pin(
    { from: 'registration.wizard.details.editing', on: 'agreement.toggle', to: null },
    'the agreement box is kept, in the same state',
    async () => {
      const { actor, value, context } = await details();
      actor.send({ type: 'agreement.toggle', agreed: false });
      expect(value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'pristine' } } });
      expect(context().agreed).toBe(false);
    },
  );

  pin(
    {
      from: 'registration.wizard.details.editing',
      on: 'form.submit',
      guard: 'isComplete',
      to: 'registration.wizard.details.submitting',
    },
    'valid credentials are sent with the account type',
    async () => {
      const { value, register, screen } = await submitting();
      expect(value()).toEqual({ policy: 'loaded', wizard: { details: 'submitting' } });
      expect(screen()).toEqual({ step: 'details', problems: {}, rejected: false, submitting: true });
      expect(register.inputs).toEqual([
        { email: 'ana@example.com', password: 'Castbridge!2024', type_account: 'Influencer' },
      ]);
    },
  );

  pin(
    {
      from: 'registration.wizard.details.editing',
      on: 'form.submit',
      to: 'registration.wizard.details.editing.invalid',
    },
    "a password under the server's minimum is refused, nothing sent",
    async () => {
      const { actor, value, register } = await details();
      actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
      actor.send({ type: 'field.change', field: 'password', value: 'short1' }); // enough for the default 6, not the server's 8
      actor.send({ type: 'form.submit' });
      expect(value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'invalid' } } });
      expect(register.started).toBe(0);
      // A blank email with a good password, and a good email with no password, are refused too.
      const refused = async (email: string, password: string) => {
        const wizard = await details();
        wizard.actor.send({ type: 'field.change', field: 'email', value: email });
        wizard.actor.send({ type: 'field.change', field: 'password', value: password });
        wizard.actor.send({ type: 'form.submit' });
        expect(wizard.value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'invalid' } } });
        expect(wizard.register.started).toBe(0);
        return wizard.screen().problems;
      };
      expect(await refused('   ', 'Castbridge!2024')).toEqual({ email: { id: 'required' } });
      expect(await refused('ana@example.com', '')).toEqual({ password: { id: 'required' } });
      expect(await refused('ana@example.com', 'short12')).toEqual({ password: { id: 'tooShort', min: 8 } });
      // An empty password is refused whatever the server's policy allows.
      const anyLength = start();
      anyLength.actor.send({ type: 'step.continue' });
      await anyLength.loadPolicy.resolve({ minLength: 0 });
      anyLength.clock.increment(STEP_ANIMATION_MS);
      anyLength.actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
      anyLength.actor.send({ type: 'form.submit' });
      expect(anyLength.value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'invalid' } } });
      expect(anyLength.screen().problems).toEqual({ password: { id: 'required' } });
      expect(anyLength.register.started).toBe(0);
    },
  );

  pin(
    {
      from: 'registration.wizard.details.submitting',
      on: 'xstate.done.actor.register',
      to: 'registration.wizard.details.registered',
    },
    'the token goes to the session and /complete-register opens',
    async () => {
      const { actor, value, register, actions, received, microsteps } = await submitting();
      await register.resolve('issued.jwt');
      expect(received.at(-1)).toBe('xstate.done.actor.register');
      // The wizard's last step is final: its details step is done.
      expect(microsteps.slice(-2)).toEqual([
        'xstate.done.actor.register',
        'xstate.done.state.registration.wizard.details',
      ]);
      expect(selectStep(actor.getSnapshot())).toBe('details');
      expect(value()).toEqual({ policy: 'loaded', wizard: { details: 'registered' } });
      expect(actions.signIn).toHaveBeenCalledWith(expect.anything(), { token: 'issued.jwt' });
      expect(actions.goToCompleteRegister).toHaveBeenCalledOnce();
    },
  );

  pin(
    {
      from: 'registration.wizard.details.submitting',
      on: 'xstate.error.actor.register',
      to: 'registration.wizard.details.editing.rejected',
    },
    "a refusal is logged and keeps the server's reason",
    async () => {
      const { actor, value, context, register, actions, received, screen } = await submitting();
      const error = new Error('An account with this email already exists');
      await register.reject(error);
      expect(received.at(-1)).toBe('xstate.error.actor.register');
      expect(value()).toEqual({ policy: 'loaded', wizard: { details: { editing: 'rejected' } } });
      expect(screen()).toEqual({ step: 'details', problems: {}, rejected: true, submitting: false });
      expect(context().serverReason).toBe('An account with this email already exists');
      expect(actions.logError).toHaveBeenCalledWith(expect.anything(), { error });
      expect(actions.signIn).not.toHaveBeenCalled();
      // Sign up again: the previous reason goes while it is sent; a refusal without a message gives none.
      actor.send({ type: 'form.submit' });
      expect(screen()).toMatchObject({ rejected: false, submitting: true });
      expect(context().serverReason).toBeNull();
      await register.reject('offline');
      expect(screen()).toMatchObject({ rejected: true, submitting: false });
      expect(context().serverReason).toBeNull();
    },
  );

  pinsEveryTransition();
});
