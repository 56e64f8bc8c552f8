// The /complete-register view driven along every generated path of the `profileCompletion` statechart.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { catalogue } from '../../machines/index';
import type { CompletionPayload } from '../../machines/profileCompletion.machine';
import { CompleteRegister, completionLogic } from '../../src/views/auth/CompleteRegister';
import { generatePaths } from '../machines/paths';
import { controlled, renderScreen } from './authHarness';

const paths = generatePaths(catalogue.profileCompletion);

describe('profile completion view along generated paths', () => {
  it('renders nothing without a signed-in user', () => {
    const view = renderScreen('/complete-register', <CompleteRegister />, { jwt: null });
    expect(view.container.querySelector('form')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = controlled<unknown, CompletionPayload>();
    const logic = completionLogic.provide({ actors: { saveProfile: save.logic } });
    const user = userEvent.setup();
    const view = renderScreen('/complete-register', <CompleteRegister logic={logic} />, { jwt: 'stored.jwt' });
    let firstName = '';

    for (const event of path.events as (EventObject & Record<string, unknown>)[]) {
      switch (event.type) {
        case 'field.change':
          // Every field is bound the same way; the path's sample is the first name.
          await user.type(screen.getByLabelText('First name'), String(event.value));
          firstName += String(event.value);
          break;
        case 'step.next':
          await user.click(screen.getByRole('button', { name: 'Next' }));
          break;
        case 'step.back':
          await user.click(screen.getByRole('button', { name: 'Back' }));
          break;
        case 'form.finish':
          await user.click(screen.getByRole('button', { name: 'Finish' }));
          break;
        case 'xstate.done.actor.saveProfile':
          await act(async () => save.resolve(event.output));
          break;
        case 'xstate.error.actor.saveProfile':
          await act(async () => save.reject(new Error('Request failed with status code 400')));
          break;
        default:
          throw new Error(`No UI for event ${event.type}`);
      }
    }

    const value = path.expected as string | { content: string };
    const progress = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
    if (value === 'personal') {
      expect(progress()).toBe('50');
      for (const label of ['First name', 'Last name', 'Date of birth', 'Gender', 'Country', 'City', 'Zipcode', 'Address', 'Broadcasting Language']) {
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
      if ((value as { content: string }).content === 'failed') expect(screen.getByRole('alert')).toHaveTextContent('Error al actualizar el perfil');
      else expect(screen.queryByRole('alert')).toBeNull();
    }
  });
});
