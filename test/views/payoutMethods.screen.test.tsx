// Set Payout Method (docs/spec.md §2, §4 Payout bank; docs/product.md §Money), replayed along payoutMethods' recorded
// paths on the real screen. The Stripe rail is off here: its card (stripePayouts' own flow) shows nothing.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { PayoutMethod, StripePayouts } from '@/contract';
import {
  FIELDS_OF,
  payoutFieldProblem,
  payoutMethodsMachine,
  type NewPayoutMethod,
  type PayoutField,
  type PayoutFieldProblem,
  type TypedPayoutKind,
} from '@/machines/money/payoutMethods.machine';
import { sampleStripeOff } from '@/machines/money/samples';
import { stripePayoutsMachine, type StripeOnboarding } from '@/machines/money/stripePayouts.machine';
import { SetPayoutMethodScreen } from '@/src/money/PayoutMethods';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const CARD: Record<TypedPayoutKind, string> = { bank: 'Bank Account', paypal: 'PayPal' };
const DIALOG: Record<TypedPayoutKind, string> = { bank: 'Connect Bank Account', paypal: 'Connect PayPal' };
const LABEL: Record<PayoutField, string> = {
  holderName: 'Account Holder Name',
  routingNumber: 'Routing Number',
  accountNumber: 'Account Number',
  email: 'PayPal E-mail',
};
const EMPTY = { holderName: '', routingNumber: '', accountNumber: '', email: '' };
/** What a person reads under a field for each problem the flow finds (src/money/messages/en.json). */
const SAYS: Record<PayoutFieldProblem, string> = {
  required: 'Este campo es obligatorio',
  routingInvalid: 'Enter the 9-digit ABA routing number printed on your checks.',
  accountInvalid: 'Enter your account number: 4 to 17 digits.',
  emailInvalid: 'Enter the e-mail address of your PayPal account.',
};
const shownFor = (field: PayoutField, value: string) => {
  const problem = payoutFieldProblem(field, value);
  return problem ? SAYS[problem] : undefined;
};

const card = (kind: TypedPayoutKind) => screen.getByRole('region', { name: CARD[kind] });

