// The Log Out confirmation modal (docs/spec.md §2 Logout modal, §4 Logout, §8 "Ha ocurrido un error").
import { setup } from 'xstate';
import { effect } from '../placeholders';

export const logoutConfirmMachine = setup({
  types: {
    events: {} as
      { type: 'logout.open' } | { type: 'logout.confirm' } | { type: 'logout.cancel' } | { type: 'logout.dismiss' },
  },
  actions: {
    /** Tells the session to log out (it clears storage and navigates to /). */
    logOut: effect('logOut'),
    /** The spec's Cancel reports an error object with the message "Ha ocurrido un error"; it is logged. */
    reportCancel: effect('reportCancel'),
  },
}).createMachine({
  id: 'logoutConfirm',
  initial: 'closed',
  states: {
    closed: {
      on: { 'logout.open': 'open' },
    },
    open: {
      on: {
        'logout.confirm': { target: 'closed', actions: 'logOut' },
        'logout.cancel': { target: 'closed', actions: 'reportCancel' },
        // Escape or the overlay: the spec does not show the modal's own close; it simply closes.
        'logout.dismiss': 'closed',
      },
    },
  },
});
