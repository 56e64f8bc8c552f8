// My Profile's transitions, pinned by hand: source, event, expected target and what it changes. While editing,
// the form and the photo run side by side, so each value names both.
import { describe, expect, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { draftOf, MissingTokenError, profileMachine, type ProfileDraft } from '@/machines/accounts/profile.machine';
import { LOADER_HIDE_MS } from '@/machines/timing';
import type { User } from '@/machines/types';
import { controlled } from '../controlled';
import { sampleUser } from '@/machines/accounts/samples';
import { pinTransitions } from './pin';

const image = () => new File(['x'], 'me.png', { type: 'image/png' });

function start() {
  const actions = {
    holdLoading: vi.fn(),
    releaseLoading: vi.fn(),
    notifySession: vi.fn(),
    revokePreview: vi.fn(),
    logError: vi.fn(),
  };
  const loadProfile = controlled<User>();
  const saveProfile = controlled<User, { draft: ProfileDraft; image: string | null }>();
  const uploadPhoto = controlled<{ photoUrl: string }, { file: File }>();
  const clock = new SimulatedClock();
  const logic = profileMachine.provide({
    actions,
    actors: { loadProfile: loadProfile.logic, saveProfile: saveProfile.logic, uploadPhoto: uploadPhoto.logic },
  });
  const actor = createActor(logic, { clock }).start();
  return {
    actor,
    actions,
    loadProfile,
    saveProfile,
    uploadPhoto,
    clock,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** The profile loaded: `viewing`. */
async function viewing() {
  const profile = start();
  await profile.loadProfile.resolve(sampleUser);
  expect(profile.value()).toBe('viewing');
  return profile;
}

/** Edit pressed: `editing` with the form and the photo idle. */
async function editing() {
  const profile = await viewing();
  profile.actor.send({ type: 'profile.edit' });
  expect(profile.value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
  return profile;
}

/** Update pressed: the form `busy.saving`. */
async function saving() {
  const profile = await editing();
  profile.actor.send({ type: 'field.change', field: 'city', value: 'Austin' });
  profile.actor.send({ type: 'profile.submit' });
  expect(profile.value()).toEqual({ editing: { form: { busy: 'saving' }, photo: 'idle' } });
  return profile;
}

/** An image picked: the photo `busy.uploading`. */
async function uploading() {
  const profile = await editing();
  profile.actor.send({ type: 'photo.select', file: image(), previewUrl: 'blob:preview' });
  expect(profile.value()).toEqual({ editing: { form: 'idle', photo: { busy: 'uploading' } } });
  return profile;
}

describe('profile transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(profileMachine);

  pin(
    { from: 'profile.loading', on: 'xstate.done.actor.loadProfile', to: 'profile.viewing' },
    'the loaded profile shows in the read view',
    async () => {
      const { value, context } = await viewing();
      expect(value()).toBe('viewing');
      expect(context()).toMatchObject({ profile: sampleUser, loadError: null });
    },
  );

  pin(
    { from: 'profile.loading', on: 'xstate.error.actor.loadProfile', to: 'profile.failed' },
    'a failed read keeps its reason',
    async () => {
      const { value, context, loadProfile } = start();
      await loadProfile.reject(new Error('No se ha podido subir la imagen'));
      expect(value()).toBe('failed');
      expect(context()).toMatchObject({ profile: null, loadError: 'No se ha podido subir la imagen' });
    },
  );

  pin(
    { from: 'profile.failed', on: 'profile.retry', to: 'profile.loading' },
    'Try again reads the profile again',
    async () => {
      const { actor, value, loadProfile } = start();
      await loadProfile.reject(new Error('offline'));
      actor.send({ type: 'profile.retry' });
      expect(value()).toBe('loading');
      expect(loadProfile.started).toBe(2);
    },
  );

  pin(
    { from: 'profile.viewing', on: 'profile.edit', to: 'profile.editing' },
    'Edit opens the form filled from the profile',
    async () => {
      const { value, context } = await editing();
      expect(value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
      expect(context().draft).toEqual(draftOf(sampleUser));
      expect(context().draft.language).toBe('Spanish');
      // Empty fields read as empty text, the birth date as a day, English by its name, another language as sent.
      const other = start();
      await other.loadProfile.resolve({
        ...sampleUser,
        city: null,
        about: null,
        tier: null,
        date_birth: '1995-04-12T00:00:00.000Z',
        language: 'United States',
      });
      other.actor.send({ type: 'profile.edit' });
      expect(other.context().draft).toMatchObject({
        city: '',
        about: '',
        tier: '',
        date_birth: '1995-04-12',
        language: 'English',
      });
      const third = start();
      await third.loadProfile.resolve({ ...sampleUser, language: 'English' });
      third.actor.send({ type: 'profile.edit' });
      expect(third.context().draft.language).toBe('English');
    },
  );

  pin(
    { from: 'profile.editing.form.idle', on: 'field.change', to: null },
    'a typed field goes to the draft, in the same state',
    async () => {
      const { actor, value, context } = await editing();
      actor.send({ type: 'field.change', field: 'city', value: 'Austin' });
      expect(value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
      expect(context().draft.city).toBe('Austin');
      expect(context().profile?.city).toBe('Guadalajara');
    },
  );

  pin(
    { from: 'profile.editing.form.idle', on: 'profile.cancel', to: 'profile.viewing' },
    'Cancel returns to the read view, frees the preview and drops a notice',
    async () => {
      const { actor, value, context, actions, saveProfile } = await editing();
      actor.send({ type: 'profile.submit' });
      await saveProfile.reject(new Error('500'));
      expect(context().notice).toBe('updateFailed');
      actor.send({ type: 'photo.select', file: image(), previewUrl: 'blob:preview' });
      actor.send({ type: 'profile.cancel' });
      expect(value()).toBe('viewing');
      expect(context()).toMatchObject({ preview: null, notice: null });
      expect(actions.revokePreview).toHaveBeenLastCalledWith(expect.anything(), { url: 'blob:preview' });
    },
  );

  pin(
    { from: 'profile.editing.form.idle', on: 'profile.submit', to: 'profile.editing.form.busy' },
    'Update holds the loader and saves the draft with the current image',
    async () => {
      const { value, saveProfile, actions } = await saving();
      expect(value()).toEqual({ editing: { form: { busy: 'saving' }, photo: 'idle' } });
      expect(actions.holdLoading).toHaveBeenCalledOnce();
      expect(saveProfile.inputs).toEqual([{ draft: { ...draftOf(sampleUser), city: 'Austin' }, image: null }]);
      // The profile's picture goes with the form; a failure's notice goes on the next Update.
      const pictured = start();
      await pictured.loadProfile.resolve({ ...sampleUser, image: '/uploads/ana.png' });
      pictured.actor.send({ type: 'profile.edit' });
      pictured.actor.send({ type: 'profile.submit' });
      await pictured.saveProfile.reject(new Error('500'));
      expect(pictured.context().notice).toBe('updateFailed');
      pictured.actor.send({ type: 'profile.submit' });
      expect(pictured.context().notice).toBeNull();
      expect(pictured.saveProfile.inputs.map((input) => input.image)).toEqual(['/uploads/ana.png', '/uploads/ana.png']);
    },
  );

  pin(
    {
      from: 'profile.editing.form.busy.saving',
      on: 'xstate.done.actor.saveProfile',
      to: 'profile.editing.form.busy.saved',
    },
    'the saved profile is kept, announced and told to the session',
    async () => {
      const { value, context, saveProfile, actions } = await saving();
      const saved = { ...sampleUser, city: 'Austin' };
      await saveProfile.resolve(saved);
      expect(value()).toEqual({ editing: { form: { busy: 'saved' }, photo: 'idle' } });
      expect(context()).toMatchObject({ profile: saved, notice: 'updated' });
      expect(actions.notifySession).toHaveBeenCalledWith(expect.anything(), { user: saved });
      expect(actions.releaseLoading).not.toHaveBeenCalled();
    },
  );

  pin(
    {
      from: 'profile.editing.form.busy.saving',
      on: 'xstate.error.actor.saveProfile',
      guard: 'noToken',
      to: 'profile.editing.form.idle',
    },
    'without a jwt the form stays open with the no-token notice',
    async () => {
      const { value, context, saveProfile, actions } = await saving();
      await saveProfile.reject(new MissingTokenError());
      expect(value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
      expect(context().notice).toBe('updateNoToken');
      expect(actions.releaseLoading).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'profile.editing.form.busy.saving', on: 'xstate.error.actor.saveProfile', to: 'profile.editing.form.idle' },
    'any other failure keeps the form open with the failure notice',
    async () => {
      const { value, context, saveProfile, actions } = await saving();
      await saveProfile.reject(new Error('500'));
      expect(value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
      expect(context()).toMatchObject({ notice: 'updateFailed', profile: sampleUser });
      expect(context().draft.city).toBe('Austin');
      expect(actions.releaseLoading).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'profile.editing.form.busy.saved', on: 'xstate.after.loaderHide', to: 'profile.viewing' },
    'the read view returns when the loader hides (1 s)',
    async () => {
      const { value, context, saveProfile, clock, actions } = await saving();
      await saveProfile.resolve({ ...sampleUser, city: 'Austin' });
      clock.increment(LOADER_HIDE_MS - 1);
      expect(value()).toEqual({ editing: { form: { busy: 'saved' }, photo: 'idle' } });
      clock.increment(1);
      expect(value()).toBe('viewing');
      expect(context().notice).toBe('updated');
      expect(actions.releaseLoading).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'profile.editing.photo.idle', on: 'photo.select', guard: 'isImage', to: 'profile.editing.photo.busy' },
    'an image shows as a preview and uploads under the loader',
    async () => {
      const { value, context, uploadPhoto, actions } = await uploading();
      expect(value()).toEqual({ editing: { form: 'idle', photo: { busy: 'uploading' } } });
      expect(context().preview).toBe('blob:preview');
      expect(uploadPhoto.inputs.map((input) => input.file.name)).toEqual(['me.png']);
      expect(actions.holdLoading).toHaveBeenCalledOnce();
      expect(actions.revokePreview).toHaveBeenLastCalledWith(expect.anything(), { url: null });
    },
  );

  pin(
    { from: 'profile.editing.photo.idle', on: 'photo.select', to: null },
    'any other file is ignored and its preview freed',
    async () => {
      const { actor, value, context, uploadPhoto, actions } = await editing();
      actor.send({
        type: 'photo.select',
        file: new File(['x'], 'notes.txt', { type: 'text/plain' }),
        previewUrl: 'blob:text',
      });
      expect(value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
      expect(context().preview).toBeNull();
      expect(uploadPhoto.started).toBe(0);
      expect(actions.revokePreview).toHaveBeenCalledWith(expect.anything(), { url: 'blob:text' });
    },
  );

  pin(
    {
      from: 'profile.editing.photo.busy.uploading',
      on: 'xstate.done.actor.uploadPhoto',
      to: 'profile.editing.photo.busy.settling',
    },
    'the uploaded picture replaces the preview and is told to the session',
    async () => {
      const { value, context, uploadPhoto, actions } = await uploading();
      await uploadPhoto.resolve({ photoUrl: '/uploads/me.png' });
      expect(value()).toEqual({ editing: { form: 'idle', photo: { busy: 'settling' } } });
      expect(context()).toMatchObject({
        preview: null,
        notice: 'photoUploaded',
        profile: { ...sampleUser, image: '/uploads/me.png' },
      });
      expect(actions.revokePreview).toHaveBeenLastCalledWith(expect.anything(), { url: 'blob:preview' });
      expect(actions.notifySession).toHaveBeenCalledWith(expect.anything(), {
        user: { ...sampleUser, image: '/uploads/me.png' },
      });
    },
  );

  pin(
    {
      from: 'profile.editing.photo.busy.uploading',
      on: 'xstate.error.actor.uploadPhoto',
      to: 'profile.editing.photo.busy.settling',
    },
    'a failed upload is logged only; the preview stays',
    async () => {
      const { actor, value, context, uploadPhoto, actions, clock } = await uploading();
      const error = new Error('413');
      await uploadPhoto.reject(error);
      expect(value()).toEqual({ editing: { form: 'idle', photo: { busy: 'settling' } } });
      expect(context()).toMatchObject({ preview: 'blob:preview', notice: null, profile: sampleUser });
      expect(actions.logError).toHaveBeenCalledWith(expect.anything(), { error });
      // Another image then replaces the kept preview, which is freed.
      clock.increment(LOADER_HIDE_MS);
      actions.revokePreview.mockClear();
      actor.send({ type: 'photo.select', file: image(), previewUrl: 'blob:second' });
      expect(actions.revokePreview).toHaveBeenCalledExactlyOnceWith(expect.anything(), { url: 'blob:preview' });
      expect(context().preview).toBe('blob:second');
    },
  );

  pin(
    { from: 'profile.editing.photo.busy.settling', on: 'xstate.after.loaderHide', to: 'profile.editing.photo.idle' },
    'the loader hides 1 s after the upload ends',
    async () => {
      const { value, uploadPhoto, clock, actions } = await uploading();
      await uploadPhoto.resolve({ photoUrl: '/uploads/me.png' });
      clock.increment(LOADER_HIDE_MS - 1);
      expect(actions.releaseLoading).not.toHaveBeenCalled();
      clock.increment(1);
      expect(value()).toEqual({ editing: { form: 'idle', photo: 'idle' } });
      expect(actions.releaseLoading).toHaveBeenCalledOnce();
    },
  );

  pinsEveryTransition();
});
