// The /register view driven along every generated path of the `registration` statechart:
// each event is performed through the UI (or by settling an API actor), then the screen is checked.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { catalogue } from '../../machines/index';
import type { PasswordPolicy } from '../../machines/passwordPolicy';
import type { AccountType } from '../../machines/types';
import { Register, registrationLogic } from '../../src/views/auth/Register';
import { generatePaths } from '../machines/paths';
import { controlled, renderScreen } from './authHarness';

const paths = generatePaths(catalogue.registration);

type Value = { policy: string; wizard: string | { details: string | { editing: string } } };

describe('registration view along generated paths', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const policy = controlled<PasswordPolicy>();
    const registration = controlled<string, { email: string; password: string; type_account: AccountType }>();
    const logic = registrationLogic.provide({
      actors: { loadPolicy: policy.logic, register: registration.logic },
      delays: { stepAnimation: 400 }, // long enough to see `animating`, short enough to wait out
    });
    const user = userEvent.setup();
    const view = renderScreen('/register', <Register logic={logic} />);
    const model = { accountType: 'Influencer', email: '', password: '', minLength: 6 };

    for (const event of path.events as (EventObject & Record<string, unknown>)[]) {
      switch (event.type) {
        case 'account.choose':
          await user.click(screen.getByRole('radio', { name: new RegExp(String(event.accountType)) }));
          model.accountType = String(event.accountType);
          break;
        case 'step.continue':
          await user.click(screen.getByRole('button', { name: 'Continue' }));
          expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
          break;
        case 'field.change': {
          const label = { email: 'Email', password: 'Password', confirmPassword: 'Confirm password' }[String(event.field)]!;
          const input = screen.getByLabelText(label, { exact: true });
          await user.clear(input);
          if (event.value) await user.type(input, String(event.value));
          if (event.field === 'email') model.email = String(event.value);
          if (event.field === 'password') model.password = String(event.value);
          break;
        }
        case 'agreement.toggle':
          await user.click(screen.getByRole('checkbox'));
          break;
        case 'form.submit':
          await user.click(screen.getByRole('button', { name: 'Sign up' }));
          break;
        case 'xstate.done.actor.loadPolicy':
          await act(async () => policy.resolve(event.output as PasswordPolicy));
          model.minLength = (event.output as PasswordPolicy).minLength;
          break;
        case 'xstate.error.actor.loadPolicy':
          await act(async () => policy.reject(new Error('policy unavailable')));
          break;
        case 'xstate.done.actor.register':
          await act(async () => registration.resolve(String(event.output)));
          break;
        case 'xstate.error.actor.register':
          await act(async () => registration.reject(new Error('An account with this email already exists')));
          break;
        default:
          if (event.type.startsWith('xstate.after.stepAnimation')) {
            await screen.findByLabelText('Email');
            break;
          }
          throw new Error(`No UI for event ${event.type}`);
      }
    }

    const value = path.expected as Value;
    const wizard = value.wizard;
    if (wizard === 'choosing') {
      expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
      expect(screen.getByText('Continue as a')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: new RegExp(model.accountType) })).toBeChecked();
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    } else if (wizard === 'animating') {
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    } else if (typeof wizard === 'object' && wizard.details === 'registered') {
      await waitFor(() => expect(view.location()).toBe('/complete-register'));
      expect(view.signIns).toEqual(['issued.jwt.token']);
      expect(registration.inputs.at(-1)).toEqual({ email: model.email, password: model.password, type_account: model.accountType });
    } else if (typeof wizard === 'object') {
      const form = screen.getByRole('form', { name: 'Sign up' });
      expect(within(form).getByRole('checkbox')).toBeInTheDocument();
      expect(screen.getByText(`At least ${model.minLength} characters; avoid common passwords.`)).toBeInTheDocument();
      const details = wizard.details;
      if (details === 'submitting') {
        expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
      } else if (typeof details === 'object' && details.editing === 'rejected') {
        expect(screen.getByRole('alert')).toHaveTextContent('Error al registrar el usuario');
      } else if (typeof details === 'object' && details.editing === 'invalid') {
        const required = screen.queryAllByText('Este campo es obligatorio').length;
        expect(required).toBe((model.email === '' ? 1 : 0) + (model.password === '' ? 1 : 0));
        if (model.password !== '' && [...model.password].length < model.minLength) {
          expect(screen.getByText(`Use at least ${model.minLength} characters.`)).toBeInTheDocument();
        }
        expect(screen.queryByRole('alert')).toBeNull();
      } else {
        expect(screen.queryByText('Este campo es obligatorio')).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
      }
    }
  });
});
