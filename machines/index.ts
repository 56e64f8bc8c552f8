// The catalogue of every statechart in the app. Path tests, the charts script and the inspector panel walk it,
// so a machine listed here is tested, drawn and inspectable without further edits.
import type { AnyStateMachine, EventObject } from 'xstate';
import { emailFormMachine } from './emailForm.machine';
import { newsletterMachine } from './newsletter.machine';
import { publicMenuMachine } from './publicMenu.machine';

export interface CatalogueEntry {
  machine: AnyStateMachine;
  /** The spec sections the machine implements. */
  spec: string;
  /** One line on the flow, for the README and the inspector. */
  summary: string;
  /**
   * Sample events for generated paths, keyed by event type. Several samples of one type drive guarded
   * branches (an empty and a filled email, say). Types without samples are sent bare; invoked actors'
   * done and error events are generated, with `output` taken from here when a sample is given.
   */
  events?: Record<string, EventObject[]>;
  /** Input for machines that take one. */
  input?: unknown;
}

export const catalogue = {
  publicMenu: {
    machine: publicMenuMachine,
    spec: '§2 Public layout, §4 Mobile menus, §9',
    summary: 'The public menu at 992 px or less: open, a 500 ms closing fade, closed.',
  },
  emailForm: {
    machine: emailFormMachine,
    spec: '§2 Newsletter modal, Forgot-password page; §4; §5',
    summary: 'One required email field; a filled one goes home.',
    events: {
      'email.change': [
        { type: 'email.change', value: '' },
        { type: 'email.change', value: 'ana@example.com' },
      ],
    },
  },
  newsletter: {
    machine: newsletterMachine,
    spec: '§2 Landing page, Newsletter modal; §4',
    summary: 'Get Started opens the newsletter modal; its email form closes it when submitted.',
  },
} satisfies Record<string, CatalogueEntry>;

export type MachineId = keyof typeof catalogue;
