// Settings › Change Password: collapsed, expanded with three fields, collapsed again by Discard or Change, no call (SPEC §2 Settings, §4 Change password).
import { setup } from 'xstate';

export const changePasswordMachine = setup({
  types: {
    events: {} as { type: 'password.expand' } | { type: 'password.discard' } | { type: 'password.change' },
  },
}).createMachine({
  id: 'changePassword',
  initial: 'collapsed',
  states: {
    collapsed: {
      on: { 'password.expand': 'expanded' },
    },
    expanded: {
      on: {
        'password.discard': 'collapsed',
        // The spec shows no password-change call: Change only collapses the fields.
        'password.change': 'collapsed',
      },
    },
  },
});
