// The profile completion's transitions, pinned by hand: source, event, expected target and what it changes.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  emptyCompletion,
  profileCompletionMachine,
  type CompletionPayload,
} from '@/machines/accounts/profileCompletion.machine';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

function start() {
  const actions = { goToDashboard: vi.fn(), logError: vi.fn() };
  const saveProfile = controlled<unknown, CompletionPayload>();
  const actor = createActor(
    profileCompletionMachine.provide({ actions, actors: { saveProfile: saveProfile.logic } }),
  ).start();
  return {
    actor,
    actions,
    saveProfile,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** Both steps answered and Finish pressed: `saving`. */
function saving() {
  const wizard = start();
  wizard.actor.send({ type: 'field.change', field: 'first_name', value: 'Ana' });
  wizard.actor.send({ type: 'step.next' });
  wizard.actor.send({ type: 'form.finish' });
  expect(wizard.value()).toBe('saving');
  return wizard;
}

describe('profile completion transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(profileCompletionMachine);

  pin({ from: 'profileCompletion', on: 'field.change', to: null }, 'a typed field is kept, on whichever step', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'field.change', field: 'first_name', value: 'Ana' });
    expect(value()).toBe('personal');
    actor.send({ type: 'step.next' });
    actor.send({ type: 'field.change', field: 'type_content', value: 'Speedruns' });
    expect(value()).toEqual({ content: 'editing' });
    expect(context().fields).toEqual({ ...emptyCompletion, first_name: 'Ana', type_content: 'Speedruns' });
  });

  pin(
    { from: 'profileCompletion.personal', on: 'step.next', to: 'profileCompletion.content' },
    'Next opens step 2',
    () => {
      const { actor, value } = start();
      actor.send({ type: 'step.next' });
      expect(value()).toEqual({ content: 'editing' });
    },
  );

  pin(
    { from: 'profileCompletion.content', on: 'step.back', to: 'profileCompletion.personal' },
    'Back returns to step 1 with the answers kept',
    () => {
      const { actor, value, context } = start();
      actor.send({ type: 'field.change', field: 'city', value: 'Guadalajara' });
      actor.send({ type: 'step.next' });
      actor.send({ type: 'step.back' });
      expect(value()).toBe('personal');
      expect(context().fields.city).toBe('Guadalajara');
    },
  );

  pin(
    { from: 'profileCompletion.content', on: 'form.finish', to: 'profileCompletion.saving' },
    'Finish sends the answers with an empty image',
    () => {
      const { value, saveProfile } = saving();
      expect(value()).toBe('saving');
      expect(saveProfile.inputs).toEqual([{ ...emptyCompletion, first_name: 'Ana', image: '' }]);
    },
  );

  pin(
    {
      from: 'profileCompletion.saving',
      on: 'xstate.done.actor.saveProfile',
      guard: 'hasResponse',
      to: 'profileCompletion.completed',
    },
    'a non-empty response opens the dashboard',
    async () => {
      const { actor, value, saveProfile, actions } = saving();
      await saveProfile.resolve({ message: 'Perfil actualizado correctamente' });
      expect(value()).toBe('completed');
      expect(actor.getSnapshot().status).toBe('done');
      expect(actions.goToDashboard).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'profileCompletion.saving', on: 'xstate.done.actor.saveProfile', to: 'profileCompletion.content.failed' },
    'an empty response counts as a failure',
    async () => {
      for (const empty of [null, '', {}]) {
        const { value, saveProfile, actions } = saving();
        await saveProfile.resolve(empty);
        expect(value(), JSON.stringify(empty)).toEqual({ content: 'failed' });
        expect(actions.goToDashboard).not.toHaveBeenCalled();
      }
    },
  );

  pin(
    { from: 'profileCompletion.saving', on: 'xstate.error.actor.saveProfile', to: 'profileCompletion.content.failed' },
    'a failed save is logged and the answers stay',
    async () => {
      const { value, context, saveProfile, actions } = saving();
      const error = new Error('Request failed with status code 400');
      await saveProfile.reject(error);
      expect(value()).toEqual({ content: 'failed' });
      expect(context().fields.first_name).toBe('Ana');
      expect(actions.logError).toHaveBeenCalledWith(expect.anything(), { error });
      expect(actions.goToDashboard).not.toHaveBeenCalled();
    },
  );

  pinsEveryTransition();
});
