// Settings › Delete Account: the confirmation dialog (docs/spec.md §2 Settings, §4 Delete dialog, §9 420 px); Yes, Delete
// really deletes (docs/product.md §Accounts: DELETE /api/user, the password re-entered for password accounts), then goes to /.
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';

export interface DeleteAccountContext {
  /** Password accounts confirm with their password; Google-only accounts have none. */
  passwordRequired: boolean;
  password: string;
  /** The field shows "Este campo es obligatorio". */
  passwordMissing: boolean;
  serverError: string | null;
}

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as
      | { type: 'delete.open'; passwordRequired: boolean }
      | { type: 'password.change'; value: string }
      | { type: 'delete.confirm' }
      | { type: 'delete.cancel' }
      | { type: 'delete.dismiss' },
  },
  actors: {
    deleteAccount: service<void, { password: string | undefined }>('deleteAccount'),
  },
  actions: {
    /** The session ends (storage cleared) and the page goes to the root path. */
    signOutHome: effect('signOutHome'),
  },
  guards: {
    canDelete: ({ context }) => !context.passwordRequired || context.password !== '',
  },
}).createMachine({
  id: 'deleteAccount',
  context: { passwordRequired: true, password: '', passwordMissing: false, serverError: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'delete.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            passwordRequired: event.passwordRequired,
            password: '',
            passwordMissing: false,
            serverError: null,
          })),
        },
      },
    },
    open: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'password.change': { actions: assign({ password: ({ event }) => event.value, passwordMissing: false }) },
            'delete.confirm': [
              { guard: 'canDelete', target: 'deleting', actions: assign({ serverError: null }) },
              { actions: assign({ passwordMissing: true }) },
            ],
            'delete.cancel': '#deleteAccount.closed',
            // Escape.
            'delete.dismiss': '#deleteAccount.closed',
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            input: ({ context }) => ({ password: context.passwordRequired ? context.password : undefined }),
            onDone: { target: '#deleteAccount.deleted' },
            onError: {
              target: 'confirming',
              actions: assign({
                serverError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
              }),
            },
          },
        },
      },
    },
    deleted: {
      type: 'final',
      entry: 'signOutHome',
    },
  },
});
