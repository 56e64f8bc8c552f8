// Settings › Change Password: collapsed, expanded with three fields, collapsed again by Discard or a successful
// Change (docs/spec.md §2 Settings, §4 Change password); the change is real (docs/product.md §Accounts: POST /api/auth/change-password).
import { assign, setup } from 'xstate';
import {
  defaultPasswordPolicy,
  passwordProblem,
  PASSWORDS_DIFFER,
  REQUIRED,
  type PasswordFieldProblem,
} from './passwordPolicy';
import { effect, service } from '../placeholders';

export type ChangePasswordField = 'current' | 'next' | 'confirm';
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, PasswordFieldProblem>>;

export interface ChangePasswordContext {
  current: string;
  next: string;
  confirm: string;
  errors: ChangePasswordErrors;
  /** The server's reason when it refused the change. */
  serverError: string | null;
  /** The server's confirmation after a change, shown while collapsed. */
  notice: string | null;
}

/** What is wrong with the three fields, per field; empty when they can be sent. */
export function changePasswordErrors({
  current,
  next,
  confirm,
}: Pick<ChangePasswordContext, ChangePasswordField>): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (current === '') errors.current = REQUIRED;
  if (next === '') errors.next = REQUIRED;
  else {
    const problem = passwordProblem(next, defaultPasswordPolicy);
    if (problem) errors.next = problem;
  }
  if (confirm === '') errors.confirm = REQUIRED;
  else if (next !== '' && confirm !== next) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

const cleared = { current: '', next: '', confirm: '', errors: {}, serverError: null };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as
      | { type: 'password.expand' }
      | { type: 'password.discard' }
      | { type: 'password.change' }
      | { type: 'field.change'; field: ChangePasswordField; value: string },
  },
  actors: {
    changePassword: service<{ message: string; token: string }, { currentPassword: string; newPassword: string }>(
      'changePassword',
    ),
  },
  actions: {
    /** The session goes on with the new token (every other session of the account stops working). */
    renewSession: effect<{ token: string }>('renewSession'),
    clear: assign(cleared),
    setField: assign(({ context }, { field, value }: { field: ChangePasswordField; value: string }) => {
      const next = { ...context, [field]: value };
      // Once shown, an error follows the field as it is corrected.
      const errors = Object.keys(context.errors).length > 0 ? changePasswordErrors(next) : {};
      return { [field]: value, errors };
    }),
    showErrors: assign({ errors: ({ context }) => changePasswordErrors(context) }),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(changePasswordErrors(context)).length === 0,
  },
}).createMachine({
  id: 'changePassword',
  context: { ...cleared, notice: null },
  initial: 'collapsed',
  states: {
    collapsed: {
      // The fields are already empty here: Discard and a successful change clear them on the way out.
      on: { 'password.expand': { target: 'expanded', actions: assign({ notice: null }) } },
    },
    expanded: {
      initial: 'editing',
      on: {
        'password.discard': { target: 'collapsed', actions: 'clear' },
      },
      states: {
        editing: {
          on: {
            'field.change': {
              actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            },
            'password.change': [
              // No error is shown here: errors shown follow their fields, which are complete now.
              { guard: 'isComplete', target: 'submitting', actions: assign({ serverError: null }) },
              { actions: 'showErrors' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({ currentPassword: context.current, newPassword: context.next }),
            onDone: {
              target: '#changePassword.collapsed',
              actions: [
                { type: 'renewSession', params: ({ event }) => ({ token: event.output.token }) },
                'clear',
                assign({ notice: ({ event }) => event.output.message }),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({
                serverError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
              }),
            },
          },
        },
      },
    },
  },
});
