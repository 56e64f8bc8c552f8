// The registration wizard: account type, a 1 s step animation, then credentials (docs/spec.md §2 Register screen, §3, §4, §5, §8).
import { assign, setup } from 'xstate';
import { defaultPasswordPolicy, passwordProblem, type PasswordPolicy } from './passwordPolicy';
import { effect, service } from '../placeholders';
import { STEP_ANIMATION_MS } from '../timing';
import type { AccountType } from '../types';

export type RegistrationField = 'email' | 'password' | 'confirmPassword';

export interface RegistrationContext {
  accountType: AccountType;
  email: string;
  password: string;
  /** Never compared with the password (docs/spec.md §5). */
  confirmPassword: string;
  /** Pre-checked and not enforced (docs/spec.md §5). */
  agreed: boolean;
  policy: PasswordPolicy;
  /** The server's reason when it refused the registration, shown under the alert. */
  serverReason: string | null;
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    /** The account type already chosen on the prerendered page before it hydrated (Influencer when none). */
    input: {} as { accountType?: AccountType },
    events: {} as
      | { type: 'account.choose'; accountType: AccountType }
      | { type: 'step.continue' }
      | { type: 'field.change'; field: RegistrationField; value: string }
      | { type: 'agreement.toggle'; agreed: boolean }
      | { type: 'form.submit' },
  },
  actors: {
    loadPolicy: service<PasswordPolicy>('loadPolicy'),
    register: service<string, { email: string; password: string; type_account: AccountType }>('register'),
  },
  actions: {
    signIn: effect<{ token: string }>('signIn'),
    goToCompleteRegister: effect('goToCompleteRegister'),
    logError: effect<{ error: unknown }>('logError'),
  },
  guards: {
    isComplete: ({ context }) =>
      context.email.trim() !== '' &&
      context.password !== '' &&
      passwordProblem(context.password, context.policy) === null,
  },
  delays: {
    stepAnimation: STEP_ANIMATION_MS,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    accountType: input?.accountType ?? 'Influencer',
    email: '',
    password: '',
    confirmPassword: '',
    agreed: true,
    policy: defaultPasswordPolicy,
    serverReason: null,
  }),
  type: 'parallel',
  states: {
    // The server's policy raises the client default; without it the default stands. It is fetched
    // while step 1 animates away, so the first screen loads without the API client.
    policy: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'step.continue': 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadPolicy',
            src: 'loadPolicy',
            onDone: {
              target: 'loaded',
              actions: assign({ policy: ({ event }) => ({ ...defaultPasswordPolicy, ...event.output }) }),
            },
            onError: 'unavailable',
          },
        },
        loaded: {},
        unavailable: {},
      },
    },
    wizard: {
      initial: 'choosing',
      states: {
        // Step 1: Create your account / Continue as a
        choosing: {
          on: {
            'account.choose': { actions: assign({ accountType: ({ event }) => event.accountType }) },
            'step.continue': 'animating',
          },
        },
        animating: {
          after: { stepAnimation: 'details' },
        },
        // Step 2: email, password, confirm password, agreement
        details: {
          initial: 'editing',
          states: {
            editing: {
              initial: 'pristine',
              states: {
                pristine: {},
                invalid: {},
                rejected: {},
              },
              on: {
                'field.change': {
                  actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })),
                },
                'agreement.toggle': { actions: assign({ agreed: ({ event }) => event.agreed }) },
                'form.submit': [{ guard: 'isComplete', target: 'submitting' }, { target: '.invalid' }],
              },
            },
            submitting: {
              entry: assign({ serverReason: null }),
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }) => ({
                  email: context.email.trim(),
                  password: context.password,
                  type_account: context.accountType,
                }),
                onDone: {
                  target: 'registered',
                  actions: [
                    { type: 'signIn', params: ({ event }: { event: { output: string } }) => ({ token: event.output }) },
                    'goToCompleteRegister',
                  ],
                },
                onError: {
                  target: 'editing.rejected',
                  actions: [
                    assign({
                      serverReason: ({ event }) => (event.error instanceof Error ? event.error.message : null),
                    }),
                    {
                      type: 'logError',
                      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
                    },
                  ],
                },
              },
            },
            registered: { type: 'final' },
          },
        },
      },
    },
  },
});
