// /reset-password (docs/product.md §Accounts): the link's token, the new password checked and confirmed here, success signing in and
// opening /dashboard, a refused link offering a new one.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResetLinkError, resetPasswordMachine } from '@/machines/accounts/resetPassword.machine';
import { messages } from '@/src/messages';
import { ResetPassword } from '@/src/accounts/ResetPassword';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

function setup(url = '/reset-password?token=link-token') {
  const reset = controlled<string, { token: string; password: string }>();
  const logic = resetPasswordMachine.provide({ actors: { resetPassword: reset.logic } });
  const view = renderScreen(<ResetPassword logic={logic} />, { path: '/reset-password', url });
  return { reset, view, user: userEvent.setup() };
}

describe('Reset password', () => {
  it('without a token in the address, offers to ask for a new link', () => {
    setup('/reset-password');
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks both fields here, shows a refused password, then signs in and opens /dashboard', async () => {
    const { reset, view, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getAllByText(messages.required)).toHaveLength(2);
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    expect(screen.getByText('Use at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(reset.started).toBe(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Copper-Lantern-77');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Copper-Lantern-77');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(reset.inputs).toEqual([{ token: 'link-token', password: 'Copper-Lantern-77' }]);
    await reset.reject(new Error('Choose a less common password'));
    expect(screen.getByText('Choose a less common password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await reset.resolve('fresh.jwt');
    expect(view.signIns).toEqual(['fresh.jwt']);
    expect(view.location()).toBe('/dashboard');
  });

  it('says what is wrong in the page’s language: the machine gives ids, the catalogue words them', async () => {
    await act(() => setLocale('es-MX'));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Guardar e iniciar sesión' }));
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2);
    await user.type(screen.getByLabelText('Contraseña nueva'), 'abc');
    await user.type(screen.getByLabelText('Confirma la contraseña nueva'), 'abd');
    expect(screen.getByText('Usa al menos 6 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
  });

  it('a used or expired link shows why and offers a new one', async () => {
    const { reset, user } = setup();
    await user.type(screen.getByLabelText('New password'), 'Copper-Lantern-77');
    await user.type(screen.getByLabelText('Confirm new password'), 'Copper-Lantern-77');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await reset.reject(new ResetLinkError('This reset link has expired. Ask for a new one.'));
    expect(screen.getByText('This reset link has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
