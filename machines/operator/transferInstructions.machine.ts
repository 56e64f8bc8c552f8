// The operator's transfer instructions (docs/product.md §Advertiser onboarding): the bank details advertisers read on Funds until
// card deposits exist. Load them (GET /api/admin/transfer-instructions), edit, save (PUT; empty withdraws them); the
// saved text is confirmed, a refusal says why and keeps the text.
import { assign, setup } from 'xstate';
import type { TransferInstructions } from '@/contract';
import { MAX_TRANSFER_INSTRUCTIONS } from '@/contract/money';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** Instructions too long to publish, as an id and the limit its text reads (docs/architecture.md §Languages). */
export type InstructionsProblem = { id: 'instructionsTooLong'; max: number };

export const INSTRUCTIONS_TOO_LONG: InstructionsProblem = { id: 'instructionsTooLong', max: MAX_TRANSFER_INSTRUCTIONS };

export interface TransferInstructionsContext {
  /** What is published (the last load or save). */
  saved: TransferInstructions | null;
  /** The text being edited. */
  text: string;
  /** The load's failure, or the refused save. */
  error: string | null;
  /** The local check of the text, once Save was pressed. */
  problem: InstructionsProblem | null;
  /** Set by a successful save until the next edit. */
  notice: boolean;
}

export type TransferInstructionsEvent =
  { type: 'instructions.retry' } | { type: 'instructions.change'; value: string } | { type: 'instructions.save' };

const problemOf = (text: string): InstructionsProblem | null =>
  text.trim().length > MAX_TRANSFER_INSTRUCTIONS ? INSTRUCTIONS_TOO_LONG : null;

export const transferInstructionsMachine = setup({
  types: { context: {} as TransferInstructionsContext, events: {} as TransferInstructionsEvent },
  actors: {
    loadInstructions: service<TransferInstructions>('loadInstructions'),
    /** PUT /api/admin/transfer-instructions → what advertisers now read. */
    saveInstructions: service<TransferInstructions, { instructions: string }>('saveInstructions'),
  },
  guards: {
    textOk: ({ context }) => problemOf(context.text) === null,
  },
}).createMachine({
  id: 'transferInstructions',
  context: { saved: null, text: '', error: null, problem: null, notice: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInstructions',
        src: 'loadInstructions',
        onDone: {
          target: 'editing',
          actions: assign({
            saved: ({ event }) => event.output,
            text: ({ event }) => event.output.instructions ?? '',
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'instructions.retry': 'loading' } },
    editing: {
      on: {
        'instructions.change': {
          actions: assign(({ context, event }) => ({
            text: event.value,
            notice: false,
            problem: context.problem ? problemOf(event.value) : null,
          })),
        },
        'instructions.save': [
          { guard: 'textOk', target: 'saving', actions: assign({ error: null, problem: null, notice: false }) },
          { actions: assign({ problem: ({ context }) => problemOf(context.text) }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveInstructions',
        src: 'saveInstructions',
        input: ({ context }) => ({ instructions: context.text.trim() }),
        onDone: {
          target: 'editing',
          actions: assign({
            saved: ({ event }) => event.output,
            text: ({ event }) => event.output.instructions ?? '',
            notice: true,
          }),
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
