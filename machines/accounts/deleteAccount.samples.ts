// The deleteAccount flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { deleteAccountMachine } from './deleteAccount.machine';

export const samples = {
  events: {
    'delete.open': [
      { type: 'delete.open', passwordRequired: true },
      { type: 'delete.open', passwordRequired: false },
    ],
    'password.change': [
      { type: 'password.change', value: '' },
      { type: 'password.change', value: 'Old-Password-1' },
    ],
  },
} satisfies Fixture<typeof deleteAccountMachine>;
