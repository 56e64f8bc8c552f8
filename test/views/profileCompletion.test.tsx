// The /complete-register view driven along every generated path of the `profileCompletion` statechart.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '@/machines/index';
import { profileCompletionMachine, type CompletionPayload } from '@/machines/accounts/profileCompletion.machine';
import { CompleteRegister } from '@/src/accounts/CompleteRegister';
import { fixtures } from '@/machines/samples';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

const paths = generatePaths(catalogue.profileCompletion, fixtures.profileCompletion);

describe('profile completion view along generated paths', () => {
  it('renders nothing without a signed-in user', () => {
    const view = renderScreen(<CompleteRegister />, { path: '/complete-register', jwt: null });
    expect(view.container.querySelector('form')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = controlled<unknown, CompletionPayload>();
    const logic = profileCompletionMachine.provide({ actors: { saveProfile: save.logic } });
    const user = userEvent.setup();
    const view = renderScreen(<CompleteRegister logic={logic} />, { path: '/complete-register', jwt: 'stored.jwt' });
    let firstName = '';

    const gestures = {
      // Every field is bound the same way; the path's sample is the first name.
      'field.change': async ({ value }) => {
        await user.type(screen.getByLabelText('First name'), value);
        firstName += value;
      },
      'step.next': () => user.click(screen.getByRole('button', { name: 'Next' })),
      'step.back': () => user.click(screen.getByRole('button', { name: 'Back' })),
      'form.finish': () => user.click(screen.getByRole('button', { name: 'Finish' })),
      'xstate.done.actor.saveProfile': ({ output }) => save.resolve(output),
      'xstate.error.actor.saveProfile': () => save.reject(new Error('Request failed with status code 400')),
    } satisfies Gestures<typeof profileCompletionMachine>;
    await perform(gestures, path.events);

    const value = path.expected as string | { content: string };
    const progress = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
    if (value === 'personal') {
      expect(progress()).toBe('50');
      for (const label of [
        'First name',
        'Last name',
        'Date of birth',
        'Gender',
        'Country',
        'City',
        'Zipcode',
        'Address',
        'Broadcasting Language',
      ]) {
        expect(screen.getByLabelText(label)).toBeInTheDocument();
      }
      expect(screen.getByLabelText('First name')).toHaveValue(firstName);
      expect(screen.getByLabelText('Country').querySelectorAll('option').length).toBeGreaterThanOrEqual(195);
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    } else if (value === 'saving') {
      expect(progress()).toBe('100');
      expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
      expect(save.inputs.at(-1)).toEqual({
        first_name: firstName,
        last_name: '',
        image: '',
        date_birth: '',
        gender: '',
        country: '',
        city: '',
        zipcode: '',
        address: '',
        language: '',
        type_content: '',
      });
    } else if (value === 'completed') {
      await waitFor(() => expect(view.location()).toBe('/dashboard'));
    } else {
      expect(progress()).toBe('100');
      expect(screen.getByLabelText('What type of content do you make?')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
      if ((value as { content: string }).content === 'failed')
        expect(screen.getByRole('alert')).toHaveTextContent('Error al actualizar el perfil');
      else expect(screen.queryByRole('alert')).toBeNull();
    }
  });
});
