// The catalogue of every statechart in the app. Path tests, the charts script and the inspector panel walk it,
// so a machine listed here is tested, drawn and inspectable without further edits.
import type { AnyStateMachine, EventObject } from 'xstate';
import { analyticsConnectMachine } from './analyticsConnect.machine';
import { archiveChatMachine, type ArchiveChatContext } from './archiveChat.machine';
import { emailFormMachine } from './emailForm.machine';
import { googleSignInMachine } from './googleSignIn.machine';
import { loginMachine } from './login.machine';
import { passwordProblem } from './passwordPolicy';
import { profileCompletionMachine } from './profileCompletion.machine';
import { registrationMachine, type RegistrationContext } from './registration.machine';
import { logoutConfirmMachine } from './logoutConfirm.machine';
import { newsletterMachine } from './newsletter.machine';
import { publicMenuMachine } from './publicMenu.machine';
import { sessionMachine, type SessionContext } from './session.machine';
import { changePasswordMachine } from './changePassword.machine';
import { connectAccountsMachine } from './connectAccounts.machine';
import { deleteAccountMachine } from './deleteAccount.machine';
import { notificationsMachine } from './notifications.machine';
import { payoutBankMachine } from './payoutBank.machine';
import { MissingTokenError, profileMachine, type ProfileContext } from './profile.machine';
import { sideMenuMachine } from './sideMenu.machine';
import { withdrawMachine } from './withdraw.machine';
import type { User } from './types';