walkScreens('payoutMethods', {
  mount() {
    const load = controlled<PayoutMethod[]>();
    const add = controlled<PayoutMethod[], NewPayoutMethod>();
    const remove = controlled<PayoutMethod[], { id: string }>();
    renderScreen(
      <SetPayoutMethodScreen
        logic={payoutMethodsMachine.provide({
          actors: { loadMethods: load.logic, addMethod: add.logic, removeMethod: remove.logic },
        })}
        stripe={stripePayoutsMachine.provide({
          actors: {
            loadStripe: fromPromise<StripePayouts, void>(async () => sampleStripeOff),
            startOnboarding: controlled<StripeOnboarding>().logic,
          },
        })}
      />,
      { path: '/set-payout-method', jwt: 'creator.jwt' },
    );
    /** What the person has done and been answered so far. */
    const seen = {
      loads: 1,
      methods: [] as PayoutMethod[],
      kind: null as TypedPayoutKind | null,
      draft: { ...EMPTY } as Record<PayoutField, string>,
      /** The field checks shown in the dialog (after a Connect with a field wrong). */
      shown: {} as Partial<Record<PayoutField, string>>,
      /** A refused save (in the dialog) or removal (on the screen). */
      refusal: null as string | null,
      addsSettled: 0,
      removesSettled: 0,
      removingId: null as string | null,
    };
    const dialog = () => screen.getByRole('dialog', { name: DIALOG[seen.kind!] });
    return {
      load,
      add,
      remove,
      seen,
      dialog,
      gestures: {
        'xstate.done.actor.loadMethods': async ({ output }) => {
          seen.methods = output;
          await load.resolve(output);
        },
        'xstate.error.actor.loadMethods': ({ error }) => load.reject(error),
        'methods.retry': () => {
          seen.loads += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'method.open': ({ kind }) => {
          seen.kind = kind;
          seen.draft = { ...EMPTY };
          seen.shown = {};
          seen.refusal = null;
          const stored = seen.methods.some((method) => method.kind === kind);
          fireEvent.click(within(card(kind)).getByRole('button', { name: stored ? 'Replace' : 'Connect' }));
        },
        'field.change': ({ field, value }) => {
          seen.draft[field] = value;
          if (seen.shown[field]) seen.shown[field] = shownFor(field, value);
          fireEvent.change(within(dialog()).getByLabelText(LABEL[field]), { target: { value } });
        },
        'method.connect': () => {
          seen.shown = Object.fromEntries(
            FIELDS_OF[seen.kind!].map((field) => [field, shownFor(field, seen.draft[field])]),
          );
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Connect' }));
        },
        'method.cancel': () => {
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
          seen.kind = null;
          seen.refusal = null;
        },
        'method.disconnect': ({ id }) => {
          const method = seen.methods.find((m) => m.id === id);
          if (!method || method.kind === 'stripe') throw new Error(`No card shows payout method ${id}`);
          seen.removingId = id;
          seen.refusal = null;
          fireEvent.click(within(card(method.kind)).getByRole('button', { name: 'Disconnect' }));
        },
        'xstate.done.actor.addMethod': async ({ output }) => {
          seen.addsSettled += 1;
          seen.methods = output;
          seen.kind = null;
          await add.resolve(output);
        },
        'xstate.error.actor.addMethod': async ({ error }) => {
          seen.addsSettled += 1;
          seen.refusal = (error as Error).message;
          await add.reject(error);
        },
        'xstate.done.actor.removeMethod': async ({ output }) => {
          seen.removesSettled += 1;
          seen.methods = output;
          seen.removingId = null;
          await remove.resolve(output);
        },
        'xstate.error.actor.removeMethod': async ({ error }) => {
          seen.removesSettled += 1;
          seen.refusal = (error as Error).message;
          seen.removingId = null;
          await remove.reject(error);
        },
      },
    };
  },
  states: {
    // The methods are being read: the spinner, no cards yet.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading payout methods')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Bank Account' })).not.toBeInTheDocument();
      expect(screen.queryByText('The payout methods could not be loaded')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loads);
    },
    // The load failed: the failure with Try again, no cards.
    failed: ({ load, seen }) => {
      expect(screen.getByText('The payout methods could not be loaded')).toBeInTheDocument();
      expect(screen.getByText('Simulated failure')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading payout methods')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Bank Account' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loads);
    },
    // The cards, each with its stored method (Replace, Disconnect) or Connect; no dialog; a refused removal said.
    'ready.idle': ({ add, remove, seen }) => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      for (const kind of ['bank', 'paypal'] as const) {
        const method = seen.methods.find((m) => m.kind === kind);
        const buttons = within(card(kind)).getAllByRole('button');
        expect(buttons.map((button) => button.textContent)).toEqual(method ? ['Replace', 'Disconnect'] : ['Connect']);
        for (const button of buttons) expect(button).toBeEnabled();
        if (method) expect(screen.getByTestId(`${kind}-chip`)).toHaveTextContent(method.display);
        else expect(screen.queryByTestId(`${kind}-chip`)).not.toBeInTheDocument();
      }
      if (seen.refusal) expect(screen.getByRole('alert')).toHaveTextContent(seen.refusal);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(add.started).toBe(seen.addsSettled);
      expect(remove.started).toBe(seen.removesSettled);
    },
    // The kind's dialog with its fields as typed, the checks shown, a refused save said; nothing is being sent.
    'ready.editing': ({ add, seen, dialog }) => {
      const d = dialog();
      for (const field of FIELDS_OF[seen.kind!]) {
        const input = within(d).getByLabelText(LABEL[field]);
        expect(input).toHaveValue(seen.draft[field]);
        expect(input).toBeEnabled();
        const problem = seen.shown[field];
        if (problem) expect(input).toHaveAccessibleDescription(expect.stringContaining(problem));
        else expect(input).not.toHaveAttribute('aria-invalid');
      }
      if (seen.refusal) expect(within(d).getByRole('alert')).toHaveTextContent(seen.refusal);
      else expect(within(d).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(d).getByRole('button', { name: 'Connect' })).toBeEnabled();
      expect(within(d).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(add.started).toBe(seen.addsSettled);
    },
    // The method is being stored: what the fields say (digits only for a bank), and the dialog waits.
    'ready.saving': ({ add, seen, dialog }) => {
      const d = dialog();
      expect(add.started).toBe(seen.addsSettled + 1);
      expect(add.inputs.at(-1)).toEqual(
        seen.kind === 'paypal'
          ? { kind: 'paypal', email: seen.draft.email.trim() }
          : {
              kind: 'bank',
              holderName: seen.draft.holderName.trim(),
              routingNumber: seen.draft.routingNumber.replace(/\D/g, ''),
              accountNumber: seen.draft.accountNumber.replace(/\D/g, ''),
            },
      );
      expect(within(d).getByRole('button', { name: 'Connect' })).toBeDisabled();
      expect(within(d).getByRole('button', { name: 'Connect' })).toHaveAttribute('aria-busy', 'true');
      expect(within(d).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      for (const field of FIELDS_OF[seen.kind!]) expect(within(d).getByLabelText(LABEL[field])).toBeDisabled();
    },
    // The method is being removed: its Disconnect busy, every card's buttons wait; no dialog.
    'ready.removing': ({ remove, seen }) => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(remove.started).toBe(seen.removesSettled + 1);
      expect(remove.inputs.at(-1)).toEqual({ id: seen.removingId });
      const method = seen.methods.find((m) => m.id === seen.removingId)!;
      expect(within(card(method.kind as TypedPayoutKind)).getByRole('button', { name: 'Disconnect' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      for (const kind of ['bank', 'paypal'] as const)
        for (const button of within(card(kind)).getAllByRole('button')) expect(button).toBeDisabled();
    },
  },
});
