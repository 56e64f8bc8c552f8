// Set Payout Method › Bank Account: Connect opens the Connect Bank Account dialog; its Connect shows a chip until Disconnect; local only (SPEC §2 Set Payout Method, §4 Payout bank).
import { setup } from 'xstate';

export const payoutBankMachine = setup({
  types: {
    events: {} as
      | { type: 'bank.open' }
      | { type: 'bank.connect' }
      | { type: 'bank.cancel' }
      | { type: 'bank.dismiss' }
      | { type: 'bank.disconnect' },
  },
}).createMachine({
  id: 'payoutBank',
  initial: 'disconnected',
  states: {
    disconnected: {
      on: { 'bank.open': 'dialogOpen' },
    },
    dialogOpen: {
      on: {
        // The form is submitted nowhere (SPEC §3 Bank connection form).
        'bank.connect': 'connected',
        'bank.cancel': 'disconnected',
        'bank.dismiss': 'disconnected',
      },
    },
    connected: {
      on: { 'bank.disconnect': 'disconnected' },
    },
  },
});
