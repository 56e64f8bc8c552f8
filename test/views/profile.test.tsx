// My Profile driven through the UI along every generated path of the `profile` statechart: each event is produced
// by a click, a typed value, a picked file, by settling the provided API actors, or by waiting out the (shortened) delay.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { catalogue } from '@/machines/index';
import { MissingTokenError, profileMachine, type ProfileDraft } from '@/machines/accounts/profile.machine';
import type { User } from '@/machines/types';
import { MyProfileScreen } from '@/src/accounts/MyProfile';
import { fixtures } from '@/machines/samples';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

// Long enough for a path to act within the delay, short enough to wait out.
const LOADER_HIDE = 400;

function setup() {
  const load = controlled<User>();
  const save = controlled<User, { draft: ProfileDraft; image: string | null }>();
  const upload = controlled<{ photoUrl: string }, { file: File }>();
  const logic = profileMachine.provide({
    actors: { loadProfile: load.logic, saveProfile: save.logic, uploadPhoto: upload.logic },
    delays: { loaderHide: LOADER_HIDE },
  });
  const view = renderScreen(<MyProfileScreen logic={logic} />, { path: '/my-profile', jwt: 'test.jwt' });
  return { load, save, upload, view };
}

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const picture = () => screen.getByTestId('profile-picture').getAttribute('data-src');
const updateButton = () => screen.getByRole('button', { name: 'Update' });
const fieldLabel: Partial<Record<string, string>> = { city: 'City' };

describe('My Profile along generated paths', () => {
  const paths = generatePaths(catalogue.profile, fixtures.profile);

  it('has paths through every state', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { load, save, upload, view } = setup();
    let user: User | null = null;
    let uploaded = false;
    let uploadFailed = false;
    let lastPreview: string | null = null;
    let saveError: unknown = null;

    const gestures = {
      'xstate.done.actor.loadProfile': async ({ output }) => {
        user = output;
        await load.resolve(output);
      },
      'xstate.error.actor.loadProfile': () => load.reject(new Error('No se ha podido subir la imagen')),
      'profile.retry': async () => fireEvent.click(await screen.findByRole('button', { name: 'Try again' })),
      'profile.edit': async () => fireEvent.click(await screen.findByRole('button', { name: 'Edit' })),
      'profile.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
      'profile.submit': () => fireEvent.click(updateButton()),
      'field.change': ({ field, value }) => {
        const label = fieldLabel[field];
        if (!label) throw new Error(`No gesture for field ${field}`);
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
      },
      // The fixture's file is plain data (name and type); the gesture picks a real File.
      'photo.select': ({ file: { name, type } }) => {
        fireEvent.change(screen.getByLabelText('Upload photo'), {
          target: { files: [new File(['x'], name, { type })] },
        });
        if (type.startsWith('image/'))
          lastPreview = vi.mocked(URL.createObjectURL).mock.results.at(-1)!.value as string;
      },
      'xstate.done.actor.saveProfile': async ({ output }) => {
        user = output;
        await save.resolve(output);
      },
      'xstate.error.actor.saveProfile': async ({ error }) => {
        saveError = error;
        await save.reject(error);
      },
      'xstate.done.actor.uploadPhoto': async ({ output }) => {
        uploaded = true;
        user = { ...(user as unknown as User), image: output.photoUrl };
        await upload.resolve(output);
      },
      'xstate.error.actor.uploadPhoto': async () => {
        uploadFailed = true;
        await upload.reject(new Error('Simulated failure'));
      },
      'xstate.after.loaderHide': () => act(() => new Promise((resolve) => setTimeout(resolve, LOADER_HIDE + 30))),
    } satisfies Gestures<typeof profileMachine>;
    await perform(gestures, path.events);

    const expected = path.expected as string | { editing: { form: unknown; photo: unknown } };
    const holds = () => view.session().getSnapshot().context.holds;
    const last = (path.events.at(-1) as EventObject).type;

    if (expected === 'loading') {
      expect(await screen.findByText('Loading profile')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    } else if (expected === 'failed') {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The profile could not be loaded');
      expect(alert).toHaveTextContent('No se ha podido subir la imagen');
    } else if (expected === 'viewing') {
      const details = await screen.findByTestId('profile-details');
      const u = user!;
      expect(within(details).getByText(`${u.first_name} ${u.last_name}`)).toBeInTheDocument();
      expect(within(details).getByText(u.email)).toBeInTheDocument();
      expect(within(details).getByText(u.city!)).toBeInTheDocument();
      expect(within(details).getByText(u.country!)).toBeInTheDocument();
      expect(within(details).getByText('Spanish')).toBeInTheDocument(); // stored as "Mexico" at registration
      expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
      expect(holds()).toBe(0);
      if (last.startsWith('xstate.after.loaderHide.')) {
        expect(
          screen.getAllByRole('status').some((el) => el.textContent?.includes('Perfil actualizado correctamente')),
        ).toBe(true);
        expect(view.session().getSnapshot().context.user?.city).toBe(u.city);
      }
    } else {
      const { form, photo } = (expected as { editing: { form: unknown; photo: unknown } }).editing;
      expect(screen.getByLabelText('First Name')).toHaveValue(user!.first_name);
      expect(screen.getByLabelText('Upload photo')).toHaveAttribute('accept', 'image/*');
      const formBusy = typeof form === 'object';
      const photoBusy = typeof photo === 'object';
      // The session's global loading flag is held while a save or an upload is under way.
      expect(holds()).toBe(Number(formBusy) + Number(photoBusy));
      if (form === 'idle') {
        expect(updateButton()).toBeEnabled();
        if (last === 'xstate.error.actor.saveProfile') {
          const text =
            saveError instanceof MissingTokenError
              ? 'No se ha podido actualizar el perfil'
              : 'Error al actualizar el perfil';
          expect(screen.getByRole('alert')).toHaveTextContent(text);
        }
        if (last === 'field.change') expect(screen.getByLabelText('City')).toHaveValue('Austin');
      } else if (JSON.stringify(form) === '{"busy":"saving"}') {
        expect(updateButton()).toBeDisabled();
        expect(save.inputs.at(-1)?.draft.first_name).toBe(user!.first_name);
      } else {
        expect(updateButton()).toBeDisabled();
        if (last === 'xstate.done.actor.saveProfile') {
          expect(
            screen.getAllByRole('status').some((el) => el.textContent?.includes('Perfil actualizado correctamente')),
          ).toBe(true);
        }
      }
      if (photo === 'idle') {
        expect(screen.getByLabelText('Upload photo')).toBeEnabled();
        if (!uploaded) expect(picture()).toBe('/images/default-avatar.svg');
      } else if (JSON.stringify(photo) === '{"busy":"uploading"}') {
        expect(screen.getByLabelText('Upload photo')).toBeDisabled();
        expect(picture()).toBe(lastPreview);
        expect(upload.inputs.at(-1)?.file.name).toBe('me.png');
      } else if (uploaded) {
        expect(
          screen.getAllByRole('status').some((el) => el.textContent?.includes('Imagen subida correctamente')),
        ).toBe(true);
        expect(picture()).toBe('/uploads/sample.png');
        // The session hears of the new picture, so the header's avatar follows.
        expect(view.session().getSnapshot().context.user?.image).toBe('/uploads/sample.png');
      } else if (uploadFailed) {
        expect(picture()).toBe(lastPreview);
        expect(warn).toHaveBeenCalled();
        expect(screen.queryByText('Imagen subida correctamente')).toBeNull();
      }
    }
    view.unmount();
  });
});
