// Settings › Delete Account confirmation: closed or open; Yes, Delete goes to /, both buttons close it, no call (SPEC §2 Settings, §4 Delete dialog, §9 420 px).
import { setup } from 'xstate';
import { effect } from './placeholders';

export const deleteAccountMachine = setup({
  types: {
    events: {} as { type: 'delete.open' } | { type: 'delete.confirm' } | { type: 'delete.cancel' } | { type: 'delete.dismiss' },
  },
  actions: {
    navigateHome: effect('navigateHome'),
  },
}).createMachine({
  id: 'deleteAccount',
  initial: 'closed',
  states: {
    closed: {
      on: { 'delete.open': 'open' },
    },
    open: {
      on: {
        // No deletion call is shown in the spec: Yes only closes and goes to the root path.
        'delete.confirm': { target: 'closed', actions: 'navigateHome' },
        'delete.cancel': 'closed',
        // Escape.
        'delete.dismiss': 'closed',
      },
    },
  },
});
