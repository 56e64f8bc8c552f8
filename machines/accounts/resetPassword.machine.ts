// Reset password (docs/product.md §Accounts, /reset-password in the auth layout): the e-mailed link's token, a new password and its
// confirmation compared here; success signs in and opens /dashboard; a spent or unknown link offers a new one.
import { assign, setup } from 'xstate';
import {
  defaultPasswordPolicy,
  passwordProblem,
  PASSWORDS_DIFFER,
  REQUIRED,
  type PasswordFieldProblem,
} from './passwordPolicy';
import { effect, service } from '../placeholders';

export type ResetField = 'password' | 'confirm';
export type ResetErrors = Partial<Record<ResetField, PasswordFieldProblem>>;

export interface ResetPasswordContext {
  token: string;
  password: string;
  confirm: string;
  errors: ResetErrors;
  /** The server's reason when it refused the new password or the link. */
  serverError: string | null;
}

/** A refusal of the link itself (unknown: 404, used or expired: 410), as opposed to the password. */
export class ResetLinkError extends Error {
  override name = 'ResetLinkError';
}

export function resetErrors({ password, confirm }: Pick<ResetPasswordContext, ResetField>): ResetErrors {
  const errors: ResetErrors = {};
  if (password === '') errors.password = REQUIRED;
  else {
    const problem = passwordProblem(password, defaultPasswordPolicy);
    if (problem) errors.password = problem;
  }
  if (confirm === '') errors.confirm = REQUIRED;
  else if (password !== '' && confirm !== password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    input: {} as { token: string | null },
    events: {} as { type: 'field.change'; field: ResetField; value: string } | { type: 'form.submit' },
  },
  actors: {
    resetPassword: service<string, { token: string; password: string }>('resetPassword'),
  },
  actions: {
    signIn: effect<{ token: string }>('signIn'),
    goToDashboard: effect('goToDashboard'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isComplete: ({ context }) => Object.keys(resetErrors(context)).length === 0,
    linkRefused: ({ event }) => (event as { error?: unknown }).error instanceof ResetLinkError,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token ?? '', password: '', confirm: '', errors: {}, serverError: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'linkInvalid' }],
    },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const next = { ...context, [event.field]: event.value };
            return {
              [event.field]: event.value,
              errors: Object.keys(context.errors).length > 0 ? resetErrors(next) : {},
            };
          }),
        },
        'form.submit': [
          { guard: 'isComplete', target: 'submitting', actions: assign({ errors: {}, serverError: null }) },
          { actions: assign({ errors: ({ context }) => resetErrors(context) }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: {
          target: 'done',
          actions: { type: 'signIn', params: ({ event }) => ({ token: event.output }) },
        },
        onError: [
          {
            guard: 'linkRefused',
            target: 'linkInvalid',
            actions: assign({ serverError: ({ event }) => messageOf(event.error) }),
          },
          { target: 'editing', actions: assign({ serverError: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    // No token in the address, or the server refused it: the page offers to ask for a new link.
    linkInvalid: {},
    done: {
      type: 'final',
      entry: 'goToDashboard',
    },
  },
});
