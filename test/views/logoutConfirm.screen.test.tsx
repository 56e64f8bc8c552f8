// The Log Out confirmation (docs/spec.md §2 Logout modal, §4 Logout, §8 "Ha ocurrido un error"), replayed along
// logoutConfirm's recorded paths on the real dashboard shell: the profile menu's Log Out opens the modal, Yes logs out
// through the session, No reports the spec's error object, Escape simply closes.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { messages } from '@/src/messages';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { renderScreen } from './harness';
import { walkScreens } from './screens';
import { silentNotifications } from './silentNotifications';

afterEach(() => vi.restoreAllMocks());

const TITLE = 'Are you sure you want to log out?';
walkScreens('logoutConfirm', {
  async mount() {
    // The spec's Cancel reports an error object; it is logged (kept out of the test output, and read below).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifications = silentNotifications();
    const view = renderScreen(<DashboardLayout logic={{ notifications }} />, {
      path: '/dashboard',
      jwt: 'session.jwt',
    });
    // The shell's lazy modals and the profile menu's panel, loaded as a first use would.
    await act(async () => {
      await import('@/src/shell/LogoutDialog');
      await import('@/src/notifications/NotificationsModal');
      await import('@/src/shell/ProfileMenuPanel');
    });
    /** What the person answered so far. */
    const answers = { confirmed: false, cancels: 0 };
    const dialog = () => screen.getByRole('alertdialog', { name: TITLE });
    const cancelReports = () =>
      logged.mock.calls.filter(([error]) => error instanceof Error && error.message === messages.genericError).length;
    return {
      view,
      answers,
      dialog,
      cancelReports,
      gestures: {
        'logout.open': async () => {
          fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
          fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
        },
        'logout.confirm': () => {
          answers.confirmed = true;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, Log Out' }));
        },
        'logout.cancel': () => {
          answers.cancels += 1;
          fireEvent.click(within(dialog()).getByRole('button', { name: 'No, Cancel' }));
        },
        'logout.dismiss': () => fireEvent.keyDown(dialog(), { key: 'Escape' }),
      },
    };
  },
  states: {
    // No modal; the session signed out only after Yes; each No reported "Ha ocurrido un error".
    closed: async ({ view, answers, cancelReports }) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
      const session = view.session().getSnapshot();
      expect(session.matches('signedOut')).toBe(answers.confirmed);
      expect(session.context.jwt).toBe(answers.confirmed ? null : 'session.jwt');
      expect(cancelReports()).toBe(answers.cancels);
    },
    // The modal asks, both answers ready; still signed in.
    open: ({ view, dialog, answers, cancelReports }) => {
      expect(dialog()).toHaveTextContent('Please confirm if you want to log out.');
      expect(within(dialog()).getByRole('button', { name: 'Yes, Log Out' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'No, Cancel' })).toBeEnabled();
      expect(view.session().getSnapshot().matches('signedIn')).toBe(true);
      expect(cancelReports()).toBe(answers.cancels);
    },
  },
});
