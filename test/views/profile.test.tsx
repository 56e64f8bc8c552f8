// My Profile in the page's language (issue 49): the read view and the edit form in Mexican Spanish, the stored
// choices worded (Femenino, Español, Videojuegos), the birth date written the language's way, and what the creator wrote
// and the spec's notices as they are. The profile read and save are controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileMachine, type ProfileDraft } from '@/machines/accounts/profile.machine';
import { sampleUser } from '@/machines/accounts/samples';
import type { User } from '@/machines/types';
import { MyProfileScreen } from '@/src/accounts/MyProfile';
import { setLocale } from '@/src/i18n/i18n';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';

function setup() {
  const load = controlled<User>();
  const save = controlled<User, { draft: ProfileDraft; image: string | null }>();
  const upload = controlled<{ photoUrl: string }, { file: File }>();
  renderScreen(
    <MyProfileScreen
      logic={profileMachine.provide({
        actors: { loadProfile: load.logic, saveProfile: save.logic, uploadPhoto: upload.logic },
      })}
    />,
    { path: '/my-profile', jwt: 'creator.jwt' },
  );
  return { load, save, user: userEvent.setup() };
}

/** The read view's rows, label → value. */
function rows(): Record<string, string> {
  const details = screen.getByTestId('profile-details');
  return Object.fromEntries(
    within(details)
      .getAllByRole('term')
      .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
  );
}

const ana: User = { ...sampleUser, about: 'Speedruns de Zelda cada viernes.', job_title: 'Streamer' };

describe('My Profile', () => {
  it('in English: the spec’s labels, the stored choices as they read, the birth date as a day', async () => {
    const { load } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('Loading profile')).toBeInTheDocument();
    await load.resolve(ana);
    expect(rows()).toMatchObject({
      Name: 'Ana García',
      'Date of Birth': 'Apr 12, 1995',
      Gender: 'Female',
      'Broadcasting Language': 'Spanish',
      Category: 'Gaming',
      Country: 'Mexico',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Personal information' })).toBeInTheDocument();
  });

  it('in Spanish: the read view and the form in the page’s language; the creator’s words and the spec’s notices as they are', async () => {
    await act(() => setLocale('es-MX'));
    const { load, save, user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument();
    expect(screen.getByText('Cargando: perfil')).toBeInTheDocument();
    await load.resolve(ana);
    expect(rows()).toEqual({
      Nombre: 'Ana García',
      'Correo electrónico': 'ana@example.com',
      'Fecha de nacimiento': '12 abr 1995',
      Género: 'Femenino',
      País: 'Mexico',
      Ciudad: 'Guadalajara',
      'Código postal': '44100',
      Dirección: 'Av. Chapultepec 15',
      'Idioma de transmisión': 'Español',
      Nivel: '1',
      Categoría: 'Videojuegos',
      Puesto: 'Streamer',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Acerca de ti' })).toBeInTheDocument();
    expect(screen.getByText('Speedruns de Zelda cada viernes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Media kit' })).toHaveAttribute('href', '/media-kit');

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByLabelText('Apellido')).toHaveValue('García');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      'El correo electrónico no se puede cambiar aquí.',
    );
    const gender = screen.getByLabelText('Género');
    expect(within(gender).getByRole('option', { name: 'Femenino' })).toHaveValue('Female');
    expect(gender).toHaveValue('Female');
    expect(within(screen.getByLabelText('Idioma de transmisión')).getByRole('option', { name: 'Inglés' })).toHaveValue(
      'English',
    );
    expect(within(screen.getByLabelText('Categoría')).getByRole('option', { name: 'Videojuegos' })).toHaveValue(
      'Gaming',
    );
    expect(screen.getByLabelText('Subir foto')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Ciudad'));
    await user.type(screen.getByLabelText('Ciudad'), 'Zapopan');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    // The stored values go as the profile keeps them, whatever the page's language.
    expect(save.inputs.at(-1)!.draft).toMatchObject({ city: 'Zapopan', gender: 'Female', category: 'Gaming' });
    await save.resolve({ ...ana, city: 'Zapopan' });
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
  });
});
