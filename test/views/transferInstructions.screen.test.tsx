// The transfer instructions advertisers read (docs/product.md §Advertiser onboarding), replayed along
// transferInstructions' recorded paths on the real console: the card atop the Funds tab (opened as an operator opens
// it; the advertisers' list below stays loading), read, edited, saved.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { TransferInstructions } from '@/contract';
import { errorText } from '@/machines/messages';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminFundsMachine, type DepositRequest, type FundedAdvertiser } from '@/machines/operator/adminFunds.machine';
import { transferInstructionsMachine } from '@/machines/operator/transferInstructions.machine';
import { MAX_TRANSFER_INSTRUCTIONS } from '@/contract/money';
import { formatDate } from '@/src/common/format';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** The text's problem as the card words it in English (the flow holds it as an id and its limit). */
const INSTRUCTIONS_TOO_LONG = `Keep them under ${MAX_TRANSFER_INSTRUCTIONS.toLocaleString('en-US')} characters.`;

// The money tabs' chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/OperatorMoney'));

const LABEL = 'Bank details advertisers send funds to';

walkScreens('transferInstructions', {
  async mount() {
    const load = controlled<TransferInstructions>();
    const save = controlled<TransferInstructions, { instructions: string }>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          funds: adminFundsMachine.provide({
            actors: {
              loadFunded: controlled<FundedAdvertiser[]>().logic,
              recordDeposit: controlled<{ balanceCents: number }, DepositRequest>().logic,
            },
          }),
          instructions: transferInstructionsMachine.provide({
            actors: { loadInstructions: load.logic, saveInstructions: save.logic },
          }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Funds' }));
    await waitFor(() => expect(load.started).toBe(1));
    /** What the card has been told: the reads, the published text, the text typed, its problem, the saves' answers. */
    const seen = {
      reads: 1,
      failure: null as string | null,
      saved: null as TransferInstructions | null,
      text: '',
      problem: null as string | null,
      refusal: null as string | null,
      notice: false,
      saves: 0,
    };
    const card = () => within(screen.getByRole('region', { name: 'Transfer instructions' }));
    const field = () => card().getByLabelText(LABEL);
    const saveButton = () => card().getByRole('button', { name: 'Save instructions' });
    return {
      load,
      save,
      seen,
      card,
      field,
      saveButton,
      gestures: {
        'xstate.done.actor.loadInstructions': async ({ output }) => {
          Object.assign(seen, { failure: null, saved: output, text: output.instructions ?? '' });
          await load.resolve(output);
        },
        'xstate.error.actor.loadInstructions': async ({ error }) => {
          seen.failure = errorText(error);
          await load.reject(error);
        },
        'instructions.retry': () => {
          seen.reads += 1;
          fireEvent.click(card().getByRole('button', { name: 'Try again' }));
        },
        'instructions.change': ({ value }) => {
          seen.text = value;
          seen.notice = false;
          seen.problem = seen.problem && value.trim().length > MAX_TRANSFER_INSTRUCTIONS ? INSTRUCTIONS_TOO_LONG : null;
          fireEvent.change(field(), { target: { value } });
        },
        'instructions.save': () => {
          seen.problem = seen.text.trim().length > MAX_TRANSFER_INSTRUCTIONS ? INSTRUCTIONS_TOO_LONG : null;
          if (seen.problem === null) Object.assign(seen, { refusal: null, notice: false });
          fireEvent.click(saveButton());
        },
        'xstate.done.actor.saveInstructions': async ({ output }) => {
          seen.saves += 1;
          Object.assign(seen, { saved: output, text: output.instructions ?? '', notice: true });
          await save.resolve(output);
        },
        'xstate.error.actor.saveInstructions': async ({ error }) => {
          seen.saves += 1;
          seen.refusal = errorText(error);
          await save.reject(error);
        },
      },
    };
  },
  states: {
    // The instructions are being read: the card's spinner, no field, no failure.
    loading: ({ load, seen, card }) => {
      expect(card().getByText('Loading transfer instructions')).toBeInTheDocument();
      expect(load.started).toBe(seen.reads);
      expect(card().queryByLabelText(LABEL)).not.toBeInTheDocument();
      expect(card().queryByRole('alert')).not.toBeInTheDocument();
    },
    // The read failed: why, and Try again; no field.
    failed: ({ load, seen, card }) => {
      const alert = card().getByRole('alert');
      expect(alert).toHaveTextContent(`The transfer instructions could not be loaded${seen.failure}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.reads);
      expect(card().queryByText('Loading transfer instructions')).not.toBeInTheDocument();
      expect(card().queryByLabelText(LABEL)).not.toBeInTheDocument();
    },
    // The text as typed (the published one to start, with when it last changed), its problem or the server's
    // refusal, the confirmation of the last save until the next edit.
    editing: ({ save, seen, card, field, saveButton }) => {
      expect(field()).toHaveValue(seen.text);
      expect(field()).toBeEnabled();
      expect(saveButton()).toBeEnabled();
      expect(saveButton()).not.toHaveAttribute('aria-busy');
      expect(save.started).toBe(seen.saves);
      const updatedAt = seen.saved?.updatedAt;
      expect(field()).toHaveAccessibleDescription(
        expect.stringContaining(
          `Shown on every advertiser's Funds with their own transfer reference${updatedAt ? `; last changed ${formatDate(updatedAt)}` : ''}. Leave empty to withdraw them.`,
        ),
      );
      const problem = seen.problem ?? seen.refusal;
      if (problem) expect(field()).toHaveAccessibleDescription(expect.stringContaining(problem));
      else expect(field()).not.toHaveAttribute('aria-invalid', 'true');
      if (seen.notice) {
        expect(card().getByRole('status')).toHaveTextContent(
          seen.saved?.instructions
            ? 'Saved: advertisers now see these instructions on Funds.'
            : 'Saved: advertisers are told to ask support for the bank details.',
        );
      } else expect(card().queryByText(/^Saved: /)).not.toBeInTheDocument();
    },
    // The text is on its way: the field and Save wait.
    saving: ({ save, seen, field, saveButton }) => {
      expect(save.started).toBe(seen.saves + 1);
      expect(save.inputs.at(-1)).toEqual({ instructions: seen.text.trim() });
      expect(saveButton()).toBeDisabled();
      expect(saveButton()).toHaveAttribute('aria-busy', 'true');
      expect(field()).toBeDisabled();
    },
  },
});
