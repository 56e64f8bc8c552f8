// Connect Accounts: the Twitch and YouTube cards each toggle Connect ↔ Disconnect, locally only (SPEC §2 Connect Accounts, §4 Twitch and YouTube cards).
import { setup } from 'xstate';

export const connectAccountsMachine = setup({
  types: {
    events: {} as
      | { type: 'twitch.connect' }
      | { type: 'twitch.disconnect' }
      | { type: 'youtube.connect' }
      | { type: 'youtube.disconnect' },
  },
}).createMachine({
  id: 'connectAccounts',
  type: 'parallel',
  states: {
    twitch: {
      initial: 'disconnected',
      states: {
        disconnected: { on: { 'twitch.connect': 'connected' } },
        connected: { on: { 'twitch.disconnect': 'disconnected' } },
      },
    },
    youtube: {
      initial: 'disconnected',
      states: {
        disconnected: { on: { 'youtube.connect': 'connected' } },
        connected: { on: { 'youtube.disconnect': 'disconnected' } },
      },
    },
  },
});