/** A complete profile for fixtures (path tests and the inspector's sample events). */
export const sampleUser: User = {
  first_name: 'Ana',
  last_name: 'García',
  email: 'ana@example.com',
  image: null,
  date_birth: '1995-04-12',
  gender: 'Female',
  country: 'Mexico',
  city: 'Guadalajara',
  zipcode: '44100',
  address: 'Av. Chapultepec 15',
  language: 'Mexico',
  about: null,
  job_title: null,
  tier: 1,
  category: 'Gaming',
  goals: null,
  type_content: 'Speedruns and retro games',
  type_account: 'Influencer',
};

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
  events?: Record<string, Array<EventObject & Record<string, unknown>>>;
  /** Inputs for machines that take one; paths are generated from each (to reach input-guarded branches). */
  inputs?: unknown[];
  /** Maps context to what distinguishes states for path generation (to keep counters from growing the graph forever). */
  abstract?: (context: never) => unknown;
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
  session: {
    machine: sessionMachine,
    spec: '§3 Session storage, §4 Signed in or out, Logout, §7 GET /api/user',
    summary: 'Signed out or in from the stored jwt; loads the user; holds the global loading flag; logout.',
    inputs: [{ jwt: null }, { jwt: 'stored.jwt.token' }],
    abstract: (context: SessionContext) => ({ holding: context.holds > 0 }),
    events: {
      'session.signIn': [{ type: 'session.signIn', token: 'new.jwt.token', info: { method: 'password', signedInAt: '2024-01-01T00:00:00.000Z' } }],
      'user.updated': [{ type: 'user.updated', user: sampleUser }],
      'xstate.done.actor.loadUser': [{ type: 'xstate.done.actor.loadUser', output: sampleUser }],
    },
  },
  login: {
    machine: loginMachine,
    spec: '§2 Login screen, §3 Login payload, §5, §7, §8',
    summary: 'Email and password; empty fields are refused; success stores the token and opens the dashboard.',
    events: {
      'field.change': [
        { type: 'field.change', field: 'email', value: '' },
        { type: 'field.change', field: 'email', value: 'ana@example.com' },
        { type: 'field.change', field: 'password', value: '' },
        { type: 'field.change', field: 'password', value: 'Castbridge!2024' },
      ],
      'xstate.done.actor.authenticate': [{ type: 'xstate.done.actor.authenticate', output: 'issued.jwt.token' }],
    },
    abstract: (context: { email: string; password: string }) => ({ email: context.email !== '', password: context.password !== '' }),
  },
  googleSignIn: {
    machine: googleSignInMachine,
    spec: '§2 Login screen, §7 firebase-login, §8',
    summary: 'Google popup, then the API exchanges the ID token; a falsy result alerts, a failure is logged.',
    events: {
      'xstate.done.actor.popup': [
        { type: 'xstate.done.actor.popup', output: 'firebase.id.token' },
        { type: 'xstate.done.actor.popup', output: null },
      ],
      'xstate.done.actor.exchange': [
        { type: 'xstate.done.actor.exchange', output: 'issued.jwt.token' },
        { type: 'xstate.done.actor.exchange', output: null },
      ],
    },
    abstract: (context: { idToken: string | null }) => ({ idToken: Boolean(context.idToken) }),
  },
  registration: {
    machine: registrationMachine,
    spec: '§2 Register screen, §3 Registration payload, §4 Registration wizard, §5, §8',
    summary: 'Influencer or Advertiser, a 1 s step animation, then email and password checked against the server policy.',
    events: {
      'account.choose': [
        { type: 'account.choose', accountType: 'Advertiser' },
        { type: 'account.choose', accountType: 'Influencer' },
      ],
      'field.change': [
        { type: 'field.change', field: 'email', value: '' },
        { type: 'field.change', field: 'email', value: 'ana@example.com' },
        { type: 'field.change', field: 'password', value: '' },
        { type: 'field.change', field: 'password', value: 'short1' },
        { type: 'field.change', field: 'password', value: 'Castbridge!2024' },
        { type: 'field.change', field: 'confirmPassword', value: 'Castbridge!2024' },
      ],
      'agreement.toggle': [{ type: 'agreement.toggle', agreed: false }],
      'xstate.done.actor.loadPolicy': [{ type: 'xstate.done.actor.loadPolicy', output: { minLength: 8, maxLength: 128 } }],
      'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: 'issued.jwt.token' }],
    },
    abstract: (context: RegistrationContext) => ({
      account: context.accountType,
      email: context.email !== '',
      password: context.password === '' ? 'empty' : passwordProblem(context.password, context.policy) ? 'weak' : 'ok',
    }),
  },
  profileCompletion: {
    machine: profileCompletionMachine,
    spec: '§2 Complete-register screen, §3 Profile completion payload, §4 Profile completion, §9',
    summary: 'Two steps with a 50 %/100 % progress bar; Finish saves the profile and opens the dashboard.',
    events: {
      'field.change': [{ type: 'field.change', field: 'first_name', value: 'Ana' }],
      'xstate.done.actor.saveProfile': [
        { type: 'xstate.done.actor.saveProfile', output: { message: 'Perfil actualizado correctamente' } },
        { type: 'xstate.done.actor.saveProfile', output: null },
      ],
    },
    abstract: () => null,
  },
  logoutConfirm: {
    machine: logoutConfirmMachine,
    spec: '§2 Logout modal, §4 Logout, §8',
    summary: 'Log Out asks for confirmation; Yes logs out, No closes and reports "Ha ocurrido un error".',
  },
  analyticsConnect: {
    machine: analyticsConnectMachine,
    spec: '§2 Analytics, §4 Analytics, §9',
    summary: 'Connect, then Twitch and YouTube tabs; the under-construction warning shows 10 s, fades 300 ms, is gone.',
    events: {
      'tab.select': [
        { type: 'tab.select', tab: 'youtube' },
        { type: 'tab.select', tab: 'twitch' },
      ],
    },
  },
  withdraw: {
    machine: withdrawMachine,
    spec: '§2 Withdraw modal and result modals, §3 Withdraw form, §4 Earnings, §8',
    summary: 'Withdraw opens the modal; Cancel reports an error, Withdraw a success; the result is logged and its modal shown until Retry.',
    events: {
      'amount.change': [{ type: 'amount.change', value: '1289' }],
      'method.change': [
        { type: 'method.change', method: 'Influencer' },
        { type: 'method.change', method: 'Advertiser' },
      ],
      'xstate.done.actor.requestPayout': [{ type: 'xstate.done.actor.requestPayout', output: { amount: '1289', method: 'Influencer' } }],
    },
    // The form's values do not change what the flow can do next; only the state does.
    abstract: () => ({}),
  },
  archiveChat: {
    machine: archiveChatMachine,
    spec: '§2 Archive Chat, §3 Archive chat form, §4 Archive chat',
    summary: 'Choose Twitch or Youtube and a date; the three videos appear once a platform is chosen.',
    events: {
      'platform.select': [
        { type: 'platform.select', platform: 'twitch' },
        { type: 'platform.select', platform: 'youtube' },
      ],
      'date.change': [{ type: 'date.change', value: '2024-05-01' }],
      'video.select': [{ type: 'video.select', videoId: 'twitch-1' }],
    },
    abstract: (context: ArchiveChatContext) => ({ platform: context.platform !== null }),
  },
  sideMenu: {
    machine: sideMenuMachine,
    spec: '§2 Dashboard shell, §4 Mobile menus',
    summary: 'The dashboard side menu on small screens: open or closed; closes on navigation and Escape.',
  },
  notifications: {
    machine: notificationsMachine,
    spec: '§2 Notifications modal, §4 Notifications, §9',
    summary: 'The notifications modal; Clear All fades the cards 100 ms apart, each hidden 1,500 ms after its fade starts.',
    inputs: [{ count: 2 }],
  },
  profile: {
    machine: profileMachine,
    spec: '§2 My Profile, §3, §4 My Profile, §5, §7, §8, §9',
    summary: 'My Profile: load, read view, edit, save (back to read 1 s after success), photo upload with local preview.',
    abstract: (context: ProfileContext) => ({ loaded: context.profile !== null, preview: context.preview !== null, notice: context.notice, failed: context.loadError !== null }),
    events: {
      'field.change': [{ type: 'field.change', field: 'city', value: 'Austin' }],
      'photo.select': [
        { type: 'photo.select', file: { name: 'me.png', type: 'image/png' }, previewUrl: 'blob:preview-image' },
        { type: 'photo.select', file: { name: 'notes.txt', type: 'text/plain' }, previewUrl: 'blob:preview-text' },
      ],
      'xstate.done.actor.loadProfile': [{ type: 'xstate.done.actor.loadProfile', output: sampleUser }],
      'xstate.done.actor.saveProfile': [{ type: 'xstate.done.actor.saveProfile', output: { ...sampleUser, city: 'Austin' } }],
      'xstate.error.actor.saveProfile': [
        { type: 'xstate.error.actor.saveProfile', error: new Error('Simulated failure') },
        { type: 'xstate.error.actor.saveProfile', error: new MissingTokenError() },
      ],
      'xstate.done.actor.uploadPhoto': [{ type: 'xstate.done.actor.uploadPhoto', output: { photoUrl: '/uploads/sample.png' } }],
    },
  },
  changePassword: {
    machine: changePasswordMachine,
    spec: '§2 Settings, §4 Change password',
    summary: 'Change Password reveals three fields; Discard and Change both collapse them, with no call.',
  },
  deleteAccount: {
    machine: deleteAccountMachine,
    spec: '§2 Settings, §4 Delete dialog, §9',
    summary: 'The delete-account dialog: Yes, Delete goes to /, No, Cancel closes; no call.',
  },
  payoutBank: {
    machine: payoutBankMachine,
    spec: '§2 Set Payout Method, §4 Payout bank',
    summary: 'Bank Account: Connect opens the dialog, its Connect shows a sample bank chip, Disconnect clears it; local only.',
  },
  connectAccounts: {
    machine: connectAccountsMachine,
    spec: '§2 Connect Accounts, §4 Twitch and YouTube cards',
    summary: 'The Twitch and YouTube cards each toggle Connect and Disconnect, locally only.',
  },
} satisfies Record<string, CatalogueEntry>;

export type MachineId = keyof typeof catalogue;
