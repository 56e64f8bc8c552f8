// /reset-password (docs/product.md §Accounts), replayed along resetPassword's recorded paths on the real page: the
// e-mailed link's token from the address, the new password checked and confirmed here, the server's refusal of the
// password under the form, a refused (or missing) link offering a new one, success signing in and opening /dashboard.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { resetPasswordMachine, type ResetField } from '@/machines/accounts/resetPassword.machine';
import { ResetPassword } from '@/src/accounts/ResetPassword';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const LABEL = { password: 'New password', confirm: 'Confirm new password' } as const;
const FIELDS = ['password', 'confirm'] as const;

/** What each field says once a submit found them wrong (required, 6 characters, the same twice). */
function expectedErrors(values: Record<ResetField, string>): Partial<Record<ResetField, string>> {
  const errors: Partial<Record<ResetField, string>> = {};
  if (values.password === '') errors.password = messages.required;
  else if ([...values.password].length < 6) errors.password = 'Use at least 6 characters.';
  if (values.confirm === '') errors.confirm = messages.required;
  else if (values.password !== '' && values.confirm !== values.password) errors.confirm = 'The passwords do not match.';
  return errors;
}

walkScreens('resetPassword', {
  mount(input) {
    const { token } = input as { token: string | null };
    const reset = controlled<string, { token: string; password: string }>();
    const view = renderScreen(
      <ResetPassword logic={resetPasswordMachine.provide({ actors: { resetPassword: reset.logic } })} />,
      { path: '/reset-password', url: token ? `/reset-password?token=${token}` : '/reset-password' },
    );
    /** What the person typed, the errors a refused submit showed, the server's last answer. */
    const model = {
      token,
      values: { password: '', confirm: '' } as Record<ResetField, string>,
      errorsShown: false,
      refusal: null as string | null,
      jwt: null as string | null,
      settled: 0,
    };
    const field = (name: ResetField) => screen.getByLabelText(LABEL[name]);
    const save = () => screen.getByRole('button', { name: 'Save and sign in' });
    return {
      view,
      reset,
      model,
      field,
      save,
      gestures: {
        'field.change': ({ field: name, value }) => {
          model.values[name] = value;
          fireEvent.change(field(name), { target: { value } });
        },
        'form.submit': () => {
          const complete = Object.keys(expectedErrors(model.values)).length === 0;
          model.errorsShown = !complete;
          if (complete) model.refusal = null;
          fireEvent.click(save());
        },
        'xstate.done.actor.resetPassword': async ({ output }) => {
          model.settled += 1;
          model.jwt = output;
          await reset.resolve(output);
        },
        'xstate.error.actor.resetPassword': async ({ error }) => {
          model.settled += 1;
          model.refusal = (error as Error).message;
          await reset.reject(error);
        },
      },
    };
  },
  states: {
    // The form as typed, each error a refused submit showed (following the field), the server's refusal above it.
    editing: ({ reset, model, field, save }) => {
      expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
      const errors = model.errorsShown ? expectedErrors(model.values) : {};
      for (const name of FIELDS) {
        expect(field(name)).toHaveValue(model.values[name]);
        expect(field(name)).toBeEnabled();
        if (errors[name]) expect(field(name)).toHaveAccessibleDescription(errors[name]);
        else expect(field(name)).not.toHaveAttribute('aria-invalid');
      }
      if (model.refusal) expect(screen.getByRole('alert')).toHaveTextContent(model.refusal);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(save()).toBeEnabled();
      expect(reset.started).toBe(model.settled);
    },
    // The new password is on its way with the link's token: the form waits.
    submitting: ({ reset, model, field, save }) => {
      expect(reset.started).toBe(model.settled + 1);
      expect(reset.inputs.at(-1)).toEqual({ token: model.token, password: model.values.password });
      for (const name of FIELDS) expect(field(name)).toBeDisabled();
      expect(save()).toBeDisabled();
      expect(save()).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // No token, or the server refused the link: why, and a way to ask for a new one; no form.
    linkInvalid: ({ reset, model }) => {
      expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(
        model.refusal ?? 'This page needs the link from your reset e-mail. Ask for a new one.',
      );
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
      expect(screen.queryByLabelText(LABEL.password)).not.toBeInTheDocument();
      expect(reset.started).toBe(model.settled);
    },
    // Signed in with the answer's token; /dashboard opened.
    done: ({ view, model }) => {
      expect(view.signIns).toEqual([model.jwt]);
      expect(view.location()).toBe('/dashboard');
      expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    },
  },
});
