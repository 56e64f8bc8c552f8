// My Profile driven through the UI along every generated path of the `profile` statechart: each event is produced
// by a click, a typed value, a picked file, by settling the provided API actors, or by waiting out the (shortened) delay.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { catalogue } from '../../machines/index';
import { MissingTokenError, type ProfileDraft } from '../../machines/profile.machine';
import type { User } from '../../machines/types';
import { MyProfileScreen, type ProfileActors } from '../../src/views/dashboard/account/MyProfile';
import { generatePaths } from '../machines/paths';
import { renderWithProviders } from './render';

// Long enough for a path to act within the delay, short enough to wait out.
const LOADER_HIDE = 400;

/** A promise actor the test settles itself. */
function controlled<TOutput, TInput>() {
  const inputs: TInput[] = [];
  let settle: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | undefined;
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    inputs.push(input);
    return new Promise<TOutput>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    logic,
    inputs,
    resolve: (value: TOutput) => act(async () => settle!.resolve(value)),
    reject: (error: unknown) => act(async () => settle!.reject(error)),
  };
}

function setup() {
  const load = controlled<User, void>();
  const save = controlled<User, { draft: ProfileDraft; image: string | null }>();
  const upload = controlled<{ photoUrl: string }, { file: File }>();
  const actors: ProfileActors = { loadProfile: load.logic, saveProfile: save.logic, uploadPhoto: upload.logic };
  const delays = { loaderHide: LOADER_HIDE };
  const view = renderWithProviders(<MyProfileScreen actors={actors} delays={delays} />, { path: '/my-profile' });
  return { load, save, upload, view };
}

type Sample = EventObject & Record<string, unknown>;

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const picture = () => screen.getByTestId('profile-picture').getAttribute('data-src');
const updateButton = () => screen.getByRole('button', { name: 'Update' });

describe('My Profile along generated paths', () => {
  const paths = generatePaths(catalogue.profile);

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

    for (const event of path.events as Sample[]) {
      switch (event.type) {
        case 'xstate.done.actor.loadProfile':
          user = event.output as User;
          await load.resolve(user);
          break;
        case 'xstate.error.actor.loadProfile':
          await load.reject(new Error('No se ha podido subir la imagen'));
          break;
        case 'profile.retry':
          fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
          break;
        case 'profile.edit':
          fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
          break;
        case 'profile.cancel':
          fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
          break;
        case 'profile.submit':
          fireEvent.click(updateButton());
          break;
        case 'field.change': {
          const label = { city: 'City' }[event.field as string]!;
          fireEvent.change(screen.getByLabelText(label), { target: { value: event.value } });
          break;
        }
        case 'photo.select': {
          const meta = event.file as { name: string; type: string };
          const file = new File(['x'], meta.name, { type: meta.type });
          fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [file] } });
          if (meta.type.startsWith('image/')) lastPreview = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.results.at(-1)!.value as string;
          break;
        }
        case 'xstate.done.actor.saveProfile':
          user = event.output as User;
          await save.resolve(user);
          break;
        case 'xstate.error.actor.saveProfile':
          saveError = event.error;
          await save.reject(event.error);
          break;
        case 'xstate.done.actor.uploadPhoto':
          uploaded = true;
          user = { ...(user as unknown as User), image: (event.output as { photoUrl: string }).photoUrl };
          await upload.resolve(event.output as { photoUrl: string });
          break;
        case 'xstate.error.actor.uploadPhoto':
          uploadFailed = true;
          await upload.reject(new Error('Simulated failure'));
          break;
        default:
          if (event.type.startsWith('xstate.after.loaderHide.')) {
            await act(() => new Promise((resolve) => setTimeout(resolve, LOADER_HIDE + 30)));
            break;
          }
          throw new Error(`No UI for ${event.type}`);
      }
    }

    const expected = path.expected as string | { editing: { form: unknown; photo: unknown } };
    const holds = () => view.session().getSnapshot().context.holds;
    const last = (path.events.at(-1) as Sample).type;

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
      expect(within(details).getByText(u.country!.toUpperCase())).toBeInTheDocument();
      expect(within(details).getByText('Spanish')).toBeInTheDocument(); // stored as "Mexico" at registration
      expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
      expect(holds()).toBe(0);
      if (last.startsWith('xstate.after.loaderHide.')) {
        expect(screen.getAllByRole('status').some((el) => el.textContent?.includes('Perfil actualizado correctamente'))).toBe(true);
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
          const text = saveError instanceof MissingTokenError ? 'No se ha podido actualizar el perfil' : 'Error al actualizar el perfil';
          expect(screen.getByRole('alert')).toHaveTextContent(text);
        }
        if (last === 'field.change') expect(screen.getByLabelText('City')).toHaveValue('Austin');
      } else if (JSON.stringify(form) === '{"busy":"saving"}') {
        expect(updateButton()).toBeDisabled();
        expect(save.inputs.at(-1)?.draft.first_name).toBe(user!.first_name);
      } else {
        expect(updateButton()).toBeDisabled();
        if (last === 'xstate.done.actor.saveProfile') {
          expect(screen.getAllByRole('status').some((el) => el.textContent?.includes('Perfil actualizado correctamente'))).toBe(true);
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
        expect(screen.getAllByRole('status').some((el) => el.textContent?.includes('Imagen subida correctamente'))).toBe(true);
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
