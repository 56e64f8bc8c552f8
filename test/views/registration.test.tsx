// The /register view driven along every generated path of the `registration` statechart:
// each event is performed through the UI (or by settling an API actor), then the screen is checked.
import { render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { sessionMachine } from '@/machines/accounts/session.machine';
import { SessionContext } from '@/src/app/session';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '@/machines/index';
import type { PasswordPolicy } from '@/machines/accounts/passwordPolicy';
import type { registrationMachine } from '@/machines/accounts/registration.machine';
import type { AccountType } from '@/machines/types';
import { registrationLogic } from '@/src/accounts/registration';
import { Register } from '@/src/accounts/Register';
import { fixtures } from '@/machines/samples';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

const paths = generatePaths(catalogue.registration, fixtures.registration);

type Value = { policy: string; wizard: string | { details: string | { editing: string } } };

const fieldLabel = { email: 'Email', password: 'Password', confirmPassword: 'Confirm password' } as const;

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
    const view = renderScreen(<Register logic={logic} />, { path: '/register' });
    const model = { accountType: 'Influencer', email: '', password: '', minLength: 6 };

    const gestures = {
      'account.choose': async ({ accountType }) => {
        await user.click(screen.getByRole('radio', { name: new RegExp(accountType) }));
        model.accountType = accountType;
      },
      'step.continue': async () => {
        await user.click(screen.getByRole('button', { name: 'Continue' }));
        expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
      },
      'field.change': async ({ field, value }) => {
        const input = screen.getByLabelText(fieldLabel[field], { exact: true });
        await user.clear(input);
        if (value) await user.type(input, value);
        if (field === 'email') model.email = value;
        if (field === 'password') model.password = value;
      },
      'agreement.toggle': () => user.click(screen.getByRole('checkbox')),
      'form.submit': () => user.click(screen.getByRole('button', { name: 'Sign up' })),
      'xstate.done.actor.loadPolicy': async ({ output }) => {
        await policy.resolve(output);
        model.minLength = output.minLength;
      },
      'xstate.error.actor.loadPolicy': () => policy.reject(new Error('policy unavailable')),
      'xstate.done.actor.register': ({ output }) => registration.resolve(output),
      'xstate.error.actor.register': () => registration.reject(new Error('An account with this email already exists')),
      'xstate.after.stepAnimation': async () => {
        await screen.findByLabelText('Email');
      },
    } satisfies Gestures<typeof registrationMachine>;
    await perform(gestures, path.events);

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
      expect(registration.inputs.at(-1)).toEqual({
        email: model.email,
        password: model.password,
        type_account: model.accountType,
      });
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

describe('a choice made on the prerendered /register before it hydrates', () => {
  it('is kept: Advertiser clicked before the script ran leads to the advertiser sign-up', async () => {
    const session = sessionMachine.provide({
      actions: {
        storeSession: () => {},
        storeToken: () => {},
        clearStorage: () => {},
        navigateHome: () => {},
        logError: () => {},
      },
    });
    const page = () => (
      <MemoryRouter initialEntries={['/register']}>
        <SessionContext.Provider logic={session} options={{ input: { jwt: null } }}>
          <Register
            logic={registrationLogic.provide({
              actors: { loadPolicy: controlled<PasswordPolicy>().logic },
              delays: { stepAnimation: 0 },
            })}
          />
        </SessionContext.Provider>
      </MemoryRouter>
    );
    // The prerendered HTML, and a click on it while no React handler is attached yet: only the browser keeps it.
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page());
    const advertiser = container.querySelector<HTMLInputElement>('input[type="radio"][value="Advertiser"]');
    expect(advertiser).not.toBeNull();
    advertiser!.click();
    render(page(), { container, hydrate: true });

    expect(screen.getByRole('radio', { name: /Advertiser/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Influencer/ })).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Signing up as an Advertiser')).toBeInTheDocument();
  });
});
