// The transferInstructions flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { transferInstructionsMachine } from './transferInstructions.machine';

const published = {
  instructions: 'Example Bank · Castbridge Ltd · IBAN GB33 BUKB 2020 1555 5555 55 · BIC BUKBGB22',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const samples = {
  events: {
    'instructions.change': [
      { type: 'instructions.change', value: published.instructions },
      { type: 'instructions.change', value: 'x'.repeat(2_001) },
    ],
    'xstate.done.actor.loadInstructions': [
      { type: 'xstate.done.actor.loadInstructions', output: { instructions: null, updatedAt: null } },
    ],
    'xstate.done.actor.saveInstructions': [{ type: 'xstate.done.actor.saveInstructions', output: published }],
    'xstate.error.actor.saveInstructions': [
      {
        type: 'xstate.error.actor.saveInstructions',
        error: apiRefusal('instructions: must be at most 2000 characters', 400),
      },
    ],
  },
  abstract: (context) => ({
    long: context.text.length > 2_000,
    filled: context.text !== '',
    problem: context.problem !== null,
    failed: context.error !== null,
    notice: context.notice,
  }),
} satisfies Fixture<typeof transferInstructionsMachine>;
