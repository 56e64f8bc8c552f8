// The dashboard side menu below 992 px (docs/spec.md §2 Dashboard shell, §4 Mobile menus), replayed along sideMenu's
// recorded paths on the real dashboard shell: Open menu shows the drawer and moves focus to its Close menu; closing it
// gives focus back to the menu button; following one of its links leaves it closed on the new page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { sampleUser } from '@/machines/accounts/samples';
import { DashboardLayout } from '@/src/shell/DashboardLayout';
import { renderScreen } from './harness';
import { walkScreens } from './screens';
import { silentNotifications } from './silentNotifications';

const toggle = () => screen.getByRole('button', { name: 'Open menu' });
const drawer = () => screen.getByRole('complementary', { name: 'Side menu' });
const closeButton = () => within(drawer()).getByRole('button', { name: 'Close menu' });

walkScreens('sideMenu', {
  async mount() {
    const notifications = silentNotifications();
    // The shell stays mounted across the dashboard's pages, as under the app's layout route.
    const view = renderScreen(<DashboardLayout logic={{ notifications }} />, {
      path: '/*',
      url: '/dashboard',
      jwt: 'session.jwt',
    });
    // The signed-in creator, whose links the drawer lists.
    act(() => view.session().send({ type: 'user.updated', user: { ...sampleUser, role: 'creator' } }));
    /** Where the person is, and how the drawer was last closed. */
    const answers = { page: '/dashboard', dismissed: false };
    return {
      view,
      answers,
      gestures: {
        'menu.open': () => fireEvent.click(toggle()),
        'menu.close': () => {
          answers.dismissed = true;
          fireEvent.click(closeButton());
        },
        'route.change': () => {
          answers.dismissed = false;
          answers.page = '/earnings';
          fireEvent.click(within(drawer()).getByRole('link', { name: 'Earnings' }));
        },
      },
    };
  },
  states: {
    // The drawer is closed on the current page; closed by its Close menu, focus is back on the menu button.
    closed: async ({ view, answers }) => {
      expect(drawer()).toHaveAttribute('data-state', 'closed');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(view.location()).toBe(answers.page);
      if (answers.dismissed) await waitFor(() => expect(toggle()).toHaveFocus());
      else expect(toggle()).not.toHaveFocus();
    },
    // The drawer is shown with the creator's links, and focus is on its Close menu.
    open: async ({ view, answers }) => {
      expect(drawer()).toHaveAttribute('data-state', 'open');
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(toggle()).toHaveAttribute('aria-controls', drawer().id);
      expect(within(drawer()).getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/earnings');
      expect(view.location()).toBe(answers.page);
      await waitFor(() => expect(closeButton()).toHaveFocus());
    },
  },
});
